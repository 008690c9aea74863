import type { FastifyInstance } from 'fastify';

/**
 * What this module needs of `app.realtime` (plugins/realtime.ts): publishing to a channel and
 * to one user's sockets, and deciding who may subscribe to a conversation channel. Declared
 * narrowly here so the module works before, and after, the plugin offers these.
 */
export interface RealtimePublisher {
  publish(channel: string, payload: unknown): unknown;
  publishToUser(userId: string, payload: unknown): unknown;
  setConversationAuthorizer?(authorize: (userId: string, conversationId: string) => Promise<boolean>): unknown;
}

export function realtimeOf(app: FastifyInstance): RealtimePublisher | undefined {
  if (!app.hasDecorator('realtime')) return undefined;
  const realtime = (app as unknown as { realtime?: RealtimePublisher }).realtime;
  return realtime && typeof realtime.publish === 'function' ? realtime : undefined;
}

/** Runs a publish that may be synchronous or return a promise; a failure is logged, never thrown. */
export function publishSafely(log: FastifyInstance['log'], publish: () => unknown): void {
  try {
    const result = publish();
    if (result instanceof Promise)
      result.catch((error: unknown) => log.warn({ err: error }, 'realtime publish failed'));
  } catch (error) {
    log.warn({ err: error }, 'realtime publish failed');
  }
}
