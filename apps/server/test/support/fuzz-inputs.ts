import fc from 'fast-check';

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
