import { currentUserSchema } from '../../auth.js';
import { profileFormSchema, profileStatsSchema } from '../../profile-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { profileRoutes as routes } from '../routes/profile.js';

/** The signed-in member's own profile (docs/product.md §2, §5). */
export const profileEndpoints = {
  // A name or bio the screening refuses is a 400 naming the field (docs/trust-and-safety.md "Screening").
  updateProfile: defineEndpoint(routes.updateProfile, {
    summary: 'Save the profile form; answers the updated member.',
    body: profileFormSchema,
    responses: { 200: currentUserSchema },
    errors: ['bad_request'],
  }),
  getProfileStats: defineEndpoint(routes.getProfileStats, {
    summary: 'The member’s counts: auctions created, bids placed, conversations.',
    responses: { 200: profileStatsSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
