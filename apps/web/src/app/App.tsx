import { APP_ROUTES, nextOnboardingStep } from '@bid/contract';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/app/Header';
import { HeaderPlaceholder, PublicHeader } from '@/app/PublicHeader';
import { PageLoading } from '@/components/layout/PageLoading';
import { LazyToaster } from '@/components/ui/LazyToaster';
import { AUTH_USER_KEY, useAuth } from '@/lib/useAuth';
import { PushPrompt } from '@/features/notification-settings';
import { startsSignedOut } from '@/lib/config';
import { createQueryClient } from '@/lib/queryClient';
import { useRealtimeConnection } from '@/lib/realtime';
import { applyPalette, paletteFor } from '@/lib/theme';
import { useScrollToTopOnNavigate } from '@/lib/useScrollToTopOnNavigate';
import { useVisualViewportInsets } from '@/lib/visualViewport';
import { startServerClock } from '@/lib/serverClock';
import { AppRoutes } from './routes';

function Shell() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const isOnboarding = user?.onboarding ? nextOnboardingStep(user.onboarding) !== null : false;

  // docs/product.md §4: theme colours follow the signed-in user's normalised gender.
  useEffect(() => applyPalette(paletteFor(user?.gender ?? user?.sex)), [user?.gender, user?.sex]);
  // docs/product.md §7: one real-time connection per tab, for visitors too (auction pages are public).
  // Back after a drop (an instance restarting, docs/deploy.md): refetch what may have changed meanwhile.
  useRealtimeConnection(user?.id ?? null, !isLoading, () => void queryClient.invalidateQueries());
  // A server whose test clock is on is ahead of the browser: follow its time (docs/payments.md).
  useEffect(() => {
    if (user) startServerClock();
  }, [user]);
  // Bottom sheets keep their input above a phone's keyboard (docs/web-app.md).
  useVisualViewportInsets();
  // A new page opens at its top; Back keeps its place (docs/web-app.md "Header, loading, scroll position, lists").
  useScrollToTopOnNavigate(location);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {/* One header everywhere (docs/web-app.md "Header, loading, scroll position, lists"): the member's, the visitor's, or its
          place while the session is read. */}
      {user ? <Header user={user} /> : isLoading ? <HeaderPlaceholder /> : <PublicHeader />}
      <main id="main" className="flex flex-1 flex-col">
        {/* Onboarding asks about notifications itself: no second offer on top of it. */}
        {user && !isLoading && location !== APP_ROUTES.welcome && <PushPrompt />}
        {isLoading ? (
          <PageLoading />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <AppRoutes isAuthenticated={user !== null} isOnboarding={isOnboarding} />
          </Suspense>
        )}
      </main>
      {/* On a phone the Messages page is an app screen of the whole height: no footer under the
          chat (docs/web-app.md "Phone layout"); larger screens keep it. */}
      <Footer className={location === APP_ROUTES.messages ? 'max-md:hidden' : undefined} />
      <LazyToaster />
    </div>
  );
}

/** The query client, told up front that a visitor without a session is signed out (startsSignedOut). */
function createAppQueryClient() {
  const queryClient = createQueryClient();
  if (startsSignedOut) queryClient.setQueryData(AUTH_USER_KEY, null);
  return queryClient;
}

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
