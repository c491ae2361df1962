/**
 * Every failure of the SDK is a `TesseraClientError` with a stable `code`, like `jose`'s error codes: branch on the
 * code, never on the message. Messages say what went wrong and never contain a token, a key or a secret.
 */
export type TesseraErrorCode =
  /** The discovery document could not be fetched or names another issuer (OIDC Discovery §4.3). */
  | 'discovery_failed'
  /** A request to the provider failed at the network level or answered something that is not the protocol's. */
  | 'invalid_response'
  /** The provider answered an OAuth error (`oauthError` holds its `error`, e.g. `invalid_grant`). */
  | 'oauth_error'
  /** The authorization response came back with `error` (`oauthError` holds it, e.g. `access_denied`). */
  | 'authorization_denied'
  /** The callback's `state` is missing or belongs to no sign-in this client started (RFC 6749 §10.12). */
  | 'state_mismatch'
  /** The callback's `iss` is missing or not this provider's (RFC 9207 §2.4): a mix-up attack or a misconfiguration. */
  | 'iss_mismatch'
  /** The callback has no `code`. */
  | 'code_missing'
  /** A JWT is malformed, uses an algorithm not allowed, or names a key the JWKS does not have. */
  | 'jwt_invalid'
  /** A JWT's signature does not verify against the provider's JWKS. */
  | 'jwt_signature_invalid'
  /** A JWT has expired (or is not valid yet). */
  | 'jwt_expired'
  /** A JWT's `iss`, `aud`, `azp`, `typ` or another checked claim is not the expected value (`claim` names it). */
  | 'jwt_claim_mismatch'
  /** The ID token's `nonce` is not the one this sign-in sent (OIDC Core §3.1.3.7 step 11). */
  | 'nonce_mismatch'
  /** A ZK sign-in came back without the key in the fragment, or the token response lacks its hash. */
  | 'zk_key_missing'
  /** base64url(SHA-256(JWE)) is not the token response's `zk_key_hash` / `zk_drk_hash` (docs/zk.md §10 step 4). */
  | 'hash_mismatch'
  /** The key delivery JWE is malformed, uses another algorithm, or does not decrypt with this sign-in's key. */
  | 'jwe_invalid'
  /** The key delivery's payload is bound to another issuer, user, client, state or redirect URI (`claim` names it). */
  | 'jwe_binding_mismatch'
  /** The key delivery's validity window (120 s, docs/zk.md §5) is over or not begun. */
  | 'jwe_expired'
  /** The token response announces a key kind or version this SDK does not accept. */
  | 'zk_kind_mismatch'
  /** An operation needs a session (tokens) and there is none, or it has no refresh token. */
  | 'not_signed_in'
  /** A caller passed an option the SDK cannot use (a raw-key request without `extractable`, a bad URL, ...). */
  | 'invalid_argument';

export class TesseraClientError extends Error {
  override readonly name = 'TesseraClientError';
  readonly code: TesseraErrorCode;
  /** For `oauth_error` and `authorization_denied`: the OAuth `error` value. */
  readonly oauthError: string | undefined;
  /** For `jwt_claim_mismatch` and `jwe_binding_mismatch`: the member that differs. */
  readonly claim: string | undefined;

  constructor(
    code: TesseraErrorCode,
    message: string,
    details: { oauthError?: string; claim?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.oauthError = details.oauthError;
    this.claim = details.claim;
  }
}

export function isTesseraClientError(error: unknown, code?: TesseraErrorCode): error is TesseraClientError {
  return error instanceof TesseraClientError && (code === undefined || error.code === code);
}
