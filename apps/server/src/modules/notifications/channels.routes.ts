import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from './delivery/email-template.js';
import {
  getMyPreferences,
  pushPublicKey,
  readUnsubscribeToken,
  subscribeDevice,
  unsubscribeByToken,
  unsubscribeDevice,
  updateMyPreferences,
  type ChannelsDeps,
} from './channels.service.js';

const UNSUBSCRIBE_PATH = '/api/notification-preferences/unsubscribe';
/** RFC 8058's body is tiny (`List-Unsubscribe=One-Click`); nothing in it is read. */
const UNSUBSCRIBE_BODY_LIMIT = 1024;

/**
 * Notification preferences and web push devices (docs/notifications.md). The preferences and
 * device calls are the signed-in member's own; the unsubscribe link works with its token alone.
 */
export async function notificationChannelRoutes(app: FastifyInstance, deps: ChannelsDeps) {
  route(app, 'getNotificationPreferences', async (request) => getMyPreferences(deps, signedInUserId(request)));

  route(app, 'updateNotificationPreferences', async (request) =>
    updateMyPreferences(deps, signedInUserId(request), request.body),
  );

  route(app, 'getPushPublicKey', async () => pushPublicKey(deps));

  route(app, 'subscribePushDevice', async (request, reply) => {
    const userId = signedInUserId(request);
    return reply.status(201).send(await subscribeDevice(deps, userId, request.body));
  });

  route(app, 'unsubscribePushDevice', async (request, reply) => {
    const userId = signedInUserId(request);
    await unsubscribeDevice(deps, userId, request.body);
    return reply.status(204).send();
  });

  await app.register(unsubscribeRoutes, deps);
}

/**
 * The link in every alert e-mail. GET only shows a page with a confirm button (mail scanners
 * open links; a GET must change nothing); POST turns the e-mails off. Mail clients POST with
 * `List-Unsubscribe=One-Click` as a form, from their own servers, with no cookie (RFC 8058), so
 * this POST takes form bodies and cross-site requests (request-guards.test.ts lists why); the
 * signed token is what authorizes it. Its own plugin keeps the form parser off every other route.
 */
async function unsubscribeRoutes(app: FastifyInstance, deps: ChannelsDeps) {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );

  route(app, 'showEmailUnsubscribe', async (request, reply) => {
    try {
      const { label } = await readUnsubscribeToken(deps, request.query.token);
      // A token that verified is a string.
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      return sendPage(
        reply,
        200,
        'Stop these e-mails?',
        `<p>You will no longer get e-mails for: <strong>${escapeHtml(label)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>
<p><a href="/profile">Manage all notification settings</a></p>`,
      );
    } catch (err) {
      return sendError(request, reply, err);
    }
  });

  route(
    app,
    'unsubscribeEmail',
    async (request, reply) => {
      try {
        const { label } = await unsubscribeByToken(deps, request.query.token);
        return sendPage(
          reply,
          200,
          'You are unsubscribed',
          `<p>You will no longer get e-mails for: <strong>${escapeHtml(label)}</strong>.</p>
<p>You can turn them back on in your <a href="/profile">profile</a>.</p>`,
        );
      } catch (err) {
        return sendError(request, reply, err);
      }
    },
    { config: { allowCrossSite: true } },
  );
}

/** A browser (it asks for HTML) is shown a page; any other client gets the API's JSON error. */
function sendError(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError) || !request.headers.accept?.includes('text/html')) throw err;
  return sendPage(reply, err.statusCode, 'Link not valid', `<p>${escapeHtml(err.message)}</p>`);
}

function sendPage(reply: FastifyReply, status: number, heading: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(heading)} · BidYourDate</title></head>` +
        `<body style="font-family: Helvetica, Arial, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937">` +
        `<h1 style="color: #be185d; font-size: 1.5rem">${escapeHtml(heading)}</h1>${body}</body></html>`,
    );
}
