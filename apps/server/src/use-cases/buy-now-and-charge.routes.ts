// Use case: Buy Now (modules/auctions) and the buyer's charge at once (charge-and-create-date.ts).
import { idParamsSchema, noBodySchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { requireSignedIn, signedInUserId } from '../plugins/auth.js';
import { processDueCharges } from './charge-and-create-date.js';
import type { PaymentProvider } from '../modules/payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../modules/realtime/hub.js';
import { buyNow } from '../modules/auctions/lifecycle/buy-now.service.js';

const buyNowResponseSchema = z.object({
  auction: z.object({
    id: z.string(),
    currentBid: z.string(),
    bidCount: z.number().int(),
    isActive: z.boolean(),
    winnerId: z.string().nullable(),
    endTime: z.string(),
  }),
});

/** POST /api/auctions/:id/buy-now (docs/auction-lifecycle.md, "Buy Now"). */
export async function buyNowRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; paymentProvider: PaymentProvider; realtime: RealtimePublisher },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auctions/:id/buy-now',
    // A malformed id is answered like an unknown one (404) by the service, not as a validation error.
    {
      preValidation: requireSignedIn,
      schema: { params: idParamsSchema, body: noBodySchema, response: { 200: buyNowResponseSchema } },
    },
    async (request) => {
      const buyerId = signedInUserId(request);
      const result = await buyNow(opts, { buyerId, auctionId: request.params.id, now: opts.now() });
      const { auction } = result;
      // The buyer pays now rather than at the next lifecycle run. Trouble here never undoes the
      // purchase: the charge stays queued and the lifecycle job collects it (same idempotency key).
      try {
        await processDueCharges(
          { db: opts.db, paymentProvider: opts.paymentProvider, now: opts.now, logger: request.log },
          { auctionId: auction.id },
        );
      } catch (err) {
        request.log.error({ err, auctionId: auction.id }, 'collecting the Buy Now charge failed; the job will retry');
      }
      return result;
    },
  );
}
