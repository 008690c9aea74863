import {
  idParamsSchema,
  noBodySchema,
  paymentRecordSchema,
  paymentsResponseSchema,
  secondChanceOfferSchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { RealtimePublisher } from '../../modules/realtime/hub.js';
import type { PaymentProvider } from '../../modules/payments/providers/payment-provider.js';
import type { ChargeWorkerDeps } from '../charge-and-create-date.js';
import { acceptMyOffer, declineMyOffer, listMyPayments, retryMyCharge } from './payments.service.js';
import { sendReserveSecondChance } from './reserve-second-chance.js';

/**
 * GET /api/payments, POST /api/payments/:id/retry, and the answers to a second chance offer,
 * POST /api/payments/:id/accept and /decline (docs/charging-and-ledger.md), and the host's offer
 * to the highest bidder of an auction that ended below its reserve, POST /api/auctions/:id/second-chance.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; paymentProvider: PaymentProvider; realtime: RealtimePublisher },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ChargeWorkerDeps & { realtime: RealtimePublisher } = {
    db: opts.db,
    paymentProvider: opts.paymentProvider,
    now: opts.now,
    logger: app.log,
    realtime: opts.realtime,
  };

  r.get(
    '/api/payments',
    { preValidation: requireSignedIn, schema: { response: { 200: paymentsResponseSchema } } },
    async (request) => listMyPayments(deps, signedInUserId(request)),
  );

  r.post(
    '/api/payments/:id/retry',
    // A malformed id is answered like an unknown one (404) by the service, not as a validation error.
    {
      preValidation: requireSignedIn,
      schema: { params: idParamsSchema, body: noBodySchema, response: { 200: paymentRecordSchema } },
    },
    async (request) => retryMyCharge(deps, signedInUserId(request), request.params.id),
  );

  r.post(
    '/api/payments/:id/accept',
    {
      preValidation: requireSignedIn,
      schema: { params: idParamsSchema, body: noBodySchema, response: { 200: paymentRecordSchema } },
    },
    async (request) => acceptMyOffer(deps, signedInUserId(request), request.params.id),
  );

  // The host's second-chance offer below the reserve (docs/auctions.md, "Reserve price"); the
  // body is checked by the use case, after the id, so a field is refused by name.
  r.post(
    '/api/auctions/:id/second-chance',
    {
      preValidation: requireSignedIn,
      schema: { params: idParamsSchema, body: noBodySchema, response: { 201: secondChanceOfferSchema } },
    },
    async (request, reply) => {
      const offer = await sendReserveSecondChance(deps, signedInUserId(request), request.params.id, request.body);
      return reply.code(201).send(offer);
    },
  );

  r.post(
    '/api/payments/:id/decline',
    {
      preValidation: requireSignedIn,
      schema: { params: idParamsSchema, body: noBodySchema, response: { 200: paymentRecordSchema } },
    },
    async (request) => declineMyOffer(deps, signedInUserId(request), request.params.id),
  );
}
