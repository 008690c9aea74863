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
    query: moderationQueueQuerySchema,
    responses: { 200: z.array(moderationQueueItemSchema) },
    errors: [],
  }),
  // 409 for a report already resolved; 400 for an action that does not fit the report.
  resolveReport: defineEndpoint(routes.resolveReport, {
    params: idParamsSchema,
    body: bodyOrEmpty(resolveReportSchema),
    responses: { 200: moderationQueueItemSchema },
    errors: ['bad_request', 'conflict'],
  }),
  listHeldItems: defineEndpoint(routes.listHeldItems, {
    responses: { 200: z.array(heldItemSchema) },
    errors: [],
  }),
  decideHeldAuction: defineEndpoint(routes.decideHeldAuction, {
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldItemDecisionSchema },
    errors: [],
  }),
  decideHeldBio: defineEndpoint(routes.decideHeldBio, {
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldItemDecisionSchema },
    errors: [],
  }),
  // 409 when the auction has ended or the bid was voided already.
  voidBid: defineEndpoint(routes.voidBid, {
    params: idParamsSchema,
    body: bodyOrEmpty(voidBidSchema),
    responses: { 200: voidBidResultSchema },
    errors: ['conflict'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
