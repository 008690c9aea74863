import type { SignInProvider } from '@bid/contract';
import * as oidc from 'openid-client';
import type { SignInProviderSettings } from '../../../config/env.js';
import {
  PROVIDER_DEFINITIONS,
  readOidcProfile,
  resolveProtocol,
  type OAuth2Protocol,
  type ProviderProfile,
  type ProviderProtocol,
} from './provider-catalog.js';

/** Seconds; a provider slower than this fails the sign-in instead of holding the request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The only authorization-response parameters passed on; anything else (Apple's `user`) stays out of validation. */
const AUTHORIZATION_RESPONSE_PARAMETERS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri'];

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderClient {
  readonly provider: SignInProvider;
  /** Where to send the browser. The first call discovers the provider (the app boots offline). */
  buildAuthorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Validates the callback, redeems the code with PKCE (and nonce for OIDC) and reads who signed in. */
  exchangeCode(callbackParameters: URLSearchParams, request: AuthorizationRequest): Promise<ProviderProfile>;
}

export class ProviderProfileError extends Error {
  override name = 'ProviderProfileError';
}

export function createProviderClient(
  provider: SignInProvider,
  settings: SignInProviderSettings,
  publicUrl: string,
): ProviderClient {
  const definition = PROVIDER_DEFINITIONS[provider];
  const protocol = resolveProtocol(provider, settings.issuer);
  const redirectUri = `${publicUrl}/api/callback/${provider}`;
  let configuration: Promise<oidc.Configuration> | undefined;

  const getConfiguration = () => {
    configuration ??= loadConfiguration(protocol, settings).catch((err: unknown) => {
      // A provider that was down must be retried on the next sign-in, not remembered as broken.
      configuration = undefined;
      throw err;
    });
    return configuration;
  };

  return {
    provider,
    async buildAuthorizationUrl(request) {
      const config = await getConfiguration();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: definition.scope,
        state: request.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (protocol.kind === 'oidc') parameters.nonce = request.nonce;
      if (definition.responseMode) parameters.response_mode = definition.responseMode;
      return oidc.buildAuthorizationUrl(config, parameters);
    },
    async exchangeCode(callbackParameters, request) {
      const config = await getConfiguration();
      // The redirect_uri sent to the token endpoint is derived from this URL, so it is rebuilt
      // from PUBLIC_URL rather than from the request, which a proxy may have rewritten.
      const currentUrl = new URL(redirectUri);
      for (const name of AUTHORIZATION_RESPONSE_PARAMETERS) {
        const value = callbackParameters.get(name);
        if (value !== null) currentUrl.searchParams.set(name, value);
      }
      if (protocol.kind === 'oauth2') return exchangeOAuth2Code(config, protocol, currentUrl, request);
      return exchangeOidcCode(config, currentUrl, request);
    },
  };
}

async function loadConfiguration(protocol: ProviderProtocol, settings: SignInProviderSettings) {
  // env.ts only lets http through for a loopback issuer outside production (a local test provider).
  const isInsecure = new URL(protocol.issuer).protocol === 'http:';
  const metadata = { client_secret: settings.clientSecret };
  let server: oidc.ServerMetadata;
  if (protocol.kind === 'oidc') {
    const discovered = await oidc.discovery(new URL(protocol.issuer), settings.clientId, metadata, undefined, {
      execute: isInsecure ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    server = discovered.serverMetadata();
  } else {
    server = {
      issuer: protocol.issuer,
      authorization_endpoint: protocol.authorizationEndpoint,
      token_endpoint: protocol.tokenEndpoint,
      // X documents HTTP Basic for confidential clients.
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
    };
  }
  const config = new oidc.Configuration(server, settings.clientId, metadata, chooseClientAuth(server, settings));
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (isInsecure) oidc.allowInsecureRequests(config);
  return config;
}

/**
 * openid-client defaults to client_secret_post, which Google and Apple accept but servers that
 * only list client_secret_basic (the spec's default when nothing is listed) refuse.
 */
function chooseClientAuth(server: oidc.ServerMetadata, settings: SignInProviderSettings): oidc.ClientAuth {
  const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return methods.includes('client_secret_basic')
    ? oidc.ClientSecretBasic(settings.clientSecret)
    : oidc.ClientSecretPost(settings.clientSecret);
}

/**
 * Trades the callback's code for tokens, checking the PKCE verifier and the state against the
 * stored request, and the nonce too where an ID token carries one (OIDC).
 */
function grantCode(
  config: oidc.Configuration,
  currentUrl: URL,
  request: AuthorizationRequest,
  options: { checkNonce: boolean },
) {
  return oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    ...(options.checkNonce ? { expectedNonce: request.nonce } : {}),
  });
}

async function exchangeOidcCode(
  config: oidc.Configuration,
  currentUrl: URL,
  request: AuthorizationRequest,
): Promise<ProviderProfile> {
  const tokens = await grantCode(config, currentUrl, request, { checkNonce: true });
  const idClaims = tokens.claims();
  if (!idClaims) throw new ProviderProfileError('the token response carried no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  // Providers that follow OIDC to the letter put e-mail and name only in userinfo for the code flow.
  if (idClaims.email === undefined && config.serverMetadata().userinfo_endpoint) {
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    // The signed ID token wins where both speak.
    claims = { ...userInfo, ...idClaims };
  }
  const profile = readOidcProfile(claims);
  if (!profile) throw new ProviderProfileError('the ID token has no subject');
  return profile;
}

async function exchangeOAuth2Code(
  config: oidc.Configuration,
  protocol: OAuth2Protocol,
  currentUrl: URL,
  request: AuthorizationRequest,
): Promise<ProviderProfile> {
  const tokens = await grantCode(config, currentUrl, request, { checkNonce: false });
  const response = await oidc.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(protocol.profileEndpoint),
    'GET',
  );
  if (!response.ok) throw new ProviderProfileError(`the profile endpoint answered ${response.status}`);
  const profile = protocol.readProfile(await response.json());
  if (!profile) throw new ProviderProfileError('the profile has no id');
  return profile;
}
