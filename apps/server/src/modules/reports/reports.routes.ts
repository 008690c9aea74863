import { createReportSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bodyOrEmpty } from '@bid/contract';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { createReport, type ReportsDeps } from './reports.service.js';

/** POST /api/reports (docs/trust-and-safety.md): 201 for a new report, 200 for a repeat of an open one. */
export async function reportRoutes(app: FastifyInstance, opts: ReportsDeps) {
  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the schema).
  const schema = { body: bodyOrEmpty(createReportSchema) };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/reports', { preValidation: requireSignedIn, schema }, async (request, reply) => {
      const userId = signedInUserId(request);
      const { report, created } = await createReport(opts, userId, request.body);
      return reply.status(created ? 201 : 200).send(report);
    });
}
