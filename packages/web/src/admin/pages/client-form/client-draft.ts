/**
 * A client as its form edits it (text as typed, sets of ticked boxes), made from a stored client or empty for a
 * new one. `client-input.ts` turns it back into what the server takes.
 */
import type { AdminMessageKey } from '../../i18n/messages';
import { type ClientView, type GrantType, SIGNING_ALGS, type SigningAlg } from '../../types';

/** OpenID Connect's own scopes (the consent page has descriptions for them). */
export const STANDARD_SCOPES: { scope: string; label: AdminMessageKey }[] = [
  { scope: 'openid', label: 'clients.form.scopes.standard.openid' },
  { scope: 'profile', label: 'clients.form.scopes.standard.profile' },
  { scope: 'email', label: 'clients.form.scopes.standard.email' },
  { scope: 'offline_access', label: 'clients.form.scopes.standard.offlineAccess' },
];
export const STANDARD = new Set(STANDARD_SCOPES.map((entry) => entry.scope));

/** The token lifetimes the server accepts, in seconds (ClientInputSchema); empty means the service default. */
export const LIFETIME_LIMITS = {
  accessTtl: { min: 30, max: 86_400 },
  idTtl: { min: 30, max: 86_400 },
  refreshTtl: { min: 60, max: 365 * 86_400 },
} as const;

/** RFC 8693: the token-exchange grant type. */
export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange' satisfies GrantType;

export type ZkDelivery = 'none' | 'v2' | 'legacy-v1';
export type AuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
export type ZkKeyScope = 'client' | 'organization';

export interface CustomScope {
  /** Stable across edits, for React's list keys (the scope text itself changes as it is typed). */
  key: number;
  scope: string;
  description: string;
}

export interface ClientDraft {
  clientId: string;
  name: string;
  description: string;
  type: 'confidential' | 'public';
  grants: Set<GrantType>;
  redirectUris: string;
  postLogoutUris: string;
  standardScopes: Set<string>;
  /** Descriptions an existing client has for its standard scopes (kept as they are). */
  standardDescriptions: Record<string, string>;
  customScopes: CustomScope[];
  requirePkce: boolean;
  alg: SigningAlg;
  accessTtl: string;
  idTtl: string;
  refreshTtl: string;
  firstParty: boolean;
  organizationRequired: boolean;
  dpopBoundAccessTokens: boolean;
  zkDelivery: ZkDelivery;
  zkRequired: boolean;
  zkKeyScope: ZkKeyScope;
  showOnDashboard: boolean;
  logoUri: string;
  appUrl: string;
  /** `token_endpoint_auth_method`; public clients always use none. */
  authMethod: AuthMethod;
  /** The JWK Set as JSON text, empty for none. */
  jwks: string;
  jwksUri: string;
  requirePar: boolean;
  /** FAPI 2.0 Security Profile: private_key_jwt, PAR, PKCE and DPoP all required (docs/integration.md). */
  fapi2Profile: boolean;
  /** OIDC Back-Channel Logout (docs/logout.md); empty for none. */
  backchannelLogoutUri: string;
  backchannelLogoutSessionRequired: boolean;
  logoutEndsOfflineAccess: boolean;
  /** Token exchange policy, one entry per line (docs/integration.md#token-exchange). */
  exchangeAudiences: string;
  exchangeScopes: string;
  exchangeSubjectClients: string;
}

/** A validation message per field (custom scopes by `scope-{index}`). */
export type ClientErrors = Partial<Record<string, string>>;

/** What a form section gets: the draft, a way to change it, and the messages to show. */
export interface ClientSectionProps {
  draft: ClientDraft;
  set: (patch: Partial<ClientDraft>) => void;
  errors: ClientErrors;
}

let nextKey = 1;

export function customScope(scope = '', description = ''): CustomScope {
  return { key: nextKey++, scope, description };
}

