import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeEmailAuthSchema,
  emailSchema,
  otpSchema,
  resetPasswordSchema,
  sanitizeOtpInput,
  sendOtpSchema,
} from './auth.js';

describe('sign-in contract (docs/product.md §5)', () => {
  it('normalises e-mail addresses and refuses malformed ones', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'a b@example.com']) {
      expect(emailSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('accepts exactly six digits as a code', () => {
    expect(otpSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456', '']) {
      expect(otpSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('keeps only digits in the code input, at most six', () => {
    expect(sanitizeOtpInput('12a3-45 678')).toBe('123456');
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = sanitizeOtpInput(input);
        expect(out).toMatch(/^\d{0,6}$/);
      }),
    );
  });

  it('wants passwords of 8 to 128 characters', () => {
    const base = { verificationToken: 't', isSignup: true };
    expect(completeEmailAuthSchema.safeParse({ ...base, password: 'x'.repeat(7) }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
    expect(completeEmailAuthSchema.safeParse({ ...base, password: 'x'.repeat(8) }).success).toBe(true);
    expect(completeEmailAuthSchema.safeParse({ ...base, password: 'x'.repeat(128) }).success).toBe(true);
    expect(completeEmailAuthSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('takes the sign-in password with the code request, at any length up to the maximum', () => {
    expect(sendOtpSchema.parse({ email: 'Ada@Example.com' })).toEqual({ email: 'ada@example.com' });
    expect(sendOtpSchema.parse({ email: 'ada@example.com', password: 'short' }).password).toBe('short');
    expect(sendOtpSchema.safeParse({ email: 'ada@example.com', password: '' }).error?.issues[0]?.message).toBe(
      'Password is required',
    );
    expect(sendOtpSchema.safeParse({ email: 'ada@example.com', password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('wants a code and a password that follows the rules to reset a password', () => {
    const base = { email: 'ada@example.com', otp: '123456' };
    expect(resetPasswordSchema.safeParse({ ...base, password: 'long enough' }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ ...base, password: 'x'.repeat(7) }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
    expect(resetPasswordSchema.safeParse({ ...base, otp: '12345', password: 'long enough' }).success).toBe(false);
  });
});
