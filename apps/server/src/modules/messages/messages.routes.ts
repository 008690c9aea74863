import {
  conversationPageQuerySchema,
  conversationPathParamsSchema,
  HAS_MORE_HEADER,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import {
  countUnread,
  listConversations,
  readConversation,
  sendMessage,
  startConversation,
  type MessagesDeps,
} from './messages.service.js';

const CONVERSATION_MESSAGES_PATH = /^([^/]{1,128})\/messages$/;

/** docs/product.md §7 conversation and message calls; every one needs a signed-in user. */
export async function messageRoutes(app: FastifyInstance, opts: { db: Db; realtime: RealtimePublisher }) {
  const deps: MessagesDeps = { db: opts.db, realtime: opts.realtime };

  app.get('/api/conversations', { preValidation: requireSignedIn }, async (request) =>
    listConversations(opts.db, signedInUserId(request)),
  );

  app.get('/api/conversations/unread-count', { preValidation: requireSignedIn }, async (request) =>
    countUnread(opts.db, signedInUserId(request)),
  );

  // GET /api/conversations/{conversationId}/messages. An auction chat's id is 110 characters,
  // past the router's 100-character limit for a path parameter, so the rest of the path is
  // matched as a wildcard and split here; any other path under /api/conversations/ is a 404.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/conversations/*',
    {
      preValidation: requireSignedIn,
      schema: { params: conversationPathParamsSchema, querystring: conversationPageQuerySchema },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const match = CONVERSATION_MESSAGES_PATH.exec(request.params['*']);
      if (!match) throw notFound();
      const page = await readConversation(opts.db, userId, match[1]!, request.query);
      void reply.header(HAS_MORE_HEADER, String(page.hasMore));
      return page.items;
    },
  );

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the schema).
  r.post(
    '/api/messages',
    { preValidation: requireSignedIn, schema: { body: sendMessageBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      return reply.status(201).send(await sendMessage(deps, userId, request.body));
    },
  );

  r.post(
    '/api/conversations/start',
    { preValidation: requireSignedIn, schema: { body: startConversationBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      return reply.status(201).send(await startConversation(deps, userId, request.body));
    },
  );
}
