import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { createReport, type ReportsDeps } from './reports.service.js';

/** POST /api/reports (docs/trust-and-safety.md): 201 for a new report, 200 for a repeat of an open one. */
export async function reportRoutes(app: FastifyInstance, opts: ReportsDeps) {
  route(app, 'createReport', async (request, reply) => {
    const userId = signedInUserId(request);
    const { report, created } = await createReport(opts, userId, request.body);
    return reply.status(created ? 201 : 200).send(report);
  });
}
