import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { createObjectStorage } from '../../lib/storage/create-object-storage.js';
import type { RequestContext } from '../uploads/uploads.service.js';
import {
  addIdentityDocument,
  completeSandboxVerification,
  getMyVerification,
  openIdentityDocument,
  receiveWebhook,
  startVerification,
  type IdentityDeps,
} from './identity.service.js';
import type { VerificationPartner } from './providers/verification-partner.js';
import { decideVerification, listVerificationQueue } from './verification-review.service.js';

const contextOf = (request: FastifyRequest): RequestContext => ({
  clientIp: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  sessionId: request.session?.id ?? null,
});

/** Identity verification (docs/trust-and-safety.md, "Identity verification"). */
export async function identityRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; now: () => Date; partner: VerificationPartner },
) {
  const deps: IdentityDeps = {
    db: opts.db,
    storage: createObjectStorage(opts.config),
    partner: opts.partner,
    now: opts.now,
    log: app.log,
    publicUrl: opts.config.publicUrl,
  };
  route(app, 'getMyVerification', async (request) => getMyVerification(deps, signedInUserId(request)));

  // The sign-in check runs before the body's (the endpoint's guard: after JSON parsing, before the schema).
  route(app, 'startVerification', async (request) =>
    startVerification(deps, signedInUserId(request), request.body, contextOf(request)),
  );

  route(app, 'addIdentityDocument', async (request) => {
    const userId = signedInUserId(request);
    return addIdentityDocument(deps, userId, request.body, contextOf(request));
  });

  // Members pick their own result here: the route exists only while the offline sandbox is the partner.
  if (opts.partner.name === 'sandbox') {
    route(app, 'completeSandboxVerification', async (request) => {
      const userId = signedInUserId(request);
      return completeSandboxVerification(deps, userId, request.body.outcome, contextOf(request));
    });
  }

  // Private files: never cached by anyone, never served to anyone but the owner and moderators.
  // Malformed ids are answered like unknown ones (404) by the use cases.
  route(app, 'getIdentityDocument', async (request, reply) => {
    const userId = signedInUserId(request);
    const file = await openIdentityDocument(deps, userId, request.params.id, contextOf(request));
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, no-store')
      .header('content-length', file.size)
      .send(file.body);
  });

  route(app, 'listVerificationReviews', async () => listVerificationQueue(deps), { db: opts.db });

  // The moderator check comes before the body's (the endpoint's guard: after JSON parsing, before the schema).
  route(
    app,
    'decideVerification',
    async (request) =>
      decideVerification(deps, signedInUserId(request), request.params.userId, request.body, contextOf(request)),
    { db: opts.db },
  );

  // The partner signs the exact bytes it sent, so this one route reads JSON as raw text.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(webhook, 'receiveIdentityWebhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      return receiveWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
