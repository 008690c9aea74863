import type { SignInProvider } from '@bid/contract';

/** What the app keeps from a provider's answer; everything else it sends is ignored. */
export interface ProviderProfile {
  /** The provider's stable id for the person; with the provider name it keys the account (docs/engineering.md §5). */
  subject: string;
  email: string | undefined;
  /** Only a verified address may become the account's e-mail or reveal that an account exists. */
  isEmailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** A provider that publishes OpenID Connect discovery: endpoints and keys come from its issuer. */
export interface OidcProtocol {
  kind: 'oidc';
  issuer: string;
}

/**
 * A plain OAuth 2.0 provider (X): no discovery and no ID token, so the endpoints are fixed
 * here and the subject comes from a profile API called with the access token.
 */
export interface OAuth2Protocol {
  kind: 'oauth2';
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  profileEndpoint: string;
  readProfile(body: unknown): ProviderProfile | undefined;
}

export type ProviderProtocol = OidcProtocol | OAuth2Protocol;

export interface ProviderDefinition {
  scope: string;
  /** Apple only returns the e-mail and name scopes with `form_post`, a cross-site POST to our callback. */
  responseMode: 'form_post' | undefined;
  /** The protocol used without an `<PROVIDER>_ISSUER` override. */
  defaultProtocol: ProviderProtocol;
}

export const PROVIDER_DEFINITIONS: Record<SignInProvider, ProviderDefinition> = {
  google: {
    scope: 'openid email profile',
    responseMode: undefined,
    defaultProtocol: { kind: 'oidc', issuer: 'https://accounts.google.com' },
  },
  replit: {
    scope: 'openid email profile',
    responseMode: undefined,
    defaultProtocol: { kind: 'oidc', issuer: 'https://replit.com/oidc' },
  },
  apple: {
    // Apple knows no `profile` scope; its name scope is called `name`.
    scope: 'openid email name',
    responseMode: 'form_post',
    defaultProtocol: { kind: 'oidc', issuer: 'https://appleid.apple.com' },
  },
  twitter: {
    // `users.read` alone is refused by /2/users/me, which also wants `tweet.read`. X shares no e-mail here.
    scope: 'users.read tweet.read',
    responseMode: undefined,
    defaultProtocol: {
      kind: 'oauth2',
      issuer: 'https://x.com',
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      profileEndpoint: 'https://api.x.com/2/users/me',
      readProfile: readXProfile,
    },
  },
};

/**
 * An `<PROVIDER>_ISSUER` override always means OpenID Connect discovery at that issuer, so a
 * test provider, a staging tenant or an OIDC gateway in front of X can stand in for the default.
 */
export function resolveProtocol(provider: SignInProvider, issuerOverride: string | undefined): ProviderProtocol {
  if (issuerOverride) return { kind: 'oidc', issuer: issuerOverride };
  return PROVIDER_DEFINITIONS[provider].defaultProtocol;
}

/** `GET /2/users/me` answers `{ data: { id, name, username } }`; only the id is an identity. */
export function readXProfile(body: unknown): ProviderProfile | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const id = (data as { id?: unknown }).id;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  return { subject: id, email: undefined, isEmailVerified: false, givenName: undefined, familyName: undefined };
}

/** Reads the standard OIDC claims; Apple sends `email_verified` as the string "true". */
export function readOidcProfile(claims: Record<string, unknown>): ProviderProfile | undefined {
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject.length === 0) return undefined;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  return {
    subject,
    email,
    isEmailVerified: email !== undefined && (claims.email_verified === true || claims.email_verified === 'true'),
    givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
    familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
  };
}
