import { formBodySchema, providerParamsSchema, SIGN_IN_PROVIDERS, type SignInProvider } from '@bid/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import { createProviderClient, type ProviderClient } from './provider-clients.js';
import { auditSessionEvent } from '../sign-in-audit.js';
import { completeSignIn } from '../complete-sign-in.js';
import { findMember } from '../../users/users.service.js';
import {
  finishProviderSignIn,
  OAUTH_TRANSACTION_LIFETIME_MS,
  startProviderSignIn,
  type ProviderSignInDeps,
} from './provider-sign-in.service.js';

const BROWSER_BINDING_COOKIE = 'oauth_binding';
/** Apple's form post is tiny (code, state, a little JSON); nothing bigger has a reason to arrive here. */
const CALLBACK_BODY_LIMIT_BYTES = 16 * 1024;

export interface ProviderSignInOptions {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'signInProviders'> & Partial<Pick<AppConfig, 'moderatorEmails'>>;
  now?: () => Date;
}

export interface ProviderSignIn {
  /** GET /api/login?provider=X: sends the browser to the provider, or back to /login with a reason. */
  startSignIn: (request: FastifyRequest, reply: FastifyReply, provider: string | undefined) => Promise<FastifyReply>;
  /** GET and POST /api/callback/:provider, in their own plugin so their form parser stays theirs. */
  callbackRoutes: (app: FastifyInstance) => Promise<void>;
}

export function createProviderSignIn(options: ProviderSignInOptions): ProviderSignIn {
  const deps: ProviderSignInDeps = { db: options.db, now: options.now ?? (() => new Date()) };
  const clients = new Map<SignInProvider, ProviderClient>();
  for (const provider of SIGN_IN_PROVIDERS) {
    const settings = options.config.signInProviders[provider];
    if (settings) clients.set(provider, createProviderClient(provider, settings, options.config.publicUrl));
  }

  const isHttps = options.config.publicUrl.startsWith('https://');
  // Apple answers with a cross-site form POST, which carries SameSite=Lax cookies no more than it
  // carries the session's. SameSite=None lets the binding cookie come along, but browsers only
  // accept None with Secure, i.e. over https; over plain http (development) it stays Lax, and the
  // POST callback then proceeds on the state alone. The path keeps it off every other request.
  const bindingCookie = {
    path: '/api/callback',
    httpOnly: true,
    secure: isHttps,
    sameSite: isHttps ? ('none' as const) : ('lax' as const),
  };

  return {
    async startSignIn(request, reply, provider) {
      if (!provider) return reply.redirect('/login');
      if (!isSignInProvider(provider)) return redirectToLogin(reply, 'provider_unknown');
      const client = clients.get(provider);
      if (!client) return redirectToLogin(reply, 'provider_unavailable');
      try {
        const started = await startProviderSignIn(deps, client, request.userId);
        reply.setCookie(BROWSER_BINDING_COOKIE, started.browserBinding, {
          ...bindingCookie,
          maxAge: OAUTH_TRANSACTION_LIFETIME_MS / 1000,
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(started.authorizationUrl.href);
      } catch (err) {
        logFailure(request, provider, err);
        return redirectToLogin(reply, 'provider_failed');
      }
    },

    async callbackRoutes(app) {
      // Scoped to this plugin: everywhere else a non-JSON body is still a 415 (docs/engineering.md §5).
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, new URLSearchParams(body as string)),
      );
      const r = app.withTypeProvider<ZodTypeProvider>();

      const handleCallback = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
        const isPost = request.method === 'POST';
        // 303 turns the POST into a GET of '/', as a browser would after any form.
        const status = isPost ? 303 : 302;
        const provider = request.params.provider;
        reply.header('cache-control', 'no-store');
        reply.clearCookie(BROWSER_BINDING_COOKIE, bindingCookie);
        const client = isSignInProvider(provider) ? clients.get(provider) : undefined;
        if (!client) {
          logFailure(request, provider, new Error('callback for a provider that is not enabled'));
          return redirectToLogin(reply, 'provider_failed', status);
        }
        const parameters = isPost ? readFormBody(request.body) : new URL(request.url, 'http://callback').searchParams;
        try {
          const finished = await finishProviderSignIn(deps, client, {
            parameters,
            browserBinding: request.cookies[BROWSER_BINDING_COOKIE],
            isBrowserBindingRequired: !isPost || isHttps,
            signedInUserId: request.userId,
            isSessionCookieWithheld: isPost,
            fallbackName: provider === 'apple' && isPost ? readApplePostedName(parameters.get('user')) : undefined,
          });
          if (finished.decision.kind === 'account-exists') {
            request.log.info({ provider }, 'provider sign-in refused: the e-mail belongs to another account');
            return redirectToLogin(reply, 'account_exists', status);
          }
          if (await isSuspended(deps.db, finished.decision.userId)) {
            // docs/trust-and-safety.md: the sign-in screen shows ACCOUNT_SUSPENDED_MESSAGE for this reason.
            await auditSessionEvent(deps.db, request, {
              action: 'login',
              outcome: 'failure',
              userId: finished.decision.userId,
              method: provider,
              reason: 'account_suspended',
            });
            return redirectToLogin(reply, 'account_suspended', status);
          }
          await completeSignIn(
            { db: deps.db, sessions: app.sessions, moderatorEmails: options.config.moderatorEmails ?? [] },
            request,
            reply,
            { userId: finished.decision.userId, method: provider, reason: finished.decision.how },
          );
          request.log.info({ provider, how: finished.decision.how }, 'provider sign-in');
          return reply.redirect(isLocalPath(finished.returnTo) ? finished.returnTo : '/', status);
        } catch (err) {
          logFailure(request, provider, err);
          await auditSessionEvent(deps.db, request, {
            action: 'login',
            outcome: 'failure',
            method: provider,
            reason: 'provider_failed',
          });
          return redirectToLogin(reply, 'provider_failed', status);
        }
      };

      r.get('/api/callback/:provider', { schema: { params: providerParamsSchema } }, handleCallback);
      r.post(
        '/api/callback/:provider',
        { schema: { params: providerParamsSchema, body: formBodySchema }, config: { allowCrossSite: true } },
        handleCallback,
      );
    },
  };
}

async function isSuspended(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findMember(db, userId))?.suspendedAt);
}

function isSignInProvider(value: string): value is SignInProvider {
  return (SIGN_IN_PROVIDERS as readonly string[]).includes(value);
}

function redirectToLogin(reply: FastifyReply, error: string, status = 302) {
  return reply.redirect(`/login?${new URLSearchParams({ error }).toString()}`, status);
}

/** Only a path on this site: a stored returnTo must never turn the callback into an open redirect. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function readFormBody(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

/**
 * Apple posts `user={"name":{"firstName":..,"lastName":..}}` on the first sign-in only, unsigned;
 * it is used for nothing but the new account's display name.
 */
function readApplePostedName(raw: string | null) {
  if (!raw) return undefined;
  try {
    const name = (JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    return {
      givenName: typeof name?.firstName === 'string' ? name.firstName : undefined,
      familyName: typeof name?.lastName === 'string' ? name.lastName : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The reason goes to the log (never codes, tokens or the provider's raw body); the browser only sees provider_failed. */
function logFailure(request: FastifyRequest, provider: string, err: unknown) {
  const failure =
    err instanceof Error
      ? {
          name: err.name,
          message: err.message,
          code: (err as { code?: unknown }).code,
          error: (err as { error?: unknown }).error,
        }
      : { message: String(err) };
  request.log.warn({ provider, failure }, 'provider sign-in failed');
}
