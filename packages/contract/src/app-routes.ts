/**
 * The web app's pages, one list for the browser's router and the server (docs/architecture.md):
 * the server answers 404 for any other path (the app still renders its "not found" page) and
 * builds robots.txt from which pages are private.
 */
export const APP_ROUTES = {
  home: '/',
  browse: '/browse',
  login: '/login',
  resetPassword: '/reset-password',
  /** Onboarding right after sign-up (docs/accounts.md "Onboarding"). */
  welcome: '/welcome',
  profile: '/profile',
  sandboxAuthenticate: '/payments/sandbox/authenticate',
  identitySandbox: '/identity/sandbox',
  payoutSandboxOnboarding: '/payouts/sandbox-onboarding',
  createAuction: '/create-auction',
  watching: '/watching',
  messages: '/messages',
  search: '/search',
  auction: '/auction/:id',
  dateMode: '/auctions/:id/date',
  sharedDate: '/shared-date/:token',
  moderation: '/moderation',
  member: '/users/:id',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  faqs: '/faqs',
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

/** Pages that are someone's own or only for signing in: robots.txt asks crawlers to stay out. */
export const PRIVATE_APP_ROUTES: readonly AppRouteName[] = [
  'login',
  'resetPassword',
  'welcome',
  'profile',
  'sandboxAuthenticate',
  'identitySandbox',
  'payoutSandboxOnboarding',
  'createAuction',
  'watching',
  'messages',
  'search',
  'dateMode',
  'sharedDate',
  'moderation',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As the router matches: a `:name` segment is one non-empty segment; a trailing slash is allowed. */
const ROUTE_MATCHERS = Object.values(APP_ROUTES).map((pattern) => {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(pattern === '/' ? '^/$' : `^${body}/?$`);
});

/** Whether a path (no query) is one of the app's pages. Percent-encoded text is matched as sent. */
export function isAppRoute(pathname: string): boolean {
  return ROUTE_MATCHERS.some((matcher) => matcher.test(pathname));
}

/** The robots.txt the server serves: public pages allowed, the API and private pages not. */
export function robotsTxt(): string {
  const privatePrefixes = PRIVATE_APP_ROUTES.map((name) => APP_ROUTES[name].replace(/\/:.*$/, '/'));
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...[...new Set(privatePrefixes)].map((prefix) => `Disallow: ${prefix}`),
    '',
  ].join('\n');
}
