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
    responses: { 200: currentUserSchema, 204: null },
    errors: ['unauthorized'],
  }),
  signOutByLink: defineEndpoint(routes.signOutByLink, {
    responses: {
      200: { contentType: 'text/html', description: 'A page whose button signs out (a request not from the app).' },
      302: toHomePage,
    },
    errors: [],
  }),
  // The sign-out page's form posts an empty url-encoded body; whatever is sent is ignored.
  signOut: defineEndpoint(routes.signOut, {
    body: noBodySchema,
    responses: { 303: toHomePage },
    errors: [],
  }),
  startProviderSignIn: defineEndpoint(routes.startProviderSignIn, {
    query: providerSignInQuerySchema,
    responses: { 302: onFromProvider },
    errors: [],
  }),
  finishProviderSignIn: defineEndpoint(routes.finishProviderSignIn, {
    params: providerParamsSchema,
    responses: { 302: onFromProvider },
    errors: [],
  }),
  // A form body (application/x-www-form-urlencoded) from the provider's site.
  finishProviderSignInByForm: defineEndpoint(routes.finishProviderSignInByForm, {
    params: providerParamsSchema,
    body: formBodySchema,
    responses: { 303: onFromProvider },
    errors: [],
  }),
  sendSignInCode: defineEndpoint(routes.sendSignInCode, {
    body: sendOtpSchema,
    responses: { 200: sendCodeResponseSchema },
    errors: ['invalid_credentials'],
  }),
  verifySignInCode: defineEndpoint(routes.verifySignInCode, {
    body: verifyOtpSchema,
    responses: { 200: verifyOtpResponseSchema },
    errors: ['bad_request'],
  }),
  completeEmailAuth: defineEndpoint(routes.completeEmailAuth, {
    body: completeEmailAuthSchema,
    responses: { 200: signedInResponseSchema },
    errors: ['bad_request', 'invalid_credentials', 'account_suspended', 'conflict'],
  }),
  sendPasswordResetCode: defineEndpoint(routes.sendPasswordResetCode, {
    body: resetPasswordSendCodeSchema,
    responses: { 200: sendCodeResponseSchema },
    errors: [],
  }),
  resetPassword: defineEndpoint(routes.resetPassword, {
    body: resetPasswordSchema,
    responses: { 200: signedInResponseSchema },
    errors: ['bad_request', 'no_account', 'account_suspended'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
