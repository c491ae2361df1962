import { type Static, Type } from 'typebox';
import type { Client, ClientInput } from '../clients/model.js';
import { OAuthError } from '../protocol/oauth/errors.js';
import {
  CLIENT_AUTHENTICATION_METHODS,
  type ClientAuthenticationMethod,
  GRANT_TYPES,
  type GrantType,
  STANDARD_SCOPES,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from '../protocol/oauth/vocabulary.js';

const Uri = Type.String({ maxLength: 2000 });
const UriList = Type.Array(Uri, { maxItems: 50 });

/**
 * The client metadata of a registration request (RFC 7591 §2, OIDC Registration §2) and of an update (RFC 7592
 * §2.2). Members the server does not understand are ignored (RFC 7591 §2), so the object stays open; the ones it
 * understands are typed, and a type error is invalid_client_metadata (RFC 7591 §3.2.2).
 */
export const ClientMetadataRequest = Type.Object(
  {
    redirect_uris: Type.Optional(UriList),
    token_endpoint_auth_method: Type.Optional(Type.String({ maxLength: 100 })),
    grant_types: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 })),
    response_types: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
    client_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    client_uri: Type.Optional(Uri),
    logo_uri: Type.Optional(Uri),
    scope: Type.Optional(Type.String({ maxLength: 2000 })),
    contacts: Type.Optional(Type.Array(Type.String({ maxLength: 320 }), { maxItems: 20 })),
    tos_uri: Type.Optional(Uri),
    policy_uri: Type.Optional(Uri),
    jwks: Type.Optional(
      Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 20 }) }),
    ),
    jwks_uri: Type.Optional(Uri),
    software_id: Type.Optional(Type.String({ maxLength: 200 })),
    software_version: Type.Optional(Type.String({ maxLength: 200 })),
    software_statement: Type.Optional(Type.String({ maxLength: 20_000 })),
    id_token_signed_response_alg: Type.Optional(Type.String({ maxLength: 20 })),
    post_logout_redirect_uris: Type.Optional(UriList),
    require_pushed_authorization_requests: Type.Optional(Type.Boolean()),
    dpop_bound_access_tokens: Type.Optional(Type.Boolean()),
    zk_delivery: Type.Optional(Type.String({ maxLength: 20 })),
    zk_required: Type.Optional(Type.Boolean()),
    zk_key_scope: Type.Optional(Type.String({ maxLength: 20 })),
    // RFC 7592 §2.2: an update names the client and may repeat its secret.
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    client_secret: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true, maxProperties: 100 },
);
export type ClientMetadata = Static<typeof ClientMetadataRequest>;

/**
 * The client information response (RFC 7591 §3.2.1, RFC 7592 §3): the registered metadata, with the credentials
 * shown when they are issued (the secret once, the registration access token on every answer, since each answer
 * rotates it).
 */
export const ClientInformationResponse = Type.Object({
  client_id: Type.String(),
  client_id_issued_at: Type.Integer(),
  client_secret: Type.Optional(Type.String()),
  client_secret_expires_at: Type.Optional(Type.Integer({ description: '0: the secret does not expire' })),
  registration_access_token: Type.String(),
  registration_client_uri: Type.String(),
  client_name: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  post_logout_redirect_uris: Type.Array(Type.String()),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.String(),
  scope: Type.String(),
  client_uri: Type.Optional(Type.String()),
  logo_uri: Type.Optional(Type.String()),
  jwks: Type.Optional(Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) })),
  jwks_uri: Type.Optional(Type.String()),
  id_token_signed_response_alg: Type.String(),
  require_pushed_authorization_requests: Type.Boolean(),
  dpop_bound_access_tokens: Type.Boolean(),
  software_id: Type.Optional(Type.String()),
  software_version: Type.Optional(Type.String()),
  zk_delivery: Type.Optional(Type.String()),
  zk_required: Type.Optional(Type.Boolean()),
  zk_key_scope: Type.Optional(Type.String()),
});
export type ClientInformation = Static<typeof ClientInformationResponse>;

