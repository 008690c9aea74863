import type { FastifyInstance } from 'fastify';
import { HEX_DIGITS, screenedRandom } from './screened-random.js';
import { addSandboxCard } from './payments.js';
import { signInByEmail, withSession } from './session.js';

/** `label` and four random hex digits that the profile screening allows as a first name. */
export const randomFirstName = (label: string) =>
  `${label}${screenedRandom(4, 'profile', (hex) => `${label}${hex}`, HEX_DIGITS)}`;

/**
 * A profile that passes docs/product.md §5's completeness rule, for tests that need members who may bid,
 * host and message. Only the first name varies; nothing else about the member matters there.
 */
export const completeProfile = (firstName: string) => ({
  firstName,
  lastName: 'Tester',
  bio: '',
  age: 30,
  location: 'Austin, TX',
  country: 'United States',
  zipCode: '78701',
  interests: [],
  sex: 'male',
  openToDatesWith: ['female'],
});

/**
 * Signs a member up by e-mail with a complete profile (`completeProfile(firstName)`) and, given a
 * card number, a saved sandbox card: the member most tests need to bid, buy, host and message.
 */
export async function signUpWithProfile(
  app: FastifyInstance,
  email: string,
  firstName: string,
  card?: string,
  readCode?: (email: string) => string,
): Promise<{ id: string; cookie: string }> {
  const { cookie, body } = await signInByEmail(app, email, undefined, true, readCode);
  await saveProfile(app, cookie, completeProfile(firstName));
  if (card) await addSandboxCard(app, cookie, card);
  return { id: body.user.id, cookie };
}

/** Saves the signed-in member's profile through PUT /api/profile, as the profile dialog does. */
export async function saveProfile(
  app: FastifyInstance,
  cookie: string,
  profile: ReturnType<typeof completeProfile> | Record<string, unknown>,
): Promise<void> {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/profile',
    payload: profile,
    cookies: withSession(cookie),
  });
  if (saved.statusCode !== 200) throw new Error(`profile update failed: ${saved.statusCode} ${saved.body}`);
}
