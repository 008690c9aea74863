import { lazy } from 'react';
import { APP_ROUTES } from '@bid/contract';
import { Route, Switch } from 'wouter';
import { BrowserRedirect, RedirectTo } from '@/components/layout/Redirect';
import { apiUrl } from '@/lib/apiClient';

// Every page is its own chunk, so the first load carries only what it shows (docs/engineering.md §6).
const LandingPage = lazy(() => import('@/pages/LandingPage'));
const BrowsePage = lazy(() => import('@/pages/BrowsePage'));
const LoginPage = lazy(() => import('@/pages/LoginPage'));
const ResetPasswordPage = lazy(() => import('@/pages/ResetPasswordPage'));
const HomePage = lazy(() => import('@/pages/HomePage'));
const OnboardingPage = lazy(() => import('@/pages/OnboardingPage'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage'));
const CreateAuctionPage = lazy(() => import('@/pages/CreateAuctionPage'));
const AuctionDetailPage = lazy(() => import('@/pages/AuctionDetailPage'));
const MessagesPage = lazy(() => import('@/pages/MessagesPage'));
const SearchPage = lazy(() => import('@/pages/SearchPage'));
const AboutPage = lazy(() => import('@/pages/static/AboutPage'));
const PrivacyPage = lazy(() => import('@/pages/static/PrivacyPage'));
const TermsPage = lazy(() => import('@/pages/static/TermsPage'));
const FaqsPage = lazy(() => import('@/pages/static/FaqsPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
const ModerationPage = lazy(() => import('@/pages/ModerationPage'));
const MemberPage = lazy(() => import('@/pages/MemberPage'));
const SandboxAuthenticatePage = lazy(() => import('@/pages/SandboxAuthenticatePage'));
const IdentitySandboxPage = lazy(() => import('@/pages/IdentitySandboxPage'));
const DateModePage = lazy(() => import('@/pages/DateModePage'));
const SharedDatePage = lazy(() => import('@/pages/SharedDatePage'));
const PayoutSandboxOnboardingPage = lazy(() => import('@/pages/PayoutSandboxOnboardingPage'));
const WatchingPage = lazy(() => import('@/pages/WatchingPage'));

/** Where a visitor who opens a members' page goes: the server's sign-in (docs/product.md §7). */
const SIGN_IN_URL = apiUrl('startProviderSignIn', { query: {} });

/**
 * The route table (docs/architecture.md), from the list the server shares (APP_ROUTES: it answers 404 for any other path). Logged-out visitors who open a signed-in page are sent to
 * sign in (/profile goes through /api/login, as the spec says); signed-in users who open
 * a logged-out page (/login, /browse) go home. A member with an onboarding step still pending
 * who opens home goes through onboarding first (docs/accounts.md "Onboarding"); other pages, such
 * as a shared auction link, open as they are.
 */
export function AppRoutes({
  isAuthenticated,
  isOnboarding = false,
}: {
  isAuthenticated: boolean;
  isOnboarding?: boolean;
}) {
  return (
    <Switch>
      <Route path={APP_ROUTES.home}>
        {!isAuthenticated ? <LandingPage /> : isOnboarding ? <RedirectTo to={APP_ROUTES.welcome} /> : <HomePage />}
      </Route>
      <Route path={APP_ROUTES.welcome}>{isAuthenticated ? <OnboardingPage /> : <RedirectTo to="/login" />}</Route>
      <Route path={APP_ROUTES.browse}>{isAuthenticated ? <RedirectTo to="/" /> : <BrowsePage />}</Route>
      <Route path={APP_ROUTES.login}>{isAuthenticated ? <RedirectTo to="/" /> : <LoginPage />}</Route>
      {/* A forgotten password (docs/accounts.md); open to members too, as a way to change it. */}
      <Route path={APP_ROUTES.resetPassword} component={ResetPasswordPage} />
      <Route path={APP_ROUTES.profile}>
        {isAuthenticated ? <ProfilePage /> : <BrowserRedirect to={SIGN_IN_URL} />}
      </Route>
      {/* The offline payment sandbox's stand-in for a bank's 3-D Secure page (docs/payments.md). */}
      <Route path={APP_ROUTES.sandboxAuthenticate}>
        {isAuthenticated ? <SandboxAuthenticatePage /> : <BrowserRedirect to={SIGN_IN_URL} />}
      </Route>
      {/* The offline identity partner's page (docs/trust-and-safety.md). */}
      <Route path={APP_ROUTES.identitySandbox}>
        {isAuthenticated ? <IdentitySandboxPage /> : <BrowserRedirect to={SIGN_IN_URL} />}
      </Route>
      {/* The offline payment sandbox's stand-in for Stripe's hosted payout onboarding (docs/the-date.md). */}
      <Route path={APP_ROUTES.payoutSandboxOnboarding}>
        {isAuthenticated ? <PayoutSandboxOnboardingPage /> : <BrowserRedirect to={SIGN_IN_URL} />}
      </Route>
      <Route path={APP_ROUTES.createAuction}>
        {isAuthenticated ? <CreateAuctionPage /> : <RedirectTo to="/login" />}
      </Route>
      <Route path={APP_ROUTES.watching}>{isAuthenticated ? <WatchingPage /> : <RedirectTo to="/login" />}</Route>
      <Route path={APP_ROUTES.messages}>{isAuthenticated ? <MessagesPage /> : <RedirectTo to="/login" />}</Route>
      <Route path={APP_ROUTES.search}>{isAuthenticated ? <SearchPage /> : <RedirectTo to="/login" />}</Route>
      {/* Auction pages are public so shared links work; bidding asks logged-out visitors to sign in. */}
      <Route path={APP_ROUTES.auction}>{(params) => <AuctionDetailPage id={params.id} />}</Route>
      {/* Date Mode (docs/the-date.md): the winner and the host; moderators read it. */}
      <Route path={APP_ROUTES.dateMode}>
        {(params) => (isAuthenticated ? <DateModePage id={params.id} /> : <RedirectTo to="/login" />)}
      </Route>
      {/* A trusted contact's read-only view of a shared date: public, the token is the key. */}
      <Route path={APP_ROUTES.sharedDate}>{(params) => <SharedDatePage token={params.token} />}</Route>
      {/* Moderators only; the page itself shows the 404 page to every other member. */}
      <Route path={APP_ROUTES.moderation}>{isAuthenticated ? <ModerationPage /> : <RedirectTo to="/login" />}</Route>
      <Route path={APP_ROUTES.member}>
        {(params) => (isAuthenticated ? <MemberPage id={params.id} /> : <RedirectTo to="/login" />)}
      </Route>
      <Route path={APP_ROUTES.about} component={AboutPage} />
      <Route path={APP_ROUTES.privacy} component={PrivacyPage} />
      <Route path={APP_ROUTES.terms} component={TermsPage} />
      <Route path={APP_ROUTES.faqs} component={FaqsPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
