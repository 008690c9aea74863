import type { ApiRoute } from '../endpoint.js';
import { healthRoutes } from './health.js';
import { authRoutes } from './auth.js';
import { accountRoutes } from './account.js';
import { onboardingRoutes } from './onboarding.js';
import { profileRoutes } from './profile.js';
import { uploadsRoutes } from './uploads.js';
import { auctionsRoutes } from './auctions.js';
import { bidsRoutes } from './bids.js';
import { watchlistRoutes } from './watchlist.js';
import { savedSearchesRoutes } from './saved-searches.js';
import { searchRoutes } from './search.js';
import { paymentsRoutes } from './payments.js';
import { payoutsRoutes } from './payouts.js';
import { datesRoutes } from './dates.js';
import { feedbackRoutes } from './feedback.js';
import { sandboxClockRoutes } from './sandbox-clock.js';
import { messagesRoutes } from './messages.js';
import { notificationsRoutes } from './notifications.js';
import { usersRoutes } from './users.js';
import { blocksRoutes } from './blocks.js';
import { reportsRoutes } from './reports.js';
import { moderationRoutes } from './moderation.js';
import { identityRoutes } from './identity.js';

/**
 * Every API endpoint's route line by name: what the web client needs at run time to call one
 * (`api(name, input)` in the web app), without any schema.
 */
export const apiRoutes = {
  ...healthRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...onboardingRoutes,
  ...profileRoutes,
  ...uploadsRoutes,
  ...auctionsRoutes,
  ...bidsRoutes,
  ...watchlistRoutes,
  ...savedSearchesRoutes,
  ...searchRoutes,
  ...paymentsRoutes,
  ...payoutsRoutes,
  ...datesRoutes,
  ...feedbackRoutes,
  ...sandboxClockRoutes,
  ...messagesRoutes,
  ...notificationsRoutes,
  ...usersRoutes,
  ...blocksRoutes,
  ...reportsRoutes,
  ...moderationRoutes,
  ...identityRoutes,
} satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type EndpointName = keyof ApiRoutes;
