import type { Endpoint } from '../endpoint.js';
import type { EndpointName } from '../routes/index.js';
import { healthEndpoints } from './health.js';
import { authEndpoints } from './auth.js';
import { accountEndpoints } from './account.js';
import { onboardingEndpoints } from './onboarding.js';
import { profileEndpoints } from './profile.js';
import { uploadsEndpoints } from './uploads.js';
import { auctionsEndpoints } from './auctions.js';
import { bidsEndpoints } from './bids.js';
import { watchlistEndpoints } from './watchlist.js';
import { savedSearchesEndpoints } from './saved-searches.js';
import { searchEndpoints } from './search.js';
import { paymentsEndpoints } from './payments.js';
import { payoutsEndpoints } from './payouts.js';
import { datesEndpoints } from './dates.js';
import { feedbackEndpoints } from './feedback.js';
import { sandboxClockEndpoints } from './sandbox-clock.js';
import { messagesEndpoints } from './messages.js';
import { notificationsEndpoints } from './notifications.js';
import { usersEndpoints } from './users.js';
import { blocksEndpoints } from './blocks.js';
import { reportsEndpoints } from './reports.js';
import { moderationEndpoints } from './moderation.js';
import { identityEndpoints } from './identity.js';

/**
 * Every API endpoint by name, with its schemas: the server registers its routes from these, the
 * OpenAPI document is generated from them, and the web client takes its types from them.
 */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...onboardingEndpoints,
  ...profileEndpoints,
  ...uploadsEndpoints,
  ...auctionsEndpoints,
  ...bidsEndpoints,
  ...watchlistEndpoints,
  ...savedSearchesEndpoints,
  ...searchEndpoints,
  ...paymentsEndpoints,
  ...payoutsEndpoints,
  ...datesEndpoints,
  ...feedbackEndpoints,
  ...sandboxClockEndpoints,
  ...messagesEndpoints,
  ...notificationsEndpoints,
  ...usersEndpoints,
  ...blocksEndpoints,
  ...reportsEndpoints,
  ...moderationEndpoints,
  ...identityEndpoints,
} satisfies Record<EndpointName, Endpoint>;

export type Endpoints = typeof endpoints;

// Every route line has its endpoint and every endpoint its route line (the `satisfies` above
// checks the first; this the second).
const everyEndpointHasARouteLine: Exclude<keyof Endpoints, EndpointName> extends never ? true : never = true;
void everyEndpointHasARouteLine;

export type { EndpointName } from '../routes/index.js';
export type { Endpoint, ResponseSpec } from '../endpoint.js';
