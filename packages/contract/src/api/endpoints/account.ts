import { accountDeletedSchema, deleteAccountSchema } from '../../account.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { accountRoutes as routes } from '../routes/account.js';

/** Rights requests (docs/trust-and-safety.md "Data export", "Deleting an account"). */
export const accountEndpoints = {
  // A download: the browser follows a plain link and saves the attachment.
  exportMyData: defineEndpoint(routes.exportMyData, {
    summary: 'Download everything held about the member, as a JSON file.',
    responses: {
      200: { contentType: 'application/json', description: 'Everything held about the member, as an attachment.' },
    },
    errors: [],
  }),
  // 409 while a payment of the member is still in progress.
  deleteAccount: defineEndpoint(routes.deleteAccount, {
    summary: 'Delete the member’s account and personal data, and sign out everywhere.',
    body: bodyOrEmpty(deleteAccountSchema),
    responses: { 200: accountDeletedSchema },
    errors: ['conflict'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
