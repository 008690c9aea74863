import { z } from 'zod';
import { BIO_MAX, MAX_AGE, MIN_AGE, SEXES } from './constants.js';
import { INTEREST_MAX_LENGTH, INTERESTS_MAX, normalizeInterests } from './profile.js';
import { personName, plainText } from './text.js';

const requiredText = (field: string, message: string, max: number, tooLong: string) =>
  plainText(z.string({ error: message }).trim().min(1, message).max(max, tooLong), field);

/**
 * docs/product.md §5 "Profile form": the one schema the profile form and `PUT /api/profile` both use,
 * with the spec's messages.
 */
export const profileFormSchema = z.object({
  firstName: personName('First name', 'First name is required', 100, 'First name is too long'),
  lastName: personName('Last name', 'Last name is required', 100, 'Last name is too long'),
  bio: plainText(z.string().trim().max(BIO_MAX, 'Bio must be less than 500 characters'), 'Bio')
    .optional()
    .transform((v) => v ?? ''),
  age: z.coerce
    .number({ error: 'Invalid age' })
    .int('Invalid age')
    .min(MIN_AGE, 'Must be at least 18')
    .max(MAX_AGE, 'Invalid age'),
  location: requiredText('Location', 'Location is required', 255, 'Location is too long'),
  country: requiredText('Country', 'Country is required', 100, 'Country is too long'),
  zipCode: requiredText('Zip code', 'Zip code is required', 20, 'Zip code is too long'),
  interests: z
    .array(
      plainText(
        z.string().max(INTEREST_MAX_LENGTH, `Each interest must be at most ${INTEREST_MAX_LENGTH} characters`),
        'An interest',
      ),
    )
    .max(INTERESTS_MAX, `Add at most ${INTERESTS_MAX} interests`)
    .optional()
    .transform((list) => normalizeInterests(list ?? [])),
  sex: z.enum(SEXES, { error: 'Please select your gender' }),
  openToDatesWith: z
    .array(z.enum(SEXES, { error: 'Please select at least one dating preference' }), {
      error: 'Please select at least one dating preference',
    })
    .min(1, 'Please select at least one dating preference')
    .transform((list) => [...new Set(list)]),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

/** GET /api/profile/stats: the three stat cards of docs/product.md §2. */
export const profileStatsSchema = z.object({
  auctionsCreated: z.number(),
  bidsPlaced: z.number(),
  activeConversations: z.number(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;
