import fc from 'fast-check';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Arbitraries for the input-fuzzing suite (test/integration/input-fuzzing.test.ts): hostile
 * path parameters, query strings and JSON bodies, shaped by the field names a route expects
 * so that generated requests get past the first "is this an object" check and reach deeper code.
 */

/** Strings known to break naive code: SQL and path metacharacters, NUL, lone surrogates, encodings. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "1' AND pg_sleep(1)--",
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2031-02-30T25:61:00Z',
  '99999-12-31T00:00:00Z',
  '\u202Egnp.exe',
  '😀'.repeat(40),
  'x'.repeat(10_000),
];

/**
 * Percent-encodes every byte of the UTF-8 form (a lone surrogate becomes U+FFFD, where
 * encodeURIComponent would throw), so any generated string can be put in a URL.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A string from the list above, an arbitrary (unicode) one, a long one, a number or a uuid. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // Control characters inside otherwise plain text: PostgreSQL refuses NUL in text columns.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0001', '\u001b', '\u2028'))
      .map(([s, c]) => `${s}${c}${s}`),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000, unit: 'grapheme-ascii' }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** A value of the wrong type, a hostile string, a nested object, an extreme number, null. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant({ $gt: '' }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2000 }, (_, i) => i)) },
);

/**
 * A path parameter: a real id of the fuzzing world some of the time (a valid id with a hostile
 * body reaches validation; a hostile id reaches lookup), percent-encoded junk or raw unencoded
 * metacharacters otherwise. Returned already placed in a URL segment.
 */
export function pathSegment(realValues: readonly string[]): fc.Arbitrary<string> {
  const encoded = hostileString.map((value) => percentEncode(value));
  const raw = fc.constantFrom('%00', '%zz', '%', '%C0%AF', '%E0%A4%A', '..', '%2e%2e', "'%20OR%201=1--", '%FF%FE');
  const real = realValues.length > 0 ? fc.constantFrom(...realValues) : encoded;
  return fc.oneof({ weight: 3, arbitrary: real }, { weight: 2, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** One key/value of a query string: a key the route knows or an unknown one, a hostile value. */
function queryPair(keys: readonly string[]): fc.Arbitrary<[string, string]> {
  const key =
    keys.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileString })
      : hostileString;
  return fc.tuple(key, hostileString);
}

/**
 * A query string (with its leading "?", or empty): known keys with hostile values, repeated keys
 * (arrays), unknown keys, huge values, and now and then raw junk no encoder would produce.
 */
export function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const pairs = fc.array(queryPair(keys), { maxLength: 6 });
  const encodedPairs = pairs.map((list) =>
    list.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'),
  );
  const repeated =
    keys.length > 0
      ? fc
          .tuple(fc.constantFrom(...keys), fc.array(hostileString, { minLength: 2, maxLength: 4 }))
          .map(([key, values]) => values.map((v) => `${percentEncode(key)}=${percentEncode(v)}`).join('&'))
      : encodedPairs;
  const raw = fc.constantFrom('%zz=1', 'a[b][c]=1', '=', '&&&', 'limit=%00', '__proto__[x]=1', 'q=%E0%A4%A', 'x');
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 4, arbitrary: encodedPairs },
      { weight: 2, arbitrary: repeated },
      { weight: 1, arbitrary: raw },
    )
    .map((query) => (query ? `?${query}` : ''));
}

/** A body that is valid except for one field, which is deleted or given a hostile value. */
function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  if (keys.length === 0) return fc.constant(valid);
  return fc.tuple(fc.constantFrom(...keys), fc.option(hostileValue, { freq: 5 })).map(([key, value]) => {
    const copy: Record<string, unknown> = { ...valid };
    if (value === null) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

/**
 * A JSON body (or `undefined`: no body): junk of any shape, an object carrying the field names
 * the route expects with hostile values, and (when the route has one) a valid body with one
 * field mutated. Every route gets these, bodiless methods included.
 */
export function jsonBody(fields: readonly string[], valid?: Record<string, unknown>): fc.Arbitrary<unknown> {
  const shaped =
    fields.length > 0
      ? fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: fields.length + 1 })
      : fc.dictionary(hostileString, hostileValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 4, arbitrary: shaped },
    { weight: valid ? 4 : 0, arbitrary: valid ? mutatedBody(valid) : fc.constant(undefined) },
  );
}

