import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { route } from '../../plugins/endpoint-route.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { getCurrentUser } from './auth.service.js';
import { auditSessionEvent } from './sign-in-audit.js';
import { createProviderSignIn } from './providers/provider-sign-in.routes.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  // The one route that answers a visitor itself rather than through requireSignedIn (listed in
  // test/repository/signed-in-routes.test.ts): a visitor who sent no session cookie simply has no
  // current user: 204, not an error, so a first visit logs nothing in the browser's console
  // (docs/accounts.md). A session that was sent but is no longer valid (expired, ended, account
  // gone) still answers 401.
  route(app, 'getCurrentUser', async (request, reply) => {
    if (request.userId) return getCurrentUser(opts.db, request.userId);
    if (request.cookies[SESSION_COOKIE] === undefined) return reply.status(204).send();
    throw unauthorized();
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.userId) {
      await auditSessionEvent(opts.db, request, {
        action: 'logout',
        outcome: 'success',
        userId: request.userId,
        method: 'logout',
      });
    }
    // The sockets of this session close with it, on every instance (docs/realtime.md).
    await app.sessions.signOut(request, reply);
  };

  // The app's own "Log out" link is a same-origin navigation; anything else (a link or image on
  // another site, an old browser that names no origin) gets a page whose button POSTs, so no
  // other site can end a member's session (docs/accounts.md).
  route(app, 'signOutByLink', async (request, reply) => {
    if (!isSameOriginNavigation(request)) {
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(SIGN_OUT_CONFIRMATION_PAGE);
    }
    await signOut(request, reply);
    return reply.redirect('/');
  });

  // The confirmation page's form posts here (an empty url-encoded body, parsed only on this route).
  await app.register(async (formScope) => {
    formScope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => {
      done(null, undefined);
    });
    route(formScope, 'signOut', async (request, reply) => {
      await signOut(request, reply);
      return reply.redirect('/', 303);
    });
  });

  // Provider sign-in (docs/sign-in-providers.md): an unknown or unconfigured provider, or one
  // that cannot be reached, sends the browser back to the sign-in screen with a reason.
  const providerSignIn = createProviderSignIn({ db: opts.db, config: opts.config });
  route(app, 'startProviderSignIn', (request, reply) =>
    providerSignIn.startSignIn(request, reply, request.query.provider),
  );
  await app.register(providerSignIn.callbackRoutes);
}

/** Sec-Fetch-Site as sent on the app's own navigations (`none`: typed or bookmarked by the member). */
function isSameOriginNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

const SIGN_OUT_CONFIRMATION_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign out of BidYourDate</title></head>
<body>
<main>
<h1>Sign out of BidYourDate?</h1>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/">Back to BidYourDate</a></p>
</main>
</body>
</html>
`;
