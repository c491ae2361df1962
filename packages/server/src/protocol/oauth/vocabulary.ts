/**
 * The protocol values Tessera implements, each listed once: the code that enforces a value and the discovery
 * document that advertises it (discovery.ts) both read it from here, so the two cannot drift apart: discovery
 * advertises exactly what is implemented (OpenID Connect Discovery 1.0 §3, RFC 8414 §2). This file imports
 * nothing, so any slice may use it.
 */

/** RFC 8628 §3.4: the grant type of a device access token request. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** RFC 8693 §2.1: the grant type of a token exchange. */
export const TOKEN_EXCHANGE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * Grant types (RFC 6749 §4, §6; RFC 8693). `grants/index.ts` must hold exactly one handler for each, which the type
 * there checks; clients may register only these.
 */
export const GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  DEVICE_CODE_GRANT_TYPE,
  TOKEN_EXCHANGE_GRANT_TYPE,
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** Scopes defined by OpenID Connect (Core §5.4, §11); descriptions are shown on the consent page. */
export const STANDARD_SCOPES: Readonly<Record<string, string>> = {
  openid: 'Sign you in with your account',
  profile: 'Read your name',
  email: 'Read your email address and whether it is verified',
  offline_access: 'Stay signed in when you are not using the app',
};

/** Scopes that describe a person; a client-credentials token represents the client, so it never carries them. */
export const USER_SCOPES: ReadonlySet<string> = new Set(Object.keys(STANDARD_SCOPES));

/** OIDC Core §3.1.2.1 prompt values. */
export const PROMPT_VALUES = ['none', 'login', 'consent', 'select_account'] as const;

/** The authorization code flow only (RFC 6749 §3.1.1); no implicit or hybrid responses. */
export const RESPONSE_TYPES = ['code'] as const;

/** OAuth 2.0 Multiple Response Types §2.1: the code comes back in the query, nowhere else. */
export const RESPONSE_MODES = ['query'] as const;

/** RFC 7636 §4.2: S256 only; `plain` is refused (RFC 9700 §2.1.1). */
export const CODE_CHALLENGE_METHODS = ['S256'] as const;

/** Client authentication methods (OIDC Core §9, RFC 6749 §2.3.1); which endpoint takes which is per endpoint. */
export type ClientAuthenticationMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt'
  | 'none';
export const CLIENT_AUTHENTICATION_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
  'none',
] as const satisfies readonly ClientAuthenticationMethod[];

/** RFC 7523 §2.2: the `client_assertion_type` of a `private_key_jwt` assertion. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * The algorithms a client may sign with: its `private_key_jwt` assertions (OIDC Core §9) and request objects
 * (RFC 9101 §10.1). Asymmetric only (FAPI 2.0 Security Profile §5.4): never `none`, never HS*.
 */
export const CLIENT_JWT_SIGNING_ALGORITHMS = ['ES256', 'PS256', 'EdDSA'] as const;

/**
 * Which methods each back-channel endpoint accepts: confidential clients use Basic or `private_key_jwt`
 * everywhere; the body secret (`client_secret_post`) only at /token and /par; public clients (`none`) at /token,
 * /revoke and /par but never at /introspect, which describes tokens only to clients that can prove who they are
 * (RFC 6749 §2.3). A client uses the method it is registered with (`token_endpoint_auth_method`; a client
 * registered with a secret may send it either way the endpoint accepts).
 */
export const ENDPOINT_AUTHENTICATION_METHODS = {
  token: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
  introspection: ['client_secret_basic', 'private_key_jwt'],
  revocation: ['client_secret_basic', 'private_key_jwt', 'none'],
  pushed_authorization: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
  // RFC 8628 §3.1: clients authenticate as at the token endpoint.
  device_authorization: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
} as const satisfies Record<string, readonly ClientAuthenticationMethod[]>;
export type AuthenticatingEndpoint = keyof typeof ENDPOINT_AUTHENTICATION_METHODS;
