import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db } from '../../../db/client.js';
import { findMember } from '../../users/users.service.js';
import { resolveProviderAccount, type AccountDecision } from './provider-accounts.js';
import type { ProviderProfile } from './provider-catalog.js';
import type { ProviderClient } from './provider-clients.js';
import {
  deleteExpiredOauthTransactions,
  insertOauthTransaction,
  takeOauthTransaction,
} from './oauth-transactions.repository.js';

/** docs/engineering.md §5 asks for short-lived sign-in secrets; ten minutes is ample to type a password at a provider. */
export const OAUTH_TRANSACTION_LIFETIME_MS = 10 * 60 * 1000;

/** A sign-in that cannot finish. `reason` is for the log only; the browser just sees provider_failed. */
export class ProviderSignInError extends Error {
  override name = 'ProviderSignInError';
}

export interface ProviderSignInDeps {
  db: Db;
  now: () => Date;
}

export interface StartedSignIn {
  authorizationUrl: URL;
  /** Goes into the browser-binding cookie; only its SHA-256 is stored with the transaction. */
  browserBinding: string;
}

/**
 * Starts a sign-in: the state, nonce and PKCE verifier stay server-side, keyed by state, so
 * the callback finds them even when it arrives as Apple's cross-site POST (docs/engineering.md §5).
 */
export async function startProviderSignIn(
  deps: ProviderSignInDeps,
  client: ProviderClient,
  signedInUserId: string | undefined,
): Promise<StartedSignIn> {
  const request = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  // Discovery first: if the provider is unreachable, nothing is stored.
  const authorizationUrl = await client.buildAuthorizationUrl(request);
  const now = deps.now();
  // The cookie, not the session, carries who started the flow: Apple's POST back arrives
  // without the SameSite=Lax session cookie, yet linking must still reach the right account.
  // Its hash is stored, so the user id in it cannot be swapped.
  const browserBinding = [randomBytes(32).toString('base64url'), signedInUserId ?? ''].join('.');
  await deleteExpiredOauthTransactions(deps.db, now);
  await insertOauthTransaction(deps.db, {
    state: request.state,
    provider: client.provider,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    browserBindingHash: sha256Hex(browserBinding),
    returnTo: '/',
    expiresAt: new Date(now.getTime() + OAUTH_TRANSACTION_LIFETIME_MS),
    createdAt: now,
  });
  return { authorizationUrl, browserBinding };
}

export interface ProviderCallback {
  parameters: URLSearchParams;
  /** The browser-binding cookie, if the browser sent it. */
  browserBinding: string | undefined;
  /** False only where the browser cannot send the cookie (a cross-site POST over plain http). */
  isBrowserBindingRequired: boolean;
  signedInUserId: string | undefined;
  /**
   * True for Apple's cross-site POST, which never carries the SameSite=Lax session cookie: who
   * was signed in is then read from the binding cookie. A GET callback does carry the session,
   * so there the session alone decides (someone who signed out meanwhile is not linked).
   */
  isSessionCookieWithheld: boolean;
  /** Names Apple posts once, outside the ID token, on a person's first sign-in. */
  fallbackName?: { givenName: string | undefined; familyName: string | undefined };
}

export interface FinishedSignIn {
  decision: AccountDecision;
  returnTo: string;
}

export async function finishProviderSignIn(
  deps: ProviderSignInDeps,
  client: ProviderClient,
  callback: ProviderCallback,
): Promise<FinishedSignIn> {
  const state = callback.parameters.get('state');
  if (!state) throw new ProviderSignInError('the callback has no state');
  // Taken (deleted) before anything else, so even a failed callback burns its state.
  const transaction = await takeOauthTransaction(deps.db, state);
  if (!transaction) throw new ProviderSignInError('unknown or already used state');
  if (transaction.provider !== client.provider) throw new ProviderSignInError('state belongs to another provider');
  if (transaction.expiresAt.getTime() <= deps.now().getTime()) throw new ProviderSignInError('expired state');

  const binding = callback.browserBinding;
  if (binding === undefined) {
    if (callback.isBrowserBindingRequired) throw new ProviderSignInError('browser-binding cookie missing');
  } else if (!transaction.browserBindingHash || !hexDigestsEqual(sha256Hex(binding), transaction.browserBindingHash)) {
    throw new ProviderSignInError('browser-binding cookie does not match');
  }

  const profile = await client.exchangeCode(callback.parameters, {
    state,
    nonce: transaction.nonce,
    codeVerifier: transaction.codeVerifier,
  });
  const startedByUserId = callback.isSessionCookieWithheld ? binding?.split('.')[1] || undefined : undefined;
  const signedInUserId = await findExistingUserId(deps.db, callback.signedInUserId ?? startedByUserId);
  const decision = await resolveProviderAccount(deps.db, {
    provider: client.provider,
    profile: withFallbackName(profile, callback),
    signedInUserId,
  });
  return { decision, returnTo: transaction.returnTo ?? '/' };
}

/** A session can outlive its account; linking to a deleted user would fail on the foreign key. */
async function findExistingUserId(db: Db, userId: string | undefined): Promise<string | undefined> {
  if (!userId) return undefined;
  return (await findMember(db, userId))?.id;
}

function withFallbackName(profile: ProviderProfile, callback: ProviderCallback): ProviderProfile {
  const fallback = callback.fallbackName;
  if (!fallback) return profile;
  return {
    ...profile,
    givenName: profile.givenName ?? fallback.givenName,
    familyName: profile.familyName ?? fallback.familyName,
  };
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function hexDigestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