const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;
const ZK_DELIVERIES = ['none', 'v2', 'legacy-v1'] as const;
const ZK_KEY_SCOPES = ['client', 'organization'] as const;
const ZK_MEMBERS = ['zk_delivery', 'zk_required', 'zk_key_scope'] as const;
/** Server-assigned members a client may not send in an update (RFC 7592 §2.2). */
const SERVER_ASSIGNED = [
  'registration_access_token',
  'registration_client_uri',
  'client_secret_expires_at',
  'client_id_issued_at',
] as const;
/** Members only an admin sets; a registration that names one is refused rather than silently ignored. */
const ADMIN_ONLY = ['first_party', 'organization_required', 'show_on_dashboard', 'fapi2_profile'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function invalidMetadata(description: string): OAuthError {
  return new OAuthError('invalid_client_metadata', description);
}

function oneOf<T extends string>(value: string, allowed: readonly T[], member: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw invalidMetadata(`${member}: '${value}' is not supported (supported: ${allowed.join(', ')})`);
  return value as T;
}

/** What decides how metadata becomes a client: the policy, and on update the client as it is. */
export interface MappingPolicy {
  /** The generated client_id (registration) or the client's own (update). */
  clientId: string;
  /** Open registration (no initial access token): public clients with loopback or https redirect URIs only. */
  open: boolean;
  /** `client_registration.allow_zk`. */
  allowZk: boolean;
  /** On update: the client as it is, whose admin-managed settings the update keeps. */
  existing?: Client;
}

/**
 * Maps RFC 7591 metadata onto the client model (clients/model.ts). Only what registration may decide is taken
 * from the request; the rules every client obeys (redirect URIs, grant types, authentication, keys) are the client
 * registry's own and run when the result is created or updated, as for an admin's client.
 */
export function clientInputFromMetadata(metadata: ClientMetadata, policy: MappingPolicy): ClientInput {
  const raw = metadata as Record<string, unknown>;
  // Software statements (RFC 7591 §2.3) are not accepted: no issuer keys are configured to verify them.
  if (raw.software_statement !== undefined)
    throw new OAuthError(
      'invalid_software_statement',
      'software statements are not accepted by this server; register without one',
    );
  for (const member of ADMIN_ONLY) {
    if (raw[member] !== undefined) throw invalidMetadata(`${member}: only an administrator can set it`);
  }
  const asksZk = ZK_MEMBERS.some((member) => raw[member] !== undefined);
  if (asksZk && !policy.allowZk)
    throw invalidMetadata('zk_delivery: zero-knowledge key delivery is configured by an administrator only');

  const method = oneOf<ClientAuthenticationMethod>(
    metadata.token_endpoint_auth_method ?? 'client_secret_basic',
    CLIENT_AUTHENTICATION_METHODS,
    'token_endpoint_auth_method',
  );
  const type = method === 'none' ? 'public' : 'confidential';
  if (policy.open && type !== 'public')
    throw invalidMetadata(
      'token_endpoint_auth_method: open registration accepts public clients only (none); confidential clients need an initial access token',
    );

  const grantTypes = (metadata.grant_types ?? ['authorization_code']).map((grant) =>
    oneOf<GrantType>(grant, GRANT_TYPES, 'grant_types'),
  );
  if (grantTypes.length === 0) throw invalidMetadata('grant_types: at least one is needed');
  if (new Set(grantTypes).size !== grantTypes.length) throw invalidMetadata('grant_types: listed twice');
  const usesCode = grantTypes.includes('authorization_code');
  // RFC 7591 §2.1: response_types and grant_types must agree; `code` is the only response type.
  const responseTypes = metadata.response_types ?? (usesCode ? ['code'] : []);
  for (const responseType of responseTypes) oneOf(responseType, ['code'], 'response_types');
  if (usesCode !== responseTypes.includes('code'))
    throw invalidMetadata('response_types: code goes with the authorization_code grant, and only with it');

  const redirectUris = metadata.redirect_uris ?? [];
  const postLogoutRedirectUris = metadata.post_logout_redirect_uris ?? [];
  if (policy.open) {
    for (const uri of redirectUris) requireLoopbackOrHttps(uri, 'redirect_uris');
    for (const uri of postLogoutRedirectUris) requireLoopbackOrHttps(uri, 'post_logout_redirect_uris');
  }

  const existing = policy.existing;
  const allowedScopes = new Set([
    ...Object.keys(STANDARD_SCOPES),
    ...(existing?.scopes.map(({ scope }) => scope) ?? []),
  ]);
  const scopes = metadata.scope?.split(' ').filter((scope) => scope !== '');
  for (const scope of scopes ?? []) {
    if (!allowedScopes.has(scope))
      throw invalidMetadata(
        `scope: '${scope}' is not available to registered clients (${Object.keys(STANDARD_SCOPES).join(', ')})`,
      );
  }
  const descriptions = new Map(existing?.scopes.map(({ scope, description }) => [scope, description]));

  const input: ClientInput = {
    client_id: policy.clientId,
    name: metadata.client_name ?? existing?.name ?? policy.clientId,
    type,
    token_endpoint_auth_method: method,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: postLogoutRedirectUris,
    grant_types: grantTypes,
    scopes:
      scopes && [...new Set(scopes)].map((scope) => ({ scope, description: descriptions.get(scope) ?? '' })),
    app_url: metadata.client_uri ?? null,
    logo_uri: metadata.logo_uri ?? null,
    jwks: metadata.jwks ?? null,
    jwks_uri: metadata.jwks_uri ?? null,
    id_token_signed_response_alg: oneOf(
      metadata.id_token_signed_response_alg ?? 'RS256',
      ID_TOKEN_ALGORITHMS,
      'id_token_signed_response_alg',
    ),
    require_pushed_authorization_requests: metadata.require_pushed_authorization_requests ?? false,
    dpop_bound_access_tokens: metadata.dpop_bound_access_tokens ?? false,
    // A registered client starts off the users' apps dashboard: its name and link are the registrant's, not an
    // admin's. An admin may show it there later; an update keeps what the admin chose.
    show_on_dashboard: existing?.showOnDashboard ?? false,
    first_party: existing?.firstParty ?? false,
  };
  if (existing) {
    // What an admin manages stays as the admin set it (RFC 7592 §2.2 replaces the client's metadata, not them).
    Object.assign(input, {
      description: existing.description,
      access_token_ttl_seconds: existing.accessTokenTtlSeconds,
      id_token_ttl_seconds: existing.idTokenTtlSeconds,
      refresh_token_ttl_seconds: existing.refreshTokenTtlSeconds,
      organization_required: existing.organizationRequired,
      fapi2_profile: existing.fapi2Profile,
      require_pkce: existing.requirePkce,
      // The token-exchange policy is an admin's (docs/integration.md#token-exchange): kept while the grant is.
      token_exchange:
        existing.tokenExchange && grantTypes.includes(TOKEN_EXCHANGE_GRANT_TYPE)
          ? {
              audiences: existing.tokenExchange.audiences,
              scopes: existing.tokenExchange.scopes,
              subject_clients: existing.tokenExchange.subjectClients,
            }
          : null,
    } satisfies Partial<ClientInput>);
    if (existing.fapi2Profile) {
      input.require_pushed_authorization_requests = true;
      input.dpop_bound_access_tokens = true;
    }
    if (!asksZk) {
      input.zk_delivery = existing.zkDelivery;
      input.zk_required = existing.zkRequired;
      input.zk_key_scope = existing.zkKeyScope;
    }
  }
  if (asksZk) {
    input.zk_delivery = oneOf(metadata.zk_delivery ?? 'none', ZK_DELIVERIES, 'zk_delivery');
    input.zk_required = metadata.zk_required ?? false;
    input.zk_key_scope = oneOf(metadata.zk_key_scope ?? 'client', ZK_KEY_SCOPES, 'zk_key_scope');
  }
  return input;
}

/** RFC 7592 §2.2: what an update must and must not carry besides the metadata. */
export function checkUpdateRequest(metadata: ClientMetadata, clientId: string): void {
  const raw = metadata as Record<string, unknown>;
  for (const member of SERVER_ASSIGNED) {
    if (raw[member] !== undefined)
      throw new OAuthError('invalid_request', `${member} is assigned by the server and may not be sent`);
  }
  if (metadata.client_id !== clientId)
    throw new OAuthError('invalid_request', 'client_id must be sent, and be this client’s');
}

/**
 * Open registration (docs/client-registration.md#open-registration): a redirect URI must be https, or http on a
 * loopback address for a native app (RFC 8252 §7.3); private-use schemes need an initial access token.
 */
function requireLoopbackOrHttps(uri: string, member: string): void {
  const url = URL.canParse(uri) ? new URL(uri) : null;
  const allowed =
    url !== null &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)));
  if (!allowed)
    throw new OAuthError(
      'invalid_redirect_uri',
      `${member}: '${uri}' is refused for open registration (https, or http on a loopback address)`,
    );
}

/** The registered metadata of a client, as the client information response shows it. */
export function clientMetadataOf(
  client: Client,
): Omit<
  ClientInformation,
  | 'client_id_issued_at'
  | 'registration_access_token'
  | 'registration_client_uri'
  | 'software_id'
  | 'software_version'
> {
  const usesCode = client.grantTypes.includes('authorization_code');
  return {
    client_id: client.id,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    grant_types: client.grantTypes,
    response_types: usesCode ? ['code'] : [],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    scope: client.scopes.map(({ scope }) => scope).join(' '),
    ...(client.appUrl ? { client_uri: client.appUrl } : {}),
    ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    ...(client.jwks ? { jwks: client.jwks } : {}),
    ...(client.jwksUri ? { jwks_uri: client.jwksUri } : {}),
    id_token_signed_response_alg: client.idTokenSignedResponseAlg,
    require_pushed_authorization_requests: client.requirePushedAuthorizationRequests,
    dpop_bound_access_tokens: client.dpopBoundAccessTokens,
    ...(client.zkDelivery !== 'none'
      ? { zk_delivery: client.zkDelivery, zk_required: client.zkRequired, zk_key_scope: client.zkKeyScope }
      : {}),
  };
}
