import { type TObject, Type } from 'typebox';

/**
 * Every OAuth error code the server answers with, once: the HTTP status of its JSON answer (RFC 6749 §5.2 body,
 * `{ error, error_description }`), whether the authorization endpoint sends it back to the redirect URI (RFC 6749
 * §4.1.2.1, with `state` and `iss`, RFC 9207), and where it is defined. A code the server never emits
 * (`server_error`, `unsupported_token_type`, `account_selection_required`, ...) is not listed, so the OpenAPI
 * description names only what an answer may carry. This file imports no slice, so any may use it.
 */
interface OAuthErrorDefinition {
  /** The status of a JSON error answer with this code; null for a code only an authorization response carries. */
  readonly status: number | null;
  /** Sent to the validated redirect URI by the authorization endpoint. */
  readonly redirect: boolean;
  readonly defined: string;
  /**
   * The status when a protected resource answers with this code in a `WWW-Authenticate` challenge, where it differs
   * from the token endpoint's (RFC 9449 §7.1: 401 at a resource, 400 at /token).
   */
  readonly challengeStatus?: number;
}

export const OAUTH_ERRORS = {
  invalid_request: {
    status: 400,
    redirect: true,
    defined: 'RFC 6749 §4.1.2.1, §5.2; RFC 6750 §3.1; RFC 7009 §2.2.1; RFC 7662 §2.3',
  },
  /** RFC 6749 §5.2: 401, with a challenge when the client used the Authorization header. */
  invalid_client: { status: 401, redirect: false, defined: 'RFC 6749 §5.2; RFC 7009 §2.2.1; RFC 7662 §2.3' },
  invalid_grant: { status: 400, redirect: false, defined: 'RFC 6749 §5.2' },
  /** Also a token presented for revocation by a client it was not issued to (RFC 7009 §2.1). */
  unauthorized_client: { status: 400, redirect: false, defined: 'RFC 6749 §4.1.2.1, §5.2; RFC 7009 §2.1' },
  unsupported_grant_type: { status: 400, redirect: false, defined: 'RFC 6749 §5.2' },
  invalid_scope: { status: 400, redirect: true, defined: 'RFC 6749 §4.1.2.1, §5.2' },
  /** A `resource` or `audience` the client may not obtain a token for (token exchange). */
  invalid_target: { status: 400, redirect: false, defined: 'RFC 8707 §2; RFC 8693 §2.2.2' },
  /** Answered as JSON with 503 and Retry-After while the database is away (RFC 9110 §15.6.4). */
  temporarily_unavailable: { status: 503, redirect: false, defined: 'RFC 6749 §4.1.2.1' },
  invalid_token: { status: 401, redirect: false, defined: 'RFC 6750 §3.1' },
  insufficient_scope: { status: 403, redirect: false, defined: 'RFC 6750 §3.1' },
  /** A DPoP proof that is missing where required, malformed, or fails a check (RFC 9449 §4.3). */
  invalid_dpop_proof: {
    status: 400,
    redirect: false,
    challengeStatus: 401,
    defined: 'RFC 9449 §5, §7.1, §12.2',
  },
  /** The proof must carry the nonce sent in the `DPoP-Nonce` header (RFC 9449 §8, §9). */
  use_dpop_nonce: {
    status: 400,
    redirect: false,
    challengeStatus: 401,
    defined: 'RFC 9449 §8, §9, §12.2',
  },
  /** A request object (RFC 9101) that is not valid: signature, claims, `typ` or a replayed `jti`. */
  invalid_request_object: { status: 400, redirect: false, defined: 'RFC 9101 §6.3; RFC 9126 §2.3' },
  /** A bearer-protected resource that does not exist, or that the token may not see (an extension, RFC 6749 §8.5). */
  not_found: { status: 404, redirect: false, defined: 'RFC 6749 §8.5 (extension)' },
  /** Dynamic Client Registration (RFC 7591 §3.2.2): a redirect URI, or other metadata, the server refuses. */
  invalid_redirect_uri: { status: 400, redirect: false, defined: 'RFC 7591 §3.2.2' },
  invalid_client_metadata: { status: 400, redirect: false, defined: 'RFC 7591 §3.2.2' },
  invalid_software_statement: { status: 400, redirect: false, defined: 'RFC 7591 §3.2.2' },
  /** Also the token endpoint's answer to a device authorization the user denied (RFC 8628 §3.5). */
  access_denied: { status: 400, redirect: true, defined: 'RFC 6749 §4.1.2.1; RFC 8628 §3.5' },
  /** RFC 8628 §3.5: the device authorization is still pending, or polled too fast, or over. */
  authorization_pending: { status: 400, redirect: false, defined: 'RFC 8628 §3.5' },
  slow_down: { status: 400, redirect: false, defined: 'RFC 8628 §3.5' },
  expired_token: { status: 400, redirect: false, defined: 'RFC 8628 §3.5' },
  /** Also the pushed authorization request endpoint's JSON answer (RFC 9126 §2.3 takes §4.1.2.1's codes). */
  unsupported_response_type: { status: 400, redirect: true, defined: 'RFC 6749 §4.1.2.1; RFC 9126 §2.3' },
  login_required: { status: null, redirect: true, defined: 'OIDC Core §3.1.2.6' },
  consent_required: { status: null, redirect: true, defined: 'OIDC Core §3.1.2.6' },
  interaction_required: { status: null, redirect: true, defined: 'OIDC Core §3.1.2.6' },
  request_not_supported: { status: null, redirect: true, defined: 'OIDC Core §3.1.2.6' },
  request_uri_not_supported: { status: null, redirect: true, defined: 'OIDC Core §3.1.2.6' },
} as const satisfies Record<string, OAuthErrorDefinition>;

