// Use case: Buy Now (modules/auctions) and the buyer's charge at once (charge-and-create-date.ts).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { signedInUserId } from '../plugins/auth.js';
import { route } from '../plugins/endpoint-route.js';
import { processDueCharges } from './charge-and-create-date.js';
import type { PaymentProvider } from '../modules/payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../modules/realtime/hub.js';
import { buyNow } from '../modules/auctions/lifecycle/buy-now.service.js';

/** POST /api/auctions/:id/buy-now (docs/auction-lifecycle.md, "Buy Now"). */
export async function buyNowRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; paymentProvider: PaymentProvider; realtime: RealtimePublisher },
) {
  // A malformed id is answered like an unknown one (404) by the service, not as a validation error.
  route(app, 'buyNow', async (request) => {
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
  });
}
