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
  },
  signOutByLink: {
    method: 'GET',
    path: '/api/logout',
    access: 'public',
  },
  signOut: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
  },
  startProviderSignIn: {
    method: 'GET',
    path: '/api/login',
    access: 'public',
  },
  finishProviderSignIn: {
    method: 'GET',
    path: '/api/callback/:provider',
    access: 'public',
  },
  finishProviderSignInByForm: {
    method: 'POST',
    path: '/api/callback/:provider',
    access: 'public',
  },
  sendSignInCode: {
    method: 'POST',
    path: '/api/auth/send-otp',
    access: 'public',
  },
  verifySignInCode: {
    method: 'POST',
    path: '/api/auth/verify-otp',
    access: 'public',
  },
  completeEmailAuth: {
    method: 'POST',
    path: '/api/auth/complete-email-auth',
    access: 'public',
  },
  sendPasswordResetCode: {
    method: 'POST',
    path: '/api/auth/reset-password/send-code',
    access: 'public',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
  },
});
