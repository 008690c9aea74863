import { describe, expect, it } from 'vitest';
import { readOidcProfile, readXProfile, resolveProtocol } from './provider-catalog.js';

describe('provider catalog', () => {
  it('reaches X through its fixed OAuth 2.0 endpoints unless an issuer is configured', () => {
    expect(resolveProtocol('twitter', undefined)).toMatchObject({
      kind: 'oauth2',
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      profileEndpoint: 'https://api.x.com/2/users/me',
    });
    expect(resolveProtocol('twitter', 'https://oidc.example.com')).toEqual({
      kind: 'oidc',
      issuer: 'https://oidc.example.com',
    });
    expect(resolveProtocol('google', undefined)).toEqual({ kind: 'oidc', issuer: 'https://accounts.google.com' });
  });

  it("takes X's subject from data.id and nothing else", () => {
    expect(readXProfile({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } })).toEqual({
      subject: '2244994945',
      email: undefined,
      isEmailVerified: false,
      givenName: undefined,
      familyName: undefined,
    });
    expect(readXProfile({ data: {} })).toBeUndefined();
    expect(readXProfile({ errors: [{ title: 'Unauthorized' }] })).toBeUndefined();
    expect(readXProfile(null)).toBeUndefined();
  });

  it("reads OIDC claims, including Apple's string email_verified", () => {
    expect(readOidcProfile({ sub: 'a1', email: 'p@example.com', email_verified: 'true' })).toMatchObject({
      subject: 'a1',
      email: 'p@example.com',
      isEmailVerified: true,
    });
    expect(readOidcProfile({ sub: 'g1', email: 'p@example.com', email_verified: false })?.isEmailVerified).toBe(false);
    expect(readOidcProfile({ sub: 'g2', email: 'p@example.com' })?.isEmailVerified).toBe(false);
    expect(readOidcProfile({ sub: 'g3', given_name: 'Ada', family_name: 'Lovelace' })).toMatchObject({
      givenName: 'Ada',
      familyName: 'Lovelace',
      isEmailVerified: false,
    });
    expect(readOidcProfile({ email: 'no-subject@example.com' })).toBeUndefined();
  });
});
