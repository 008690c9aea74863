import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Google's GCM/FCM registration servers, so that a real
 * `PushManager.subscribe()` can succeed in Chromium on a machine without outside network
 * (docs/notifications.md, "Testing web push in the browser").
 *
 * Chromium subscribes a page in two steps, both plain HTTP requests from its GCM client:
 *  1. a device check-in: a POST of an AndroidCheckinRequest protobuf to `--gcm-checkin-url`,
 *     answered with an AndroidCheckinResponse carrying the device's id and security token;
 *  2. an Instance ID token request per subscription: a form POST to `--gcm-registration-url`
 *     (`app`, `X-subtype=wp:<origin>#…`, `sender=<the VAPID public key>`, …, authorised
 *     `AidLogin <android_id>:<security_token>`), answered `token=<token>`. The subscription's
 *     endpoint is Chromium's FCM address plus that token.
 * Chromium also opens the long-lived MCS socket (`--gcm-mcs-endpoint`, TLS) through which FCM
 * would deliver messages; subscribing does not wait for it, and the tests deliver pushes through
 * the DevTools protocol instead, so it is pointed here and refused.
 */
export interface FakeGcm {
  /** The switches that point Chromium's GCM client at this server. */
  chromiumArgs: string[];
  /** The Instance ID token requests Chromium made, in order, with the token each got. */
  registrations: { fields: Record<string, string>; token: string }[];
  close(): Promise<void>;
}

/** Field numbers and wire types of google_apis/gcm/protocol/checkin.proto's AndroidCheckinResponse. */
const CHECKIN_RESPONSE = {
  statsOk: (1 << 3) | 0, // bool, required
  timeMsec: (3 << 3) | 0, // int64
  digest: (4 << 3) | 2, // string
  androidId: (7 << 3) | 1, // fixed64
  securityToken: (8 << 3) | 1, // fixed64
};

function varint(value: bigint): Buffer {
  const bytes: number[] = [];
  while (value >= 0x80n) {
    bytes.push(Number(value & 0x7fn) | 0x80);
    value >>= 7n;
  }
  bytes.push(Number(value));
  return Buffer.from(bytes);
}

function fixed64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
}

/** The few fields Chromium's CheckinRequest needs to call the check-in a success. */
function checkinResponse(androidId: bigint, securityToken: bigint): Buffer {
  const digest = Buffer.from('1-e2e-fake-gcm');
  return Buffer.concat([
    Buffer.from([CHECKIN_RESPONSE.statsOk, 1]),
    Buffer.from([CHECKIN_RESPONSE.timeMsec]),
    varint(BigInt(Date.now())),
    Buffer.from([CHECKIN_RESPONSE.digest, digest.length]),
    digest,
    Buffer.from([CHECKIN_RESPONSE.androidId]),
    fixed64(androidId),
    Buffer.from([CHECKIN_RESPONSE.securityToken]),
    fixed64(securityToken),
  ]);
}

export async function startFakeGcm(): Promise<FakeGcm> {
  const androidId = randomBytes(8).readBigUInt64BE(0) >> 1n || 1n;
  const securityToken = randomBytes(8).readBigUInt64BE(0) || 1n;
  const registrations: FakeGcm['registrations'] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/checkin') {
        res.writeHead(200, { 'content-type': 'application/x-protobuf' });
        res.end(checkinResponse(androidId, securityToken));
        return;
      }
      if (req.method === 'POST' && req.url === '/register') {
        // Only a device that checked in here may register, as with the real service.
        if (req.headers.authorization !== `AidLogin ${androidId}:${securityToken}`) {
          res.writeHead(401, { 'content-type': 'text/plain' });
          res.end('Error=AUTHENTICATION_FAILED');
          return;
        }
        const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const token = `e2e-${randomBytes(12).toString('base64url')}`;
        registrations.push({ fields, token });
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`token=${token}`);
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  // The MCS socket speaks TLS to this plain HTTP server: drop it without a word.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    chromiumArgs: [
      `--gcm-checkin-url=${base}/checkin`,
      `--gcm-registration-url=${base}/register`,
      `--gcm-mcs-endpoint=${base.replace('http:', 'https:')}`,
    ],
    registrations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
