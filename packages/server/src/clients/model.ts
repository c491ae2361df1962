import { type Static, Type } from 'typebox';
import { MULTILINE } from '../app/acceptable-input.js';
import type { SIGNING_ALGORITHMS } from '../crypto/signing-keys.js';
import { refusalFor } from '../outbound/index.js';
import {
  CLIENT_AUTHENTICATION_METHODS,
  type ClientAuthenticationMethod,
  DEVICE_CODE_GRANT_TYPE,
  GRANT_TYPES,
  type GrantType,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from '../protocol/oauth/vocabulary.js';

/** One of the grant types of the vocabulary (the schema as before: an anyOf of literals, typed as the union). */
const GrantTypeSchema = Type.Unsafe<GrantType>(
  Type.Union(GRANT_TYPES.map((grantType) => Type.Literal(grantType))),
);

const ScopeToken = Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$', maxLength: 128 });

export const ClientScopeSchema = Type.Object(
  {
    scope: ScopeToken,
    description: Type.String({ maxLength: 300 }),
  },
  { additionalProperties: false },
);

/** OIDC Registration §2 `token_endpoint_auth_method`, one of the vocabulary's methods. */
export const AuthenticationMethodSchema = Type.Unsafe<ClientAuthenticationMethod>(
  Type.Union(
    CLIENT_AUTHENTICATION_METHODS.map((method) => Type.Literal(method)),
    {
      description:
        'How the client authenticates at /token, /introspect, /revoke and /par (OIDC Registration §2): none for public clients; a secret (client_secret_basic or client_secret_post, either is accepted) or private_key_jwt (needs jwks or jwks_uri) for confidential ones. Default: none or client_secret_basic by type',
    },
  ),
);

/**
 * What a client may do with the token-exchange grant (RFC 8693, docs/integration.md#token-exchange): the audiences
 * (RFC 8693 `audience` values and RFC 8707 `resource` URIs) it may ask for, the scopes of a subject token it may pass
 * on, and the other clients whose users' tokens it may exchange besides its own.
 */
export const TokenExchangePolicySchema = Type.Object(
  {
    audiences: Type.Array(Type.String({ pattern: '^[\\x21-\\x7E]+$', maxLength: 2000 }), {
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      description:
        'The audiences and resource URIs the client may request (audience or resource parameter, compared exactly)',
    }),
    scopes: Type.Array(ScopeToken, {
      maxItems: 100,
      uniqueItems: true,
      description:
        'The scopes of a subject token the client may pass on; an exchanged token has at most these',
    }),
    subject_clients: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z0-9._~-]{3,64}$' }), {
        maxItems: 50,
        uniqueItems: true,
        description:
          "Other clients whose users' access tokens this client may exchange; by default only tokens whose audience is this client",
      }),
    ),
  },
  { additionalProperties: false },
);
export type TokenExchangePolicyInput = Static<typeof TokenExchangePolicySchema>;

/** A client's token-exchange policy as the rest of the service sees it. */
export interface TokenExchangePolicy {
  audiences: string[];
  scopes: string[];
  subjectClients: string[];
}

