import {
  identityDocumentBodySchema,
  idParamsSchema,
  rawTextBodySchema,
  sandboxCompleteBodySchema,
  startVerificationBodySchema,
  userIdParamsSchema,
  verificationDecisionBodySchema,
} from '@bid/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { bodyOrEmpty } from '@bid/contract';
import { moderatorOnly } from '../../plugins/moderators.js';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/identity/verification', { preValidation: requireSignedIn }, async (request) =>
    getMyVerification(deps, signedInUserId(request)),
  );

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the schema).
  r.post(
    '/api/identity/verification',
    { preValidation: requireSignedIn, schema: { body: bodyOrEmpty(startVerificationBodySchema) } },
    async (request) => startVerification(deps, signedInUserId(request), request.body, contextOf(request)),
  );

  r.post(
    '/api/identity/verification/documents',
    { preValidation: requireSignedIn, schema: { body: identityDocumentBodySchema } },
    async (request) => {
      const userId = signedInUserId(request);
      return addIdentityDocument(deps, userId, request.body, contextOf(request));
    },
  );

  // Members pick their own result here: the route exists only while the offline sandbox is the partner.
  if (opts.partner.name === 'sandbox') {
    r.post(
      '/api/identity/sandbox/complete',
      { preValidation: requireSignedIn, schema: { body: sandboxCompleteBodySchema } },
      async (request) => {
        const userId = signedInUserId(request);
        return completeSandboxVerification(deps, userId, request.body.outcome, contextOf(request));
      },
    );
  }

  // Private files: never cached by anyone, never served to anyone but the owner and moderators.
  // Malformed ids are answered like unknown ones (404) by the use cases.
  r.get(
    '/api/identity/documents/:id',
    { preValidation: requireSignedIn, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const file = await openIdentityDocument(deps, userId, request.params.id, contextOf(request));
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(file.body);
    },
  );

  r.get('/api/moderation/verifications', moderatorOnly(opts.db), async () => listVerificationQueue(deps));

  // The moderator check comes before the body's (preValidation: after JSON parsing, before the schema).
  r.post(
    '/api/moderation/verifications/:userId/decide',
    {
      ...moderatorOnly(opts.db),
      schema: { params: userIdParamsSchema, body: bodyOrEmpty(verificationDecisionBodySchema) },
    },
    async (request) =>
      decideVerification(deps, signedInUserId(request), request.params.userId, request.body, contextOf(request)),
  );

  // The partner signs the exact bytes it sent, so this one route reads JSON as raw text.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    webhook
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/identity/webhook', { schema: { body: rawTextBodySchema } }, async (request) => {
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined);
      });
  });
}
