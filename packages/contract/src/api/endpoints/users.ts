import { idParamsSchema, presenceParamsSchema } from '../../id-schemas.js';
import { presenceSchema, publicMemberSchema } from '../../trust.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { usersRoutes as routes } from '../routes/users.js';

/** Other members' public pages and presence. */
export const usersEndpoints = {
  // A malformed id is answered like an unknown member (404) by the use case.
  getMember: defineEndpoint(routes.getMember, {
    summary: "A member's public page.",
    params: idParamsSchema,
    responses: { 200: publicMemberSchema },
    errors: ['not_found'],
  }),
  getMemberPresence: defineEndpoint(routes.getMemberPresence, {
    summary: 'Whether the member is online (always offline across a block).',
    params: presenceParamsSchema,
    responses: { 200: presenceSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
