import { createHash } from 'node:crypto';
import { AUDIT_ACTIONS } from '@bid/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  computeAuditEntryHash,
  hashSessionId,
  serializeAuditEntry,
  type AuditEntryContent,
} from '../../src/modules/audit/audit.hash.js';
import {
  AUDIT_RETENTION_YEARS,
  computeRetentionDate,
  isSensitiveDetailKey,
  redactAuditDetails,
} from '../../src/modules/audit/audit.policy.js';

/** Rebuilds an object with its keys in a different insertion order, at every depth. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  }
  return value;
}

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and adds no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1,2]},"b":1}');
  });

  it('escapes strings and keys as JSON does', () => {
    expect(canonicalJson({ 'q"k': 'line\nbreak "quoted" é' })).toBe('{"q\\"k":"line\\nbreak \\"quoted\\" é"}');
  });

  it('drops undefined members like JSON.stringify, and refuses values jsonb cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ big: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });

  it('does not depend on key insertion order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(reverseKeys(value))).toBe(canonicalJson(value));
      }),
    );
  });

  it('survives a JSON round trip unchanged (what jsonb storage amounts to)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
    );
  });
});

const sampleEntry: AuditEntryContent = {
  sequence: 7,
  timestamp: new Date('2026-03-01T10:20:30.456Z'),
  userId: '3f1b2c4d-0000-4000-8000-000000000001',
  action: 'login',
  resource: 'session',
  resourceId: null,
  outcome: 'success',
  details: { method: 'email', attempts: 1 },
  clientIp: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  sessionId: hashSessionId('raw-session'),
  previousHash: 'a'.repeat(64),
  retentionDate: new Date('2027-03-01T10:20:30.456Z'),
  complianceLevel: 'ial2',
};

describe('serializeAuditEntry and computeAuditEntryHash', () => {
  it('serializes every hashed field, in canonical form with ISO dates', () => {
    expect(serializeAuditEntry(sampleEntry)).toBe(
      '{"action":"login","clientIp":"203.0.113.9","complianceLevel":"ial2",' +
        '"details":{"attempts":1,"method":"email"},"outcome":"success","previousHash":"' +
        'a'.repeat(64) +
        '","resource":"session","resourceId":null,"retentionDate":"2027-03-01T10:20:30.456Z",' +
        `"sequence":7,"sessionId":"${hashSessionId('raw-session')}","timestamp":"2026-03-01T10:20:30.456Z",` +
        '"userAgent":"Mozilla/5.0","userId":"3f1b2c4d-0000-4000-8000-000000000001"}',
    );
  });

  it('is the SHA-256 hex of that serialization', () => {
    const expected = createHash('sha256').update(serializeAuditEntry(sampleEntry)).digest('hex');
    expect(computeAuditEntryHash(sampleEntry)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when any hashed field changes', () => {
    const base = computeAuditEntryHash(sampleEntry);
    const variants: Partial<AuditEntryContent>[] = [
      { sequence: 8 },
      { timestamp: new Date('2026-03-01T10:20:30.457Z') },
      { userId: null },
      { action: 'logout' },
      { resource: 'account' },
      { resourceId: 'x' },
      { outcome: 'failure' },
      { details: { method: 'email', attempts: 2 } },
      { details: null },
      { clientIp: null },
      { userAgent: 'curl/8' },
      { sessionId: null },
      { previousHash: null },
      { retentionDate: null },
      { complianceLevel: 'ial1' },
    ];
    for (const change of variants) {
      expect(computeAuditEntryHash({ ...sampleEntry, ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });

  it('keeps a null field distinct from the string "null"', () => {
    expect(computeAuditEntryHash({ ...sampleEntry, resourceId: 'null' })).not.toBe(computeAuditEntryHash(sampleEntry));
  });
});

describe('hashSessionId', () => {
  it('is the SHA-256 hex of the raw id and never contains it', () => {
    const raw = 'sess_9f8e7d6c5b4a';
    expect(hashSessionId(raw)).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(hashSessionId(raw)).not.toContain(raw);
  });
});

describe('retention policy', () => {
  it('decides a retention for every audit action', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_RETENTION_YEARS[action]).toBeGreaterThan(0);
  });

  it('keeps sign-in and access events one year', () => {
    const at = new Date('2026-05-10T08:00:00.000Z');
    for (const action of ['login', 'logout', 'access_granted', 'access_denied'] as const) {
      expect(computeRetentionDate(action, at).toISOString()).toBe('2027-05-10T08:00:00.000Z');
    }
  });

  it('keeps verification and document events seven years', () => {
    const at = new Date('2026-05-10T08:00:00.000Z');
    for (const action of ['verify', 'verification_start', 'verification_complete', 'document_secured'] as const) {
      expect(computeRetentionDate(action, at).toISOString()).toBe('2033-05-10T08:00:00.000Z');
    }
  });

  it('counts UTC calendar years, rolling 29 February to 1 March', () => {
    expect(computeRetentionDate('login', new Date('2028-02-29T23:30:00.000Z')).toISOString()).toBe(
      '2029-03-01T23:30:00.000Z',
    );
  });

  it('does not modify the date it is given', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    computeRetentionDate('verify', at);
    expect(at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('redactAuditDetails', () => {
  it('recognizes credential, code and session keys in any case', () => {
    for (const key of [
      'password',
      'newPassword',
      'passphrase',
      'otp',
      'OTP',
      'code',
      'Code',
      'token',
      'verificationToken',
      'access_token',
      'secret',
      'clientSecret',
      'cookie',
      'Set-Cookie',
      'sessionId',
      'sid',
      'authorization',
      'apiKey',
      'selfie',
    ]) {
      expect(isSensitiveDetailKey(key), key).toBe(true);
    }
    for (const key of ['email', 'method', 'provider', 'reason', 'attempts', 'errorCode']) {
      expect(isSensitiveDetailKey(key), key).toBe(false);
    }
  });

  it('removes sensitive keys at any depth, inside arrays too', () => {
    expect(
      redactAuditDetails({
        email: 'a@example.com',
        password: 'hunter22',
        nested: { verificationToken: 'tok', provider: 'google', deeper: { otp: '123456', ok: true } },
        list: [{ cookie: 'c=1', keep: 1 }, 'plain'],
      }),
    ).toEqual({
      email: 'a@example.com',
      nested: { provider: 'google', deeper: { ok: true } },
      list: [{ keep: 1 }, 'plain'],
    });
  });

  it('reduces values to the JSON that jsonb will give back', () => {
    const at = new Date('2026-01-02T03:04:05.006Z');
    expect(
      redactAuditDetails({ at, missing: undefined, nan: Number.NaN, arr: [undefined, 1], nul: 'a\u0000b' }),
    ).toEqual({ at: '2026-01-02T03:04:05.006Z', nan: null, arr: [null, 1], nul: 'ab' });
  });

  it('keeps absent details absent', () => {
    expect(redactAuditDetails(undefined)).toBeNull();
    expect(redactAuditDetails(null)).toBeNull();
  });
});
