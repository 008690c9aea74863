import { z } from 'zod';
import { SEXES } from './constants.js';
import { onboardingStateSchema } from './onboarding.js';
import { SCREENING_CATEGORIES } from './screening.js';
import { USER_ROLES } from './trust.js';

/**
 * The signed-in member as the server presents them (GET /api/auth/user, and the routes that
 * answer with the updated member, such as PUT /api/profile/image). Dates are ISO strings.
 */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  /** The screening held the bio: others do not see it until a moderator approves it. */
  bioReview: z
    .object({
      status: z.literal('pending'),
      reasons: z.array(z.object({ category: z.enum(SCREENING_CATEGORIES), field: z.string(), excerpt: z.string() })),
    })
    .nullable(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  interests: z.array(z.string()),
  sex: z.enum(SEXES).nullable(),
  gender: z.enum(SEXES).nullable(),
  openToDatesWith: z.array(z.enum(SEXES)),
  identityVerificationStatus: z.string(),
  role: z.enum(USER_ROLES),
  onboarding: onboardingStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUserView = z.infer<typeof currentUserSchema>;
