import { ACCOUNT_DELETED_MESSAGE, ACCOUNT_EXPORT_FILE_NAME, deleteAccountSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyOrEmpty } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { invalidateSessions } from '../sessions/session-cache.js';
import type { ObjectStorage } from '../../lib/storage/object-storage.js';
import { deleteMyAccount, exportMyData } from './account.service.js';
import type { AccountDeletionDeps } from './delete-account.js';

export interface AccountRoutesOptions {
  db: Db;
  paymentProvider: PaymentProvider;
  storage: ObjectStorage;
  now: () => Date;
}

/** Rights requests (docs/trust-and-safety.md): download my data, delete my account. */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const deps: AccountDeletionDeps = { ...opts, logger: app.log };

  app.get('/api/account/export', { preValidation: requireSignedIn }, async (request, reply) => {
    const userId = signedInUserId(request);
    const data = await exportMyData(deps, userId);
    return reply
      .header('Content-Disposition', `attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the schema).
  const deleteSchema = {
    body: bodyOrEmpty(deleteAccountSchema),
    response: { 200: z.object({ message: z.string() }) },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete('/api/account', { preValidation: requireSignedIn, schema: deleteSchema }, async (request, reply) => {
      const userId = signedInUserId(request);
      await deleteMyAccount(deps, userId);
      // Every session of the account went with it (in the deletion's transaction): out of every cache
      // now; signing out clears the caller's cookie too.
      invalidateSessions(app, { userId });
      await app.sessions.signOut(request, reply);
      app.realtime.closeUserSockets(userId);
      return { message: ACCOUNT_DELETED_MESSAGE };
    });
}
