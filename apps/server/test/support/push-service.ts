import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 standing where FCM or autopush would be, and the browser's side of
 * a subscription: a real P-256 key pair and auth secret, as PushManager.subscribe makes them.
 * Every push it receives has its VAPID JWT verified (RFC 8292: ES256 over the header and
 * claims, with the public key in `k=`) and its body decrypted (RFC 8291/8188 aes128gcm) with
 * the subscription's private key, here with node:crypto alone, independently of web-push.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The VAPID claims, once the signature checked out with `vapidPublicKey`. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  /** The decrypted payload. */
  payload: unknown;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** Problems found in pushes (a bad signature, an undecryptable body): the test expects none. */
  problems: string[];
  /** What the service answers for a path (default 201). */
  answer: Map<string, number>;
  subscription(name: string): BrowserSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const answer = new Map<string, number>();
  const browsers = new Map<string, BrowserSubscription>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answer.get(path) ?? 201;
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`no subscription at ${path}`);
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        const { claims, publicKey } = verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload: unknown = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8'));
        if (status < 300) received.push({ path, headers: req.headers, claims, vapidPublicKey: publicKey, payload });
      } catch (err) {
        problems.push(`${path}: ${(err as Error).message}`);
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    problems,
    answer,
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${name}`;
      const subscription: BrowserSubscription = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      browsers.set(path, subscription);
      return subscription;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<jwt>, k=<public key>`: checks the ES256 signature, the audience and the expiry. */
function verifyVapid(authorization: string | undefined, expectedAudience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not a VAPID header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, body, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT alg ${alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== expectedAudience) throw new Error(`aud ${claims.aud}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('JWT expired');
  return { claims, publicKey: k };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm), one record. */
function decryptAes128gcm(body: Buffer, browser: BrowserSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const sharedSecret = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = hmac(hmac(browser.authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
