import { z } from 'zod';
import { idParamsSchema } from '../../id-schemas.js';
import {
  decideHeldItemSchema,
  heldItemDecisionSchema,
  heldItemSchema,
  moderationQueueItemSchema,
  moderationQueueQuerySchema,
  voidBidResultSchema,
  voidBidSchema,
} from '../../moderation-schemas.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { resolveReportSchema } from '../../trust.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { moderationRoutes as routes } from '../routes/moderation.js';

/** The moderators' queues (docs/trust-and-safety.md). A malformed id is answered 404, as an unknown one. */
export const moderationEndpoints = {
  // The `X-Has-More` header says whether another page follows.
  listModerationReports: defineEndpoint(routes.listModerationReports, {
    summary: 'The reports queue, oldest first, by status.',
    query: moderationQueueQuerySchema,
    responses: { 200: z.array(moderationQueueItemSchema) },
    errors: [],
  }),
  // 409 for a report already resolved; 400 for an action that does not fit the report.
  resolveReport: defineEndpoint(routes.resolveReport, {
    summary: 'Resolve an open report with an action and the reasons.',
    params: idParamsSchema,
    body: bodyOrEmpty(resolveReportSchema),
    responses: { 200: moderationQueueItemSchema },
    errors: ['bad_request', 'conflict'],
  }),
  listHeldItems: defineEndpoint(routes.listHeldItems, {
    summary: 'What screening held: listings, bios and photos, oldest first.',
    responses: { 200: z.array(heldItemSchema) },
    errors: [],
  }),
  decideHeldAuction: defineEndpoint(routes.decideHeldAuction, {
    summary: 'Publish or refuse a held listing.',
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldItemDecisionSchema },
    errors: [],
  }),
  decideHeldBio: defineEndpoint(routes.decideHeldBio, {
    summary: 'Show or remove a held bio.',
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldItemDecisionSchema },
    errors: [],
  }),
  // 409 when the auction has ended or the bid was voided already.
  voidBid: defineEndpoint(routes.voidBid, {
    summary: 'Void a member’s bids on an open auction and recompute its price.',
    params: idParamsSchema,
    body: bodyOrEmpty(voidBidSchema),
    responses: { 200: voidBidResultSchema },
    errors: ['conflict'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
