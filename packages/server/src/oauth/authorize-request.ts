import type { AuthorizeErrorReason } from '../app/page-messages.js';
import { zkPubProblem } from '../keys/formats.js';
import type { AuthorizationErrorCode, ErrorPageCode } from '../protocol/oauth/errors.js';

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
  ui_locales?: string;
  id_token_hint?: string;
  organization_id?: string;
  zk_pub?: string;
  /** RFC 9449 §10: the thumbprint of the DPoP key the code will be redeemed with. */
  dpop_jkt?: string;
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
  /** The first of `ui_locales` the hosted UI speaks (OIDC Core §3.1.2.1), for its pages; null: none of them. */
  uiLocale?: string | null;
  idTokenHint: string | null;
  organizationId: string | null;
  zkPub: string | null;
  /** RFC 9449 §10: the DPoP key the code is bound to (absent on requests parked before it existed). */
  dpopJkt?: string | null;
}

/** An error that may not be sent to the redirect URI: shown to the user as a page instead. */
export class UntrustedRedirectError extends Error {
  override name = 'UntrustedRedirectError';
  constructor(
    readonly error: ErrorPageCode,
    message: string,
    /** What the page tells the user (app/page-messages.ts). */
    readonly reason: AuthorizeErrorReason = 'invalid_request',
  ) {
    super(message);
  }
}

/** An error returned to the validated redirect URI (RFC 6749 §4.1.2.1). */
export class AuthorizationError extends Error {
  override name = 'AuthorizationError';
  constructor(
    readonly error: AuthorizationErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * A zk_pub is the base64url of a public P-256 JWK. Private members, other curves and points off the curve are
 * refused (RFC 8725 §3.4: validate ECDH inputs), by the key custody slice's rule (keys/formats.ts).
 */
export function validateZkPublicKey(value: string): void {
  const problem = zkPubProblem(value);
  if (problem !== null) throw new AuthorizationError('invalid_request', problem);
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
