import { defineRoutes } from '../endpoint.js';

/**
 * Signing in and out (docs/accounts.md, docs/sign-in-providers.md): the current member, e-mail
 * codes and passwords, sign-in providers and their callbacks.
 */
export const authRoutes = defineRoutes({
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/user',
    access: 'public',
    summary: 'The signed-in member; no content for a visitor without a session cookie, 401 for a session that ended.',
  },
  signOutByLink: {
    method: 'GET',
    path: '/api/logout',
    access: 'public',
    summary: 'Sign out from the app’s own link; any other request gets a page whose button signs out.',
  },
  signOut: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    summary: 'Sign out (the sign-out page’s button), then go to the home page.',
  },
  startProviderSignIn: {
    method: 'GET',
    path: '/api/login',
    access: 'public',
    summary: 'Go to the sign-in provider named, or back to the sign-in screen with a reason.',
  },
  finishProviderSignIn: {
    method: 'GET',
    path: '/api/callback/:provider',
    access: 'public',
    summary: 'The provider sends the browser back here: sign in, then go on, or back to the sign-in screen.',
  },
  finishProviderSignInByForm: {
    method: 'POST',
    path: '/api/callback/:provider',
    access: 'public',
    summary: 'The provider’s cross-site form post back (Apple): sign in, then go on, or back to the sign-in screen.',
  },
  sendSignInCode: {
    method: 'POST',
    path: '/api/auth/send-otp',
    access: 'public',
    summary: 'Mail a sign-in or sign-up code; with a password, only when it is right.',
  },
  verifySignInCode: {
    method: 'POST',
    path: '/api/auth/verify-otp',
    access: 'public',
    summary: 'Trade a right code for a short-lived, single-use verification token.',
  },
  completeEmailAuth: {
    method: 'POST',
    path: '/api/auth/complete-email-auth',
    access: 'public',
    summary: 'Finish e-mail sign-in or sign-up with the verification token and a password, and start the session.',
  },
  sendPasswordResetCode: {
    method: 'POST',
    path: '/api/auth/reset-password/send-code',
    access: 'public',
    summary: 'Mail a code to set a new password (the same answer for any address).',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    summary: 'Set a new password with the mailed code, end every other session and sign in.',
  },
});
