import websocket from '@fastify/websocket';
import type { RawData } from 'ws';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Largest client message accepted; the protocol's messages are a few ids (SPEC §7). */
export const WS_MAX_PAYLOAD_BYTES = 4 * 1024;

/**
 * The WebSocket endpoint at /ws (SPEC §7). Identity comes from the session cookie read
 * at the handshake, never from a message, and only pages from our own origin may
 * connect. Until the channel protocol (subscriptions, fan-out between instances) is
 * registered, a connection answers `ping` and refuses every other message type.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    await app.register(websocket, {
      options: {
        maxPayload: WS_MAX_PAYLOAD_BYTES,
        verifyClient: (info, done) => {
          const origin = info.origin || info.req.headers.origin;
          const host = info.req.headers.host;
          done(isAllowedOrigin(origin, publicOrigin, host), 403, 'Forbidden origin');
        },
      },
    });

    app.get('/ws', { websocket: true }, (socket, request) => {
      const userId = request.userId;
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(rawDataToString(raw));
        } catch {
          socket.send(JSON.stringify({ type: 'error', message: 'Messages must be JSON.' }));
          return;
        }
        const type = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong', authenticated: Boolean(userId) }));
          return;
        }
        socket.send(JSON.stringify({ type: 'error', message: `Unsupported message type: ${String(type)}` }));
      });
    });
  },
  { name: 'realtime', dependencies: ['session'] },
);

/** Browsers always send Origin; a connection without one is not a page and gains only what its cookie allows. */
function isAllowedOrigin(origin: string | undefined, publicOrigin: string, host: string | undefined): boolean {
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function rawDataToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(new Uint8Array(raw)).toString('utf8');
}