type Definitions = typeof OAUTH_ERRORS;
export type OAuthErrorCode = keyof Definitions;

/** The codes answered as a JSON error, each with its one status. */
export type OAuthJsonErrorCode = {
  [C in OAuthErrorCode]: Definitions[C]['status'] extends number ? C : never;
}[OAuthErrorCode];

/** The codes an authorization error response carries to the redirect URI (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6). */
export type AuthorizationErrorCode = {
  [C in OAuthErrorCode]: Definitions[C]['redirect'] extends true ? C : never;
}[OAuthErrorCode];

/**
 * The codes of the authorization endpoint's error page: while the client or redirect URI is not verified, an error
 * is shown to the user and never redirected (RFC 6749 §4.1.2.1, RFC 9700 §4.1).
 */
export const ERROR_PAGE_CODES = ['invalid_client', 'invalid_request', 'unauthorized_client'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

/** The JSON status of a code; a code without one (or no code at all) is a mistake in the caller. */
export function oauthErrorStatus(code: OAuthJsonErrorCode): number {
  const status: unknown = (OAUTH_ERRORS as Record<string, OAuthErrorDefinition | undefined>)[code]?.status;
  if (typeof status !== 'number') throw new TypeError(`'${code}' is not an OAuth error answered as JSON`);
  return status;
}

/** The status of a code in a protected resource's challenge (RFC 9449 §7.1), which is its JSON status for most. */
export function oauthChallengeStatus(code: OAuthJsonErrorCode): number {
  const definition = (OAUTH_ERRORS as Record<string, OAuthErrorDefinition | undefined>)[code];
  return definition?.challengeStatus ?? oauthErrorStatus(code);
}

/**
 * An OAuth 2.0 error answered as JSON (RFC 6749 §5.2, RFC 6750 §3.1), rendered centrally (app/build.ts) as
 * `{ error, error_description }` with the code's status. A 401 from an endpoint that authenticates clients with
 * HTTP Basic, or a bearer refusal, carries its `WWW-Authenticate` challenge in `headers`; a code with a challenge
 * status of its own (RFC 9449 §7.1) takes that status when it comes with a challenge.
 */
export class OAuthError<C extends OAuthJsonErrorCode = OAuthJsonErrorCode> extends Error {
  override name = 'OAuthError';
  readonly statusCode: number;
  constructor(
    readonly error: C,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.statusCode =
      headers['www-authenticate'] === undefined ? oauthErrorStatus(error) : oauthChallengeStatus(error);
  }
}

/** The RFC 6749 §5.2 error body whose `error` is one of the given codes. */
export function oauthErrorBody(codes: readonly string[]): TObject {
  return Type.Object(
    {
      error: Type.String({
        description: 'OAuth error code (RFC 6749 §5.2, RFC 6750 §3.1)',
        enum: [...new Set(codes)].sort(),
      }),
      error_description: Type.Optional(Type.String()),
    },
    { title: 'OAuthError' },
  );
}

/**
 * The error responses of an OAuth JSON endpoint, declared by code: one schema per status whose `error` lists that
 * status's codes (`...oauthErrorResponses('invalid_grant', 'invalid_client')`). The errors every such route may
 * give (invalid_request, temporarily_unavailable, a body too large or of another type) are added for it
 * (app/error-declarations.ts).
 */
export function oauthErrorResponses(...codes: OAuthJsonErrorCode[]): Record<number, TObject> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = oauthErrorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TObject> = {};
  for (const [status, list] of byStatus) responses[status] = oauthErrorBody(list);
  return responses;
}

/**
 * The error responses of a protected resource (RFC 6750 §3.1, RFC 9449 §7.1): as oauthErrorResponses, each code
 * under the status it has in a `WWW-Authenticate` challenge.
 */
export function resourceErrorResponses(...codes: OAuthJsonErrorCode[]): Record<number, TObject> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = oauthChallengeStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TObject> = {};
  for (const [status, list] of byStatus) responses[status] = oauthErrorBody(list);
  return responses;
}

/** The codes of the authorization endpoint's error responses, for its OpenAPI description. */
export const AUTHORIZATION_ERROR_CODES = (Object.keys(OAUTH_ERRORS) as OAuthErrorCode[])
  .filter((code): code is AuthorizationErrorCode => OAUTH_ERRORS[code].redirect)
  .sort();
