import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client.js';
import { resolveVapidKeys } from './vapid-keys.js';

const KEYS = {
  publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  privateKey: 'Ji4JQ-SDpH3WzZTFg8ZDDqzUQMmBWGQ3ddKi1r0jN3E',
};
/** Production and configured keys never reach the database. */
const noDatabase = undefined as unknown as Db;

describe('VAPID keys', () => {
  it('uses the keys from the environment when set', async () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    const keys = await resolveVapidKeys(
      { vapid: KEYS, vapidSubject: 'mailto:ops@example.com', isProduction: true },
      noDatabase,
      logger,
    );
    expect(keys).toEqual({ ...KEYS, subject: 'mailto:ops@example.com', source: 'environment' });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('turns push off in production without keys, and says so in the log', async () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    const keys = await resolveVapidKeys(
      { vapid: undefined, vapidSubject: 'mailto:ops@example.com', isProduction: true },
      noDatabase,
      logger,
    );
    expect(keys).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('web push is OFF'));
  });
});
