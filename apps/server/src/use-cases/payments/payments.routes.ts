import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { RealtimePublisher } from '../../modules/realtime/hub.js';
import type { PaymentProvider } from '../../modules/payments/providers/payment-provider.js';
import type { ChargeWorkerDeps } from '../charge-and-create-date.js';
import { acceptMyOffer, declineMyOffer, listMyPayments, retryMyCharge } from './payments.service.js';
import { sendReserveSecondChance } from './reserve-second-chance.js';

/**
 * GET /api/payments, POST /api/payments/:id/retry, and the answers to a second chance offer,
 * POST /api/payments/:id/accept and /decline (docs/charging-and-ledger.md), and the host's offer
 * to the highest bidder of an auction that ended below its reserve, POST /api/auctions/:id/second-chance.
 * A malformed id is answered like an unknown one (404) by the service, not as a validation error.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; paymentProvider: PaymentProvider; realtime: RealtimePublisher },
) {
  const deps: ChargeWorkerDeps & { realtime: RealtimePublisher } = {
    db: opts.db,
    paymentProvider: opts.paymentProvider,
    now: opts.now,
    logger: app.log,
    realtime: opts.realtime,
  };

  route(app, 'listPayments', async (request) => listMyPayments(deps, signedInUserId(request)));
  route(app, 'retryPayment', async (request) => retryMyCharge(deps, signedInUserId(request), request.params.id));
  route(app, 'acceptSecondChanceOffer', async (request) =>
    acceptMyOffer(deps, signedInUserId(request), request.params.id),
  );
  // The host's second-chance offer below the reserve (docs/auctions.md, "Reserve price"); the
  // body is checked by the use case, after the id, so a field is refused by name.
  route(app, 'sendSecondChanceOffer', async (request, reply) => {
    const offer = await sendReserveSecondChance(deps, signedInUserId(request), request.params.id, request.body);
    return reply.code(201).send(offer);
  });
  route(app, 'declineSecondChanceOffer', async (request) =>
    declineMyOffer(deps, signedInUserId(request), request.params.id),
  );
}
