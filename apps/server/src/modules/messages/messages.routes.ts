import { HAS_MORE_HEADER } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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

  route(app, 'listConversations', async (request) => listConversations(opts.db, signedInUserId(request)));

  route(app, 'countUnreadMessages', async (request) => countUnread(opts.db, signedInUserId(request)));

  // GET /api/conversations/{conversationId}/messages. An auction chat's id is 110 characters,
  // past the router's 100-character limit for a path parameter, so the rest of the path is
  // matched as a wildcard and split here; any other path under /api/conversations/ is a 404.
  route(app, 'listConversationMessages', async (request, reply) => {
    const userId = signedInUserId(request);
    const match = CONVERSATION_MESSAGES_PATH.exec(request.params['*']);
    if (!match) throw notFound();
    const page = await readConversation(opts.db, userId, match[1]!, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  route(app, 'sendMessage', async (request, reply) => {
    const userId = signedInUserId(request);
    return reply.status(201).send(await sendMessage(deps, userId, request.body));
  });

  route(app, 'startConversation', async (request, reply) => {
    const userId = signedInUserId(request);
    return reply.status(201).send(await startConversation(deps, userId, request.body));
  });
}
