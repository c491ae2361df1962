import { createPublicKey } from 'node:crypto';
import type { Client } from '../clients/model.js';

/** The /authorize parameters we read (OIDC Core §3.1.2.1, RFC 7636, RFC 9207); everything else is ignored. */
export interface AuthorizeParameters {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  response_mode?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  prompt?: string;
  max_age?: string;
  login_hint?: string;
  id_token_hint?: string;
  organization_id?: string;
  zk_pub?: string;
  request?: string;
  request_uri?: string;
}

/** A validated authorization request, as stored while pending. */
export interface ValidatedRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  prompt: string[];
  maxAge: number | null;
  loginHint: string | null;
  idTokenHint: string | null;
  organizationId: string | null;
  zkPub: string | null;
}

/** An error that may not be sent to the redirect URI: shown to the user as a page instead. */
export class UntrustedRedirectError extends Error {
  override name = 'UntrustedRedirectError';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** An error returned to the validated redirect URI (RFC 6749 §4.1.2.1). */
export class AuthorizationError extends Error {
  override name = 'AuthorizationError';
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);
/** Unpadded base64url (RFC 7515 §2). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** RFC 7636 §4.2: S256 challenges are 43 base64url characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Steps 1-2 of the authorization endpoint: the client and the redirect URI, compared exactly (RFC 9700 §4.1.3).
 * Until both check out, no error may be redirected anywhere.
 */
export function resolveRedirect(client: Client | null, parameters: AuthorizeParameters): string {
  if (!parameters.client_id) throw new UntrustedRedirectError('invalid_request', 'client_id is missing');
  if (!client) throw new UntrustedRedirectError('invalid_client', 'the application is not registered');
  if (!client.grantTypes.includes('authorization_code')) {
    throw new UntrustedRedirectError('unauthorized_client', 'the application may not use this sign-in flow');
  }
  const redirectUri = parameters.redirect_uri;
  if (redirectUri === undefined) {
    // OIDC Core §3.1.2.1 requires it; accepting its absence would also make the token request's redirect_uri
    // check (RFC 6749 §4.1.3) depend on what was omitted here.
    throw new UntrustedRedirectError('invalid_request', 'redirect_uri is missing');
  }
  if (!client.redirectUris.includes(redirectUri)) {
    throw new UntrustedRedirectError(
      'invalid_request',
      'redirect_uri is not registered for this application',
    );
  }
  return redirectUri;
}

/**
 * A zk_pub is the base64url of a public P-256 JWK. Private members, other curves and points off the curve are
 * refused (RFC 8725 §3.4: validate ECDH inputs); node's key import checks the point lies on the curve.
 */
export function validateZkPublicKey(value: string): void {
  // Node's base64url decoder skips characters outside the alphabet, so the alphabet is checked first.
  if (!BASE64URL.test(value))
    throw new AuthorizationError('invalid_request', 'zk_pub is not base64url-encoded');
  let jwk: Record<string, unknown>;
  try {
    jwk = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw new AuthorizationError('invalid_request', 'zk_pub is not base64url-encoded JSON');
  }
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) {
    throw new AuthorizationError('invalid_request', 'zk_pub is not a JWK');
  }
  if ('d' in jwk)
    throw new AuthorizationError('invalid_request', 'zk_pub must not contain private key members');
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new AuthorizationError('invalid_request', 'zk_pub must be a P-256 EC public key');
  }
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  } catch {
    throw new AuthorizationError('invalid_request', 'zk_pub is not a valid point on P-256');
  }
}

/** The remaining checks, whose failures go back to the (now validated) redirect URI. */
export function validateAuthorizeParameters(
  client: Client,
  redirectUri: string,
  parameters: AuthorizeParameters,
): ValidatedRequest {
  if (parameters.request !== undefined)
    throw new AuthorizationError('request_not_supported', 'request objects are not supported');
  if (parameters.request_uri !== undefined) {
    throw new AuthorizationError('request_uri_not_supported', 'request_uri is not supported');
  }
  if (!parameters.response_type) throw new AuthorizationError('invalid_request', 'response_type is missing');
  if (parameters.response_type !== 'code') {
    throw new AuthorizationError('unsupported_response_type', 'only response_type=code is supported');
  }
  if (parameters.response_mode !== undefined && parameters.response_mode !== 'query') {
    throw new AuthorizationError('invalid_request', 'only response_mode=query is supported');
  }

  const requested = (parameters.scope ?? '').split(' ').filter(Boolean);
  if (requested.length === 0) throw new AuthorizationError('invalid_scope', 'scope is missing');
  const allowed = new Set(client.scopes.map((entry) => entry.scope));
  for (const scope of requested) {
    if (!allowed.has(scope))
      throw new AuthorizationError('invalid_scope', `scope '${scope}' is not allowed for this application`);
  }

  const method = parameters.code_challenge_method;
  if (method !== undefined && method !== 'S256') {
    throw new AuthorizationError('invalid_request', 'code_challenge_method must be S256');
  }
  const challenge = parameters.code_challenge ?? null;
  if (challenge === null && method !== undefined)
    throw new AuthorizationError('invalid_request', 'code_challenge is missing');
  if (challenge !== null && !CODE_CHALLENGE.test(challenge)) {
    throw new AuthorizationError('invalid_request', 'code_challenge must be a base64url S256 hash');
  }
  if (challenge === null && (client.type === 'public' || client.requirePkce)) {
    throw new AuthorizationError(
      'invalid_request',
      'this application must use PKCE (code_challenge with S256)',
    );
  }
  if (challenge !== null && method === undefined) {
    // RFC 7636 §4.3 defaults to plain; we offer S256 only, so an unlabelled challenge is refused rather than guessed.
    throw new AuthorizationError('invalid_request', 'code_challenge_method=S256 is required');
  }

  const prompt = (parameters.prompt ?? '').split(' ').filter(Boolean);
  for (const value of prompt) {
    if (!PROMPTS.has(value))
      throw new AuthorizationError('invalid_request', `prompt '${value}' is not supported`);
  }
  if (prompt.includes('none') && prompt.length > 1) {
    // OIDC Core §3.1.2.1: none with any other value is an error.
    throw new AuthorizationError('invalid_request', 'prompt=none cannot be combined with other values');
  }

  let maxAge: number | null = null;
  if (parameters.max_age !== undefined) {
    if (!/^\d{1,9}$/.test(parameters.max_age))
      throw new AuthorizationError('invalid_request', 'max_age must be a whole number of seconds');
    maxAge = Number(parameters.max_age);
  }

  let zkPub: string | null = null;
  if (client.zkDelivery !== 'none') {
    if (parameters.zk_pub !== undefined) {
      validateZkPublicKey(parameters.zk_pub);
      zkPub = parameters.zk_pub;
    } else if (client.zkRequired) {
      throw new AuthorizationError('invalid_request', 'zk_pub is required for this application');
    }
  }

  return {
    clientId: client.id,
    redirectUri,
    scope: requested.join(' '),
    state: parameters.state ?? null,
    nonce: parameters.nonce ?? null,
    codeChallenge: challenge,
    prompt,
    maxAge,
    loginHint: parameters.login_hint ?? null,
    idTokenHint: parameters.id_token_hint ?? null,
    organizationId: parameters.organization_id ?? null,
    zkPub,
  };
}

/** The redirect back to the client with response parameters added to its query, keeping the registered query. */
export function authorizationResponseUrl(
  redirectUri: string,
  parameters: Record<string, string | null | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined) url.searchParams.append(name, value);
  }
  return url.href;
}
