import type { PaymentsClientConfig } from '@bid/contract';

/** Run-time settings the server injects into index.html (see the server's web plugin). */
export interface PublicConfig {
  waitlistUrl: string;
  /** Soft-close window in seconds (0: off), explained on /faqs. */
  softCloseSeconds: number;
  /** Which payment provider saves cards: Stripe Elements with its key, or the offline sandbox's own form. */
  payments: PaymentsClientConfig;
  /** Hosting an auction needs a verified identity (REQUIRE_VERIFIED_HOSTS). */
  requireVerifiedHosts: boolean;
  /** The server's test clock is on (docs/payments.md): the app reads the server's time (serverClock.ts). */
  testClock: boolean;
}

const DEFAULT_CONFIG: PublicConfig = {
  waitlistUrl: '/login?mode=signup',
  softCloseSeconds: 120,
  payments: { provider: 'sandbox' },
  requireVerifiedHosts: false,
  testClock: false,
};

function readConfig(): PublicConfig {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) return DEFAULT_CONFIG;
  try {
    return { ...DEFAULT_CONFIG, ...(JSON.parse(content) as Partial<PublicConfig>) };
  } catch {
    return DEFAULT_CONFIG;
  }
}

export const publicConfig: PublicConfig = readConfig();

/**
 * True when the server saw no session cookie on the page's request (`app-session` none, its web
 * plugin): the visitor is signed out, so the app renders without asking GET /api/auth/user first
 * (docs/performance.md). Without the hint (the dev server) the app asks as usual.
 */
export const startsSignedOut: boolean =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="app-session"]')?.getAttribute('content') === 'none';