/** The top-level field names of a zod object schema, seen through optional/default/pipe wrappers. */
export function fieldNamesOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 8; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current._zod?.def;
    const next = def?.in ?? def?.innerType ?? def?.schema;
    current = next as typeof current;
  }
  return [];
}

// ---- Stripe Identity webhook ---------------------------------------------------------------

/** The event types Stripe Identity sends, plus ones it does not: each reaches another branch. */
const WEBHOOK_EVENT_TYPES = [
  'identity.verification_session.verified',
  'identity.verification_session.requires_input',
  'identity.verification_session.processing',
  'identity.verification_session.canceled',
  'identity.verification_session.created',
  'payment_intent.succeeded',
  'identity.verification_session.',
];

/**
 * A webhook body as text: an event-shaped JSON object whose fields (event id, type, session
 * id, status, last_error) are real or hostile, or JSON of the wrong shape (`null`, a number, an
 * array), or text that is not JSON at all. `sessionIds` are real verification sessions, so
 * some events reach the code that applies a verdict.
 */
export function webhookBody(sessionIds: readonly string[]): fc.Arbitrary<string> {
  const eventId = fc.oneof(
    { weight: 3, arbitrary: fc.uuid().map((id) => `evt_${id.replaceAll('-', '')}`) },
    { weight: 2, arbitrary: hostileValue },
  );
  const type = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WEBHOOK_EVENT_TYPES) },
    { weight: 1, arbitrary: hostileValue },
  );
  const sessionId = fc.oneof(
    { weight: 2, arbitrary: sessionIds.length > 0 ? fc.constantFrom(...sessionIds) : fc.constant('vs_none') },
    { weight: 1, arbitrary: fc.uuid().map((id) => `vs_${id.replaceAll('-', '')}`) },
    { weight: 2, arbitrary: hostileValue },
  );
  const session = fc.record(
    {
      id: sessionId,
      object: fc.oneof(fc.constant('identity.verification_session'), hostileValue),
      status: fc.oneof(fc.constantFrom('verified', 'requires_input', 'processing', 'canceled'), hostileValue),
      last_error: fc.oneof(
        fc.constant(null),
        fc.record({ code: hostileValue, reason: hostileValue }, { requiredKeys: [] }),
        hostileValue,
      ),
    },
    { requiredKeys: ['id', 'object'] },
  );
  const data = fc.oneof(
    { weight: 4, arbitrary: fc.record({ object: session }) },
    { weight: 1, arbitrary: hostileValue },
  );
  const event = fc.record(
    { id: eventId, object: fc.constant('event'), type, data, extra: hostileValue },
    { requiredKeys: ['id', 'type'] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: event.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom('null', '0', '"evt"', '[]', '{}', 'true', '[{"id":"evt_1"}]', '') },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileString },
  );
}

/**
 * A `Stripe-Signature` header that must NOT verify for `body` at `now` (seconds): missing,
 * junk, a random or truncated v1, the right body signed with another secret or at a stale or
 * future time, another body's signature, a timestamp that is not a number. `sign(body, t)`
 * signs the way Stripe does, with the real secret.
 */
export function forgedSignature(
  body: string,
  now: number,
  sign: (body: string, t: number, secret?: string) => string,
): fc.Arbitrary<string | undefined> {
  const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
  const v1Of = (header: string) => header.split(',')[1]!.slice('v1='.length);
  return fc.oneof(
    fc.constant(undefined),
    hostileString,
    hex64.map((hex) => `t=${now},v1=${hex}`),
    fc.constant(sign(body, now, 'whsec_attacker')),
    fc.integer({ min: 301, max: 10_000_000 }).map((age) => sign(body, now - age)),
    fc.integer({ min: 301, max: 10_000_000 }).map((ahead) => sign(body, now + ahead)),
    hostileString.filter((other) => other !== body).map((other) => sign(other, now)),
    // The right signature, mangled: truncated, upper-cased junk, a second t=, a non-numeric t.
    fc.nat({ max: 63 }).map((cut) => `t=${now},v1=${v1Of(sign(body, now)).slice(0, cut)}`),
    fc.constant(`t=${now}.0,v1=${v1Of(sign(body, now))}`),
    fc.constant(`t=abc,v1=${v1Of(sign(body, now))}`),
    fc.constant(`v1=${v1Of(sign(body, now))}`),
    fc.constant(`t=${now},v0=${v1Of(sign(body, now))}`),
    fc.constant(`t=${now},v1=${v1Of(sign(body, now))}`.replace(/^t=(\d+)/, (_m, t: string) => `t=${Number(t) + 1}`)),
    // Many signatures, none of them right (one right one among many would verify: key rotation).
    fc.constant(`${sign(body, now, 'whsec_attacker')},`.repeat(400)),
  );
}

