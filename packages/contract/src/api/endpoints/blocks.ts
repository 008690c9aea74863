import { z } from 'zod';
import { userIdParamsSchema } from '../../id-schemas.js';
import { blockedMemberSchema } from '../../moderation-schemas.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { blockUserSchema } from '../../trust.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { blocksRoutes as routes } from '../routes/blocks.js';

/** Blocking (docs/trust-and-safety.md). */
export const blocksEndpoints = {
  listBlocks: defineEndpoint(routes.listBlocks, {
    summary: 'The members the member has blocked.',
    responses: { 200: z.array(blockedMemberSchema) },
    errors: [],
  }),
  // Blocking yourself is a 400, an unknown or deleted member a 404.
  blockMember: defineEndpoint(routes.blockMember, {
    summary: 'Block a member (again is no change).',
    body: bodyOrEmpty(blockUserSchema),
    responses: { 201: blockedMemberSchema },
    errors: ['bad_request', 'not_found'],
  }),
  // A malformed id is answered like a member who is not blocked (404).
  unblockMember: defineEndpoint(routes.unblockMember, {
    summary: 'Unblock a member the member had blocked.',
    params: userIdParamsSchema,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ['not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
