import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/endpoint-route.js';
import { receivePaymentWebhook } from './payment-webhooks.js';

/**
 * POST /api/payments/webhook (docs/payments.md, "Webhooks"). Registered only when
 * STRIPE_WEBHOOK_SECRET is set: the signature is its only key. The provider calls it server to
 * server, with no session, Origin or Sec-Fetch-Site, so the cross-site guard never stops it.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, opts: { db: Db; now: () => Date; secret: string }) {
  // The provider signs the exact bytes it sent, so this route reads JSON as raw text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  route(app, 'receivePaymentWebhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    return receivePaymentWebhook(
      { db: opts.db, now: opts.now, logger: request.log, secret: opts.secret },
      request.body,
      typeof signature === 'string' ? signature : undefined,
    );
  });
}