// ---- image uploads -------------------------------------------------------------------------

/** Small valid pictures of each accepted format, the material the hostile files are cut from. */
export interface SampleImages {
  png: Buffer;
  jpeg: Buffer;
  gif: Buffer;
  webp: Buffer;
}

export interface HostileFile {
  kind: string;
  bytes: Buffer;
  contentType: string;
}

const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon'];

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG of a few dozen bytes whose IHDR declares `width` x `height` (a decompression bomb):
 * well-formed chunks and CRCs, and a tiny IDAT, so only the declared size is hostile.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The JPEG with the size in its first SOF marker replaced (at most 65535 on a side). */
export function jpegWithDeclaredSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let at = 2; at + 9 < copy.length;) {
    if (copy[at] !== 0xff) break;
    const marker = copy[at + 1]!;
    const length = copy.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + length;
  }
  throw new Error('no SOF marker in the sample JPEG');
}

/** The GIF with its logical screen and first image descriptor declaring `width` x `height`. */
export function gifWithDeclaredSize(gif: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(gif);
  copy.writeUInt16LE(width, 6);
  copy.writeUInt16LE(height, 8);
  const descriptor = copy.indexOf(0x2c, 13);
  if (descriptor > 0) {
    copy.writeUInt16LE(width, descriptor + 5);
    copy.writeUInt16LE(height, descriptor + 7);
  }
  return copy;
}

const SVGS = [
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '\uFEFF  <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
  '<!-- a comment --><svg/onload=alert(1)>',
  '<SVG WIDTH="100000" HEIGHT="100000"></SVG>',
];

const HTML_TAIL = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

/**
 * A hostile file for the upload URL: random bytes with an image content type, a valid picture
 * truncated or with bytes flipped, a valid magic number followed by garbage, a decompression
 * bomb (PNG, JPEG or GIF declaring a huge size), an SVG, an empty body, or a polyglot (a
 * valid picture with HTML and script appended, or one format's magic in front of another).
 */
export function hostileImageFile(samples: SampleImages): fc.Arbitrary<HostileFile> {
  const formats = Object.keys(samples) as Array<keyof SampleImages>;
  const format = fc.constantFrom(...formats);
  const contentType = fc.constantFrom(...IMAGE_CONTENT_TYPES);
  const noise = fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b));
  const file = (kind: string, bytes: fc.Arbitrary<Buffer>) =>
    fc.tuple(bytes, contentType).map(([b, type]): HostileFile => ({ kind, bytes: b, contentType: type }));
  const huge = fc.integer({ min: 8001, max: 65_535 });
  return fc.oneof(
    file('random bytes', noise),
    file(
      'truncated',
      fc.tuple(format, fc.double({ min: 0, max: 0.999, noNaN: true })).map(([f, share]) => {
        const bytes = samples[f];
        return bytes.subarray(0, Math.floor(bytes.length * share));
      }),
    ),
    file(
      'bytes flipped',
      fc
        .tuple(format, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }))
        .map(([f, flips]) => {
          const copy = Buffer.from(samples[f]);
          for (const [at, value] of flips) copy[at % copy.length] = value;
          return copy;
        }),
    ),
    file(
      'magic then garbage',
      fc
        .tuple(format, fc.integer({ min: 3, max: 64 }), noise)
        .map(([f, keep, rest]) => Buffer.concat([samples[f].subarray(0, keep), rest])),
    ),
    file(
      'decompression bomb',
      fc.oneof(
        fc
          .tuple(fc.integer({ min: 8001, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }))
          .map(([w, h]) => pngBomb(w, h)),
        fc.constant(pngBomb(100_000, 100_000)),
        fc.tuple(huge, huge).map(([w, h]) => jpegWithDeclaredSize(samples.jpeg, w, h)),
        fc.tuple(huge, huge).map(([w, h]) => gifWithDeclaredSize(samples.gif, w, h)),
      ),
    ),
    file(
      'svg',
      fc.constantFrom(...SVGS).map((text) => Buffer.from(text)),
    ),
    file('empty', fc.constant(Buffer.alloc(0))),
    file(
      'polyglot',
      fc.oneof(
        format.map((f) => Buffer.concat([samples[f], HTML_TAIL])),
        fc
          .tuple(format, format)
          .map(([outer, inner]) => Buffer.concat([samples[outer].subarray(0, 12), samples[inner]])),
      ),
    ),
  );
}

