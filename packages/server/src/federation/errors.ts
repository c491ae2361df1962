import { defineErrors } from '../app/errors.js';

/**
 * The error codes of federation (docs/federation.md), each with its one status. The shared codes (invalid_request,
 * not_found, session access, ...) are in app/errors.ts.
 */
const FEDERATION_ERRORS = {
  /** A verified domain belongs to one connection (docs/federation.md#routed-domains). */
  domain_taken: 409,
  /** The DNS TXT challenge record was not found (or held another value). */
  domain_not_verified: 409,
  /** A domain this connection does not list. */
  unknown_domain: 404,
  /** The upstream could not be reached or answered with something unusable (discovery, token, JWKS, userinfo). */
  upstream_unavailable: 502,
  /**
   * The outbound policy refused the address (private, loopback, link-local, ... or plain http):
   * docs/federation.md#outbound-requests.
   */
  upstream_refused: 400,
  /** Endpoints or discovery metadata that do not fit the connection (issuer mismatch, missing endpoint). */
  invalid_upstream_metadata: 400,
  /** The connection is disabled or has no verified domain for the address. */
  connection_unavailable: 409,
  /** Unlinking would leave the account no way to sign in (no password, no passkey, no other linked identity). */
  last_sign_in_method: 409,
} as const;
type FederationErrorStatuses = typeof FEDERATION_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends FederationErrorStatuses {}
}

export type FederationErrorCode = keyof FederationErrorStatuses;

/** `federationError('code', 'message')`: an ApiError with the code's status. */
export const federationError = defineErrors(FEDERATION_ERRORS);