/** Writable client fields (admin API, CLI). */
export const ClientInputSchema = Type.Object(
  {
    client_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._~-]{3,64}$' })),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    // Shown on the consent page; the admin portal edits it in a text area.
    description: Type.Optional(Type.String({ maxLength: 1000, ...MULTILINE })),
    logo_uri: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    app_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    type: Type.Union([Type.Literal('public'), Type.Literal('confidential')]),
    redirect_uris: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 }),
    post_logout_redirect_uris: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 })),
    grant_types: Type.Array(GrantTypeSchema, {
      minItems: 1,
      uniqueItems: true,
    }),
    scopes: Type.Optional(Type.Array(ClientScopeSchema, { maxItems: 100 })),
    require_pkce: Type.Optional(Type.Boolean()),
    id_token_signed_response_alg: Type.Optional(
      Type.Union([Type.Literal('RS256'), Type.Literal('ES256'), Type.Literal('EdDSA')]),
    ),
    access_token_ttl_seconds: Type.Optional(
      Type.Union([Type.Integer({ minimum: 30, maximum: 86_400 }), Type.Null()]),
    ),
    id_token_ttl_seconds: Type.Optional(
      Type.Union([Type.Integer({ minimum: 30, maximum: 86_400 }), Type.Null()]),
    ),
    refresh_token_ttl_seconds: Type.Optional(
      Type.Union([Type.Integer({ minimum: 60, maximum: 365 * 86_400 }), Type.Null()]),
    ),
    first_party: Type.Optional(Type.Boolean()),
    organization_required: Type.Optional(Type.Boolean()),
    zk_delivery: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('v2'), Type.Literal('legacy-v1')]),
    ),
    zk_required: Type.Optional(Type.Boolean()),
    dpop_bound_access_tokens: Type.Optional(
      Type.Boolean({
        description:
          'RFC 9449 §5.2: the client must send a DPoP proof at /token, so every access token it gets is DPoP-bound',
      }),
    ),
    zk_key_scope: Type.Optional(
      Type.Union([Type.Literal('client'), Type.Literal('organization')], {
        description:
          'Whose key a ZK delivery carries (docs/zk.md §2.2): one per user and client (default), or one per organization too; organization needs zk_delivery v2 or legacy-v1 and makes an organization context required',
      }),
    ),
    show_on_dashboard: Type.Optional(Type.Boolean()),
    token_endpoint_auth_method: Type.Optional(AuthenticationMethodSchema),
    jwks: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { keys: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 20 }) },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: "The client's public keys (JWK Set) for private_key_jwt and signed request objects" },
      ),
    ),
    jwks_uri: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
        description: 'Where the client publishes its JWK Set (https); fetched through the outbound policy',
      }),
    ),
    require_pushed_authorization_requests: Type.Optional(
      Type.Boolean({ description: 'RFC 9126 §6: authorization requests must come through /par' }),
    ),
    backchannel_logout_uri: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
        description:
          'OIDC Back-Channel Logout 1.0 §2.2: where logout tokens are POSTed when a session the client got tokens in ends (https; docs/logout.md#back-channel-logout)',
      }),
    ),
    backchannel_logout_session_required: Type.Optional(
      Type.Boolean({
        description:
          'OIDC Back-Channel Logout 1.0 §2.2: the client needs sid in logout tokens (Tessera always sends it)',
      }),
    ),
    logout_ends_offline_access: Type.Optional(
      Type.Boolean({
        description:
          "A session's end also ends the refresh tokens issued in it with offline_access (docs/logout.md#refresh-tokens); default false: offline access outlives the session",
      }),
    ),
    token_exchange: Type.Optional(
      Type.Union([TokenExchangePolicySchema, Type.Null()], {
        description: `The token-exchange policy (RFC 8693); required with grant type ${TOKEN_EXCHANGE_GRANT_TYPE}, refused without it`,
      }),
    ),
    fapi2_profile: Type.Optional(
      Type.Boolean({
        description:
          'FAPI 2.0 Security Profile: requires PAR, PKCE S256, private_key_jwt (with jwks or jwks_uri) and DPoP-bound tokens together, and ID tokens signed with ES256 (the default) or EdDSA; a confidential client only, and require_pkce, require_pushed_authorization_requests and dpop_bound_access_tokens may not be false, nor id_token_signed_response_alg RS256',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ClientInput = Static<typeof ClientInputSchema>;
export type ZkKeyScope = NonNullable<ClientInput['zk_key_scope']>;
export const ZK_KEY_SCOPES: readonly ZkKeyScope[] = ['client', 'organization'];

export interface ClientSecretInfo {
  id: string;
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A client as the rest of the service sees it. */
export interface Client {
  id: string;
  name: string;
  description: string;
  logoUri: string | null;
  appUrl: string | null;
  type: 'public' | 'confidential';
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: GrantType[];
  /** Allowed scopes with their consent descriptions (standard OIDC scopes included). */
  scopes: { scope: string; description: string }[];
  requirePkce: boolean;
  idTokenSignedResponseAlg: (typeof SIGNING_ALGORITHMS)[number];
  accessTokenTtlSeconds: number | null;
  idTokenTtlSeconds: number | null;
  refreshTokenTtlSeconds: number | null;
  firstParty: boolean;
  organizationRequired: boolean;
  zkDelivery: 'none' | 'v2' | 'legacy-v1';
  zkRequired: boolean;
  /** RFC 9449 §5.2: /token refuses this client's requests without a DPoP proof. */
  dpopBoundAccessTokens: boolean;
  /** `organization`: the delivered key is derived per organization, so every authorization needs one (§2.2). */
  zkKeyScope: ZkKeyScope;
  showOnDashboard: boolean;
  /** OIDC Registration §2; never null here (older rows get their type's default). */
  tokenEndpointAuthMethod: ClientAuthenticationMethod;
  /** Public keys registered inline (a JWK Set), or null. */
  jwks: { keys: Record<string, unknown>[] } | null;
  jwksUri: string | null;
  requirePushedAuthorizationRequests: boolean;
  /**
   * FAPI 2.0 Security Profile (docs/integration.md#fapi-20-security-profile): registered only together with PAR,
   * PKCE, private_key_jwt and DPoP-bound tokens, which enforce it.
   */
  fapi2Profile: boolean;
  /** OIDC Back-Channel Logout 1.0 §2.2 (docs/logout.md#back-channel-logout). */
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
  /** A session's end also ends its grants with `offline_access` (docs/logout.md#refresh-tokens). */
  logoutEndsOfflineAccess: boolean;
  /** RFC 8693: what the client may exchange tokens for, or null when it may not (docs/integration.md#token-exchange). */
  tokenExchange: TokenExchangePolicy | null;
  /** The uploaded icon's metadata (the bytes are read only when the icon is served). */
  icon: ClientIconInfo | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClientIconInfo {
  contentType: string;
  byteLength: number;
  /** SHA-256 of the bytes, base64url: the ETag and the URL version. */
  etag: string;
  updatedAt: Date;
}

/**
 * Whether every authorization of the client needs an organization context: configured so, or implied by key scope
 * `organization` — its key is derived for an organization (docs/zk.md §2.2), so without one there is no key to
 * deliver (docs/organizations.md: no organization is explained to the user, then access_denied).
 */
export function requiresOrganization(client: Pick<Client, 'organizationRequired' | 'zkKeyScope'>): boolean {
  return client.organizationRequired || client.zkKeyScope === 'organization';
}

export class ClientValidationError extends Error {
  override name = 'ClientValidationError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Redirect URIs are compared exactly (RFC 9700 §4.1.3), so what is registered must be unambiguous: absolute, no
 * fragment (RFC 6749 §3.1.2), no credentials, https except loopback (RFC 8252 §7.3) or a private-use scheme of a
 * native app (RFC 8252 §7.1, reverse-domain with a dot).
 */
export function validateRedirectUri(value: string, field: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ClientValidationError(`${field}: '${value}' is not an absolute URI`);
  }
  if (url.hash || value.includes('#'))
    throw new ClientValidationError(`${field}: '${value}' must not have a fragment`);
  if (url.username || url.password)
    throw new ClientValidationError(`${field}: '${value}' must not contain credentials`);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return;
    throw new ClientValidationError(
      `${field}: '${value}' must use https (http is allowed only for loopback)`,
    );
  }
  if (
    /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol) &&
    !['javascript:', 'data:', 'file:'].includes(url.protocol)
  ) {
    return;
  }
  throw new ClientValidationError(`${field}: '${value}' has a scheme that is not allowed`);
}

function validateHttpsUrl(value: string | null | undefined, field: string): void {
  if (value === null || value === undefined || value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ClientValidationError(`${field}: '${value}' is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new ClientValidationError(`${field}: must be an https URL`);
  }
}

/** Cross-field rules the schema cannot express. */
export function validateClientInput(input: ClientInput): void {
  for (const uri of input.redirect_uris) validateRedirectUri(uri, 'redirect_uris');
  for (const uri of input.post_logout_redirect_uris ?? [])
    validateRedirectUri(uri, 'post_logout_redirect_uris');
  validateHttpsUrl(input.logo_uri, 'logo_uri');
  validateHttpsUrl(input.app_url, 'app_url');
  if (input.grant_types.includes('authorization_code') && input.redirect_uris.length === 0) {
    throw new ClientValidationError(
      'redirect_uris: the authorization_code grant needs at least one redirect URI',
    );
  }
  if (
    input.grant_types.includes('refresh_token') &&
    !input.grant_types.includes('authorization_code') &&
    !input.grant_types.includes(DEVICE_CODE_GRANT_TYPE)
  ) {
    throw new ClientValidationError('grant_types: refresh_token needs authorization_code or device_code');
  }
  // A ZK app's key is handed over in the browser that is redirected back to it (docs/zk.md §5); a device is not that
  // browser, so the two do not go together (docs/device-flow.md#zero-knowledge-clients).
  if (input.grant_types.includes(DEVICE_CODE_GRANT_TYPE) && (input.zk_delivery ?? 'none') !== 'none') {
    throw new ClientValidationError(
      'grant_types: the device_code grant cannot deliver a zero-knowledge key; use zk_delivery none',
    );
  }
  if (input.type === 'public') {
    // RFC 6749 §4.4: client credentials is only for clients that can keep a secret.
    if (input.grant_types.includes('client_credentials')) {
      throw new ClientValidationError('grant_types: client_credentials needs a confidential client');
    }
    if (input.require_pkce === false)
      throw new ClientValidationError('require_pkce: public clients must use PKCE');
  }
  if (input.zk_required && (input.zk_delivery ?? 'none') === 'none') {
    throw new ClientValidationError('zk_required: needs zk_delivery v2 or legacy-v1');
  }
  if (input.zk_key_scope === 'organization' && (input.zk_delivery ?? 'none') === 'none') {
    throw new ClientValidationError('zk_key_scope: organization needs zk_delivery v2 or legacy-v1');
  }
  validateAuthenticationMethod(input);
  if (input.fapi2_profile) validateFapi2Profile(input);
  validateTokenExchange(input);
  const seen = new Set<string>();
  for (const { scope } of input.scopes ?? []) {
    if (seen.has(scope)) throw new ClientValidationError(`scopes: '${scope}' is listed twice`);
    seen.add(scope);
  }
}

/**
 * RFC 8693 §2.1: the token-exchange grant is for confidential clients (a public client's exchange would let anyone
 * holding a user's token trade it), and its policy comes with it: the grant without one, or one without the grant,
 * is refused rather than silently inert.
 */
function validateTokenExchange(input: ClientInput): void {
  const granted = input.grant_types.includes(TOKEN_EXCHANGE_GRANT_TYPE);
  const policy = input.token_exchange ?? null;
  if (granted && input.type !== 'confidential')
    throw new ClientValidationError('grant_types: token exchange needs a confidential client');
  if (granted && !policy)
    throw new ClientValidationError('token_exchange: the token-exchange grant needs a policy');
  if (!granted && policy)
    throw new ClientValidationError(`token_exchange: needs grant type ${TOKEN_EXCHANGE_GRANT_TYPE}`);
  if (!policy) return;
  for (const audience of policy.audiences) {
    // RFC 8707 §2: a resource is an absolute URI without a fragment; a logical audience name has no scheme.
    if (audience.includes('#'))
      throw new ClientValidationError(`token_exchange: audience '${audience}' must not have a fragment`);
  }
}

/** The registered authentication method, or the type's default. */
export function authenticationMethodOf(input: Pick<ClientInput, 'type' | 'token_endpoint_auth_method'>) {
  return input.token_endpoint_auth_method ?? (input.type === 'public' ? 'none' : 'client_secret_basic');
}

function validateAuthenticationMethod(input: ClientInput): void {
  const method = authenticationMethodOf(input);
  if (input.type === 'public' && method !== 'none')
    throw new ClientValidationError('token_endpoint_auth_method: public clients use none');
  if (input.type === 'confidential' && method === 'none')
    throw new ClientValidationError('token_endpoint_auth_method: confidential clients must authenticate');
  const jwks = input.jwks ?? null;
  const jwksUri = input.jwks_uri || null;
  if (jwks && jwksUri) throw new ClientValidationError('jwks: give jwks or jwks_uri, not both');
  if (jwks) {
    const problem = keySetProblem(jwks);
    if (problem) throw new ClientValidationError(`jwks: ${problem}`);
  }
  validateHttpsUrl(jwksUri, 'jwks_uri');
  if (method === 'private_key_jwt' && !jwks && !jwksUri)
    throw new ClientValidationError('token_endpoint_auth_method: private_key_jwt needs jwks or jwks_uri');
}

/** The JWS algorithms of the FAPI 2.0 Security Profile §5.4.1 that we verify: PS256, ES256 and EdDSA (Ed25519). */
const FAPI2_KEY_TYPES = 'RSA keys (PS256), EC P-256 keys (ES256) or OKP Ed25519 keys (EdDSA)';
const FAPI2_ALGORITHMS = ['PS256', 'ES256', 'EdDSA', 'Ed25519'];

/**
 * FAPI 2.0 Security Profile §5.3.2 (authorization server) and §5.3.3 (confidential client): one switch that is
 * registered only with everything it needs, so the runtime checks each flag already has enforce it together. A
 * flag left out is implied (rowValues); one set to false, a secret, or keys unusable with its algorithms are refused.
 */
function validateFapi2Profile(input: ClientInput): void {
  if (input.type !== 'confidential')
    throw new ClientValidationError('fapi2_profile: needs a confidential client (FAPI 2.0 §5.3.3)');
  if (authenticationMethodOf(input) !== 'private_key_jwt') {
    throw new ClientValidationError(
      'fapi2_profile: the client must authenticate with private_key_jwt, not a client secret (FAPI 2.0 §5.3.2.1; mTLS is not supported)',
    );
  }
  if (input.require_pushed_authorization_requests === false)
    throw new ClientValidationError(
      'fapi2_profile: pushed authorization requests are required (FAPI 2.0 §5.3.2.2)',
    );
  if (input.require_pkce === false)
    throw new ClientValidationError('fapi2_profile: PKCE with S256 is required (FAPI 2.0 §5.3.2.2)');
  if (input.dpop_bound_access_tokens === false)
    throw new ClientValidationError(
      'fapi2_profile: DPoP-bound access tokens are required (FAPI 2.0 §5.3.2.1)',
    );
  if (input.id_token_signed_response_alg === 'RS256')
    throw new ClientValidationError(
      'fapi2_profile: id_token_signed_response_alg must be ES256 or EdDSA, not RS256 (FAPI 2.0 §5.4.1)',
    );
  const problem = fapi2KeyProblem(input.jwks?.keys ?? []);
  if (problem) throw new ClientValidationError(`fapi2_profile: jwks ${problem}`);
  // FAPI 2.0 §5.3.2.1 and docs/integration.md#fapi-20-security-profile: a FAPI client's keys come over TLS only.
  if (input.jwks_uri && new URL(input.jwks_uri).protocol !== 'https:')
    throw new ClientValidationError('fapi2_profile: jwks_uri must be an https URL');
}

/** What makes a FAPI 2.0 client's keys unusable under the profile's algorithms (§5.4.1), or null. */
export function fapi2KeyProblem(keys: readonly Record<string, unknown>[]): string | null {
  for (const key of keys) {
    const usable =
      key.kty === 'RSA' ||
      (key.kty === 'EC' && key.crv === 'P-256') ||
      (key.kty === 'OKP' && key.crv === 'Ed25519');
    if (!usable) return `may hold only ${FAPI2_KEY_TYPES}`;
    if (key.alg !== undefined && !FAPI2_ALGORITHMS.includes(String(key.alg)))
      return `alg '${String(key.alg)}' is not allowed (PS256, ES256 or EdDSA, FAPI 2.0 §5.4.1)`;
  }
  return null;
}

export function isKeySet(value: unknown): value is { keys: Record<string, unknown>[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { keys?: unknown }).keys) &&
    (value as { keys: unknown[] }).keys.every((key) => typeof key === 'object' && key !== null)
  );
}

/** The key types a client may register, public parts only (RFC 7517 §4; a private member is refused). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

/** Why a registered JWK Set is unusable, or null. */
export function keySetProblem(value: unknown): string | null {
  if (!isKeySet(value)) return 'must be a JWK Set: an object with a keys array';
  if (value.keys.length === 0 || value.keys.length > 20) return 'must hold between 1 and 20 keys';
  for (const key of value.keys) {
    if (!['EC', 'RSA', 'OKP'].includes(String(key.kty))) return 'keys must be EC, RSA or OKP public keys';
    if (PRIVATE_MEMBERS.some((member) => member in key))
      return 'keys must be public keys (no private members)';
  }
  return null;
}

/**
 * OIDC Back-Channel Logout 1.0 §2.2: an absolute URI without a fragment, which the server POSTs to through the
 * outbound policy (docs/configuration.md#outbound-requests): https to a public address, refused here already when its
 * host is an address literal the policy refuses. Plain http and loopback only where the policy allows loopback (tests
 * and development, TESSERA_OUTBOUND_ALLOW_LOOPBACK). A host name is checked again at each delivery, after resolving.
 */
export function validateBackchannelLogoutUri(value: string, allowLoopback: boolean): void {
  const field = 'backchannel_logout_uri';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ClientValidationError(`${field}: not an absolute URI`);
  }
  if (url.hash || value.includes('#')) throw new ClientValidationError(`${field}: must not have a fragment`);
  if (url.username || url.password) throw new ClientValidationError(`${field}: must not contain credentials`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = /^[0-9.]+$/.test(host) || host.includes(':');
  const refusal = literal ? refusalFor(host) : host.toLowerCase() === 'localhost' ? 'loopback' : null;
  const loopback = refusal === 'loopback';
  if (refusal !== null && !(loopback && allowLoopback))
    throw new ClientValidationError(`${field}: the outbound policy refuses this address (${refusal})`);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && loopback && allowLoopback) return;
  throw new ClientValidationError(`${field}: must use https`);
}