// ---- WebSocket frames ----------------------------------------------------------------------

/** One frame a client sends on /ws: its bytes, and whether it goes as a text or a binary frame. */
export interface WsFrame {
  kind: string;
  data: Buffer;
  binary: boolean;
}

/** Channel names of every shape, aimed at what the fuzzing member may not read. */
function channelName(forbidden: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...forbidden),
    fc.uuid().map((id) => `conversation:${id}`),
    fc.uuid().map((id) => `user:${id}`),
    fc.uuid().map((id) => `auction:${id}`),
    fc.constantFrom('*', 'user:*', 'conversation:', 'auction:%', ...forbidden.map((c) => c.toUpperCase())),
    hostileValue,
  );
}

/**
 * A client message: the protocol's types with fields of the right or wrong type, ids of
 * conversations and users the member is not part of, unknown types, or an object of no shape.
 */
function wsMessage(forbidden: readonly string[], ownIds: readonly string[]): fc.Arbitrary<unknown> {
  const forbiddenIds = forbidden.map((channel) => channel.slice(channel.indexOf(':') + 1));
  const id = fc.oneof(
    fc.uuid(),
    fc.constantFrom(...forbiddenIds, ...ownIds),
    fc.constantFrom(...forbiddenIds.map((value) => value.toUpperCase())),
    channelName(forbidden),
    hostileValue,
  );
  return fc.oneof(
    fc.record({ type: fc.constant('authenticate'), userId: id }),
    fc.record({ type: fc.constant('subscribe_auction'), auctionId: id }),
    fc.record({
      type: fc.constant('subscribe_auctions'),
      auctionIds: fc.oneof(fc.array(fc.uuid(), { maxLength: 60 }), fc.array(id, { maxLength: 8 }), hostileValue),
    }),
    fc.record({ type: fc.constant('subscribe_conversation'), conversationId: id }),
    fc.record({ type: fc.constant('unsubscribe'), channel: channelName(forbidden) }),
    fc.record({
      type: fc.constantFrom('subscribe', 'subscribe_user', 'publish', 'SUBSCRIBE_AUCTION'),
      channel: channelName(forbidden),
    }),
    fc.record({ type: hostileValue }),
    fc.constant({ type: 'ping' }),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/**
 * A frame for /ws: a protocol message (as text or binary), text that is not JSON, invalid
 * UTF-8 in a text frame, or a frame past the 4 KB bound (just past it, or far).
 */
export function wsFrame(forbidden: readonly string[], ownIds: readonly string[]): fc.Arbitrary<WsFrame> {
  const message = wsMessage(forbidden, ownIds).map((value) => Buffer.from(JSON.stringify(value) ?? 'null'));
  return fc.oneof(
    { weight: 8, arbitrary: message.map((data): WsFrame => ({ kind: 'message', data, binary: false })) },
    { weight: 1, arbitrary: message.map((data): WsFrame => ({ kind: 'binary message', data, binary: true })) },
    {
      weight: 2,
      arbitrary: hostileString.map((text): WsFrame => ({ kind: 'not json', data: Buffer.from(text), binary: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .map((bytes): WsFrame => ({ kind: 'binary junk', data: Buffer.from(bytes), binary: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80])
        .map((bad): WsFrame => ({ kind: 'invalid utf-8', data: Buffer.from([0x7b, ...bad, 0x7d]), binary: false })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 4097, max: 200_000 }).map((size): WsFrame => ({
        kind: 'oversized',
        data: Buffer.from(`{"type":"ping","pad":"${'x'.repeat(size)}"}`),
        binary: false,
      })),
    },
  );
}
