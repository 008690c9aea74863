import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { AppConfig } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import { serverKeys } from '../../../db/schema/index.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the keys came from, for the boot log. */
  source: 'environment' | 'generated';
}

const KEY_NAME = 'vapid';

/**
 * The VAPID keys web push is signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set. Without
 * them, production has no push (a generated key would change the day the database is rebuilt
 * and silently break every subscription), while development and tests generate a pair on first
 * boot and keep it in the database, where every instance finds the same one, so `npm start`
 * just works.
 */
export async function resolveVapidKeys(
  config: Pick<AppConfig, 'vapid' | 'vapidSubject' | 'isProduction'>,
  db: Db,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<VapidKeys | undefined> {
  if (config.vapid) return { ...config.vapid, subject: config.vapidSubject, source: 'environment' };
  if (config.isProduction) {
    logger.warn('web push is OFF: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn it on (docs/notifications.md)');
    return undefined;
  }
  const generated = webpush.generateVAPIDKeys();
  // The first instance to boot stores its pair; every other one (and every later boot) reads it.
  await db
    .insert(serverKeys)
    .values({ name: KEY_NAME, value: generated })
    .onConflictDoNothing({ target: serverKeys.name });
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, KEY_NAME));
  const stored = row?.value as { publicKey?: unknown; privateKey?: unknown } | undefined;
  if (typeof stored?.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error('server_keys holds an unreadable VAPID pair: delete that row to generate a new one');
  }
  return {
    publicKey: stored.publicKey,
    privateKey: stored.privateKey,
    subject: config.vapidSubject,
    source: 'generated',
  };
}
