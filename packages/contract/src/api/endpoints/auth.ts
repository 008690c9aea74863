import {
  completeEmailAuthSchema,
  currentUserSchema,
  resetPasswordSchema,
  resetPasswordSendCodeSchema,
  sendCodeResponseSchema,
  sendOtpSchema,
  signedInResponseSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
} from '../../auth.js';
import { providerParamsSchema } from '../../id-schemas.js';
import { formBodySchema, noBodySchema, providerSignInQuerySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint, type RawResponse } from '../endpoint.js';
import { authRoutes as routes } from '../routes/auth.js';

const toHomePage: RawResponse = { contentType: 'text/plain', description: 'A redirect to the home page.' };
const onFromProvider: RawResponse = {
  contentType: 'text/plain',
  description:
    'A redirect: to the provider, to where the member was going, or to the sign-in screen with `?error=` giving the reason.',
};

/** Signing in and out (docs/accounts.md, docs/sign-in-providers.md). */
export const authEndpoints = {
  // The one public endpoint that answers 401: a session cookie was sent but its session ended.
  getCurrentUser: defineEndpoint(routes.getCurrentUser, {
    summary: 'The signed-in member; no content for a visitor without a session cookie, 401 for a session that ended.',
    responses: { 200: currentUserSchema, 204: null },
    errors: ['unauthorized'],
  }),
  signOutByLink: defineEndpoint(routes.signOutByLink, {
    summary: 'Sign out from the app’s own link; any other request gets a page whose button signs out.',
    responses: {
      200: { contentType: 'text/html', description: 'A page whose button signs out (a request not from the app).' },
      302: toHomePage,
    },
    errors: [],
  }),
  // The sign-out page's form posts an empty url-encoded body; whatever is sent is ignored.
  signOut: defineEndpoint(routes.signOut, {
    summary: 'Sign out (the sign-out page’s button), then go to the home page.',
    body: noBodySchema,
    responses: { 303: toHomePage },
    errors: [],
  }),
  startProviderSignIn: defineEndpoint(routes.startProviderSignIn, {
    summary: 'Go to the sign-in provider named, or back to the sign-in screen with a reason.',
    query: providerSignInQuerySchema,
    responses: { 302: onFromProvider },
    errors: [],
  }),
  finishProviderSignIn: defineEndpoint(routes.finishProviderSignIn, {
    summary: 'The provider sends the browser back here: sign in, then go on, or back to the sign-in screen.',
    params: providerParamsSchema,
    responses: { 302: onFromProvider },
    errors: [],
  }),
  // A form body (application/x-www-form-urlencoded) from the provider's site.
  finishProviderSignInByForm: defineEndpoint(routes.finishProviderSignInByForm, {
    summary: 'The provider’s cross-site form post back (Apple): sign in, then go on, or back to the sign-in screen.',
    params: providerParamsSchema,
    body: formBodySchema,
    responses: { 303: onFromProvider },
    errors: [],
  }),
  sendSignInCode: defineEndpoint(routes.sendSignInCode, {
    summary: 'Mail a sign-in or sign-up code; with a password, only when it is right.',
    body: sendOtpSchema,
    responses: { 200: sendCodeResponseSchema },
    errors: ['invalid_credentials'],
  }),
  verifySignInCode: defineEndpoint(routes.verifySignInCode, {
    summary: 'Trade a right code for a short-lived, single-use verification token.',
    body: verifyOtpSchema,
    responses: { 200: verifyOtpResponseSchema },
    errors: ['bad_request'],
  }),
  completeEmailAuth: defineEndpoint(routes.completeEmailAuth, {
    summary: 'Finish e-mail sign-in or sign-up with the verification token and a password, and start the session.',
    body: completeEmailAuthSchema,
    responses: { 200: signedInResponseSchema },
    errors: ['bad_request', 'invalid_credentials', 'account_suspended', 'conflict'],
  }),
  sendPasswordResetCode: defineEndpoint(routes.sendPasswordResetCode, {
    summary: 'Mail a code to set a new password (the same answer for any address).',
    body: resetPasswordSendCodeSchema,
    responses: { 200: sendCodeResponseSchema },
    errors: [],
  }),
  resetPassword: defineEndpoint(routes.resetPassword, {
    summary: 'Set a new password with the mailed code, end every other session and sign in.',
    body: resetPasswordSchema,
    responses: { 200: signedInResponseSchema },
    errors: ['bad_request', 'no_account', 'account_suspended'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