const NEW_CLIENT: Omit<ClientDraft, 'grants' | 'standardScopes'> = {
  clientId: '',
  name: '',
  description: '',
  type: 'confidential',
  redirectUris: '',
  postLogoutUris: '',
  standardDescriptions: {},
  customScopes: [],
  requirePkce: true,
  alg: 'RS256',
  accessTtl: '',
  idTtl: '',
  refreshTtl: '',
  firstParty: false,
  organizationRequired: false,
  zkDelivery: 'none',
  zkRequired: false,
  dpopBoundAccessTokens: false,
  zkKeyScope: 'client',
  showOnDashboard: true,
  logoUri: '',
  appUrl: '',
  authMethod: 'client_secret_basic',
  jwks: '',
  jwksUri: '',
  requirePar: false,
  fapi2Profile: false,
  backchannelLogoutUri: '',
  backchannelLogoutSessionRequired: false,
  logoutEndsOfflineAccess: false,
  exchangeAudiences: '',
  exchangeScopes: '',
  exchangeSubjectClients: '',
};

/** The draft of `client`, or of a new client (confidential, authorization code, openid profile email). */
export function clientDraft(client: ClientView | null): ClientDraft {
  if (!client) {
    return {
      ...NEW_CLIENT,
      grants: new Set<GrantType>(['authorization_code']),
      standardScopes: new Set(['openid', 'profile', 'email']),
    };
  }
  const standardDescriptions: Record<string, string> = {};
  for (const entry of client.scopes)
    if (STANDARD.has(entry.scope)) standardDescriptions[entry.scope] = entry.description;
  return {
    clientId: client.client_id,
    name: client.name,
    description: client.description,
    type: client.type,
    grants: new Set(client.grant_types),
    redirectUris: client.redirect_uris.join('\n'),
    postLogoutUris: client.post_logout_redirect_uris.join('\n'),
    standardScopes: new Set(client.scopes.map((entry) => entry.scope).filter((scope) => STANDARD.has(scope))),
    standardDescriptions,
    customScopes: client.scopes
      .filter((entry) => !STANDARD.has(entry.scope))
      .map((entry) => customScope(entry.scope, entry.description)),
    requirePkce: client.require_pkce,
    alg: (SIGNING_ALGS as readonly string[]).includes(client.id_token_signed_response_alg)
      ? (client.id_token_signed_response_alg as SigningAlg)
      : 'RS256',
    accessTtl: client.access_token_ttl_seconds?.toString() ?? '',
    idTtl: client.id_token_ttl_seconds?.toString() ?? '',
    refreshTtl: client.refresh_token_ttl_seconds?.toString() ?? '',
    firstParty: client.first_party,
    organizationRequired: client.organization_required,
    zkDelivery:
      (['none', 'v2', 'legacy-v1'] as const).find((value) => value === client.zk_delivery) ?? 'none',
    zkRequired: client.zk_required,
    dpopBoundAccessTokens: client.dpop_bound_access_tokens,
    zkKeyScope: client.zk_key_scope,
    showOnDashboard: client.show_on_dashboard,
    logoUri: client.logo_uri ?? '',
    appUrl: client.app_url ?? '',
    authMethod: client.token_endpoint_auth_method,
    jwks: client.jwks ? JSON.stringify(client.jwks, null, 2) : '',
    jwksUri: client.jwks_uri ?? '',
    requirePar: client.require_pushed_authorization_requests,
    fapi2Profile: client.fapi2_profile,
    backchannelLogoutUri: client.backchannel_logout_uri ?? '',
    backchannelLogoutSessionRequired: client.backchannel_logout_session_required,
    logoutEndsOfflineAccess: client.logout_ends_offline_access,
    exchangeAudiences: client.token_exchange?.audiences.join('\n') ?? '',
    exchangeScopes: client.token_exchange?.scopes.join('\n') ?? '',
    exchangeSubjectClients: client.token_exchange?.subject_clients?.join('\n') ?? '',
  };
}

/** A copy of `set` with `value` in it or out of it. */
export function toggled<T>(set: Set<T>, value: T, on: boolean): Set<T> {
  const copy = new Set(set);
  if (on) copy.add(value);
  else copy.delete(value);
  return copy;
}
