import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A scope a client may request, with the text shown at consent. */
export interface ClientScope {
  scope: string;
  description: string;
}

/** Registered OAuth clients (relying parties). */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUri: text('logo_uri'),
    appUrl: text('app_url'),
    type: text('type').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull(),
    grantTypes: jsonb('grant_types').$type<string[]>().notNull(),
    scopes: jsonb('scopes').$type<ClientScope[]>().notNull(),
    requirePkce: boolean('require_pkce').notNull().default(true),
    idTokenSignedResponseAlg: text('id_token_signed_response_alg').notNull().default('RS256'),
    accessTokenTtlSeconds: integer('access_token_ttl_seconds'),
    idTokenTtlSeconds: integer('id_token_ttl_seconds'),
    refreshTokenTtlSeconds: integer('refresh_token_ttl_seconds'),
    firstParty: boolean('first_party').notNull().default(false),
    organizationRequired: boolean('organization_required').notNull().default(false),
    zkDelivery: text('zk_delivery').notNull().default('none'),
    zkRequired: boolean('zk_required').notNull().default(false),
    /** `client` (one key per user and app) or `organization` (one per organization too), docs/zk.md §2.2. */
    zkKeyScope: text('zk_key_scope').notNull().default('client'),
    showOnDashboard: boolean('show_on_dashboard').notNull().default(true),
    /**
     * OIDC Registration §2 `token_endpoint_auth_method`: `client_secret_basic`, `client_secret_post`,
     * `private_key_jwt` or `none`; null on clients registered before it existed (then `none` for public clients and a
     * secret for confidential ones).
     */
    tokenEndpointAuthMethod: text('token_endpoint_auth_method'),
    /** The client's public keys (a JWK Set) for `private_key_jwt` and signed request objects, given inline. */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
    /** Or where to fetch them (https, through the outbound policy). */
    jwksUri: text('jwks_uri'),
    /** RFC 9126 §6: this client's authorization requests must be pushed (PAR). */
    requirePushedAuthorizationRequests: boolean('require_pushed_authorization_requests')
      .notNull()
      .default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** RFC 9449 §5.2 `dpop_bound_access_tokens`: /token refuses this client's requests without a DPoP proof. */
    dpopBoundAccessTokens: boolean('dpop_bound_access_tokens').notNull().default(false),
    /**
     * FAPI 2.0 Security Profile: PAR, PKCE S256, private_key_jwt and DPoP-bound tokens are all required of this
     * client (docs/integration.md#fapi-20-security-profile).
     */
    fapi2Profile: boolean('fapi2_profile').notNull().default(false),
    /** OIDC Back-Channel Logout 1.0 §2.2: where logout tokens are POSTed (https, through the outbound policy). */
    backchannelLogoutUri: text('backchannel_logout_uri'),
    /** §2.2 `backchannel_logout_session_required`: the client needs `sid` in logout tokens (always sent here). */
    backchannelLogoutSessionRequired: boolean('backchannel_logout_session_required').notNull().default(false),
    /**
     * Whether a session's end also ends the grants issued in it with `offline_access` (docs/logout.md#refresh-tokens);
     * by default offline access outlives the session (OIDC Core §11).
     */
    logoutEndsOfflineAccess: boolean('logout_ends_offline_access').notNull().default(false),
    /**
     * RFC 8693: the token-exchange policy (audiences it may request, scopes it may pass on, other clients whose tokens
     * it may exchange); null when the client may not exchange tokens (docs/integration.md#token-exchange).
     */
    tokenExchange: jsonb('token_exchange').$type<{
      audiences: string[];
      scopes: string[];
      subject_clients?: string[];
    }>(),
  },
  (table) => [
    // The admin list's order (docs/admin.md#daily-tasks): each page is one range of this index, however deep.
    index('clients_name_id_idx').on(table.name, table.id),
    // The account page's apps (GET /api/user/apps), in the same order: only the clients shown there, so a signed-in
    // user's request reads those and no other (docs/performance.md#the-app-dashboard-at-100000-clients).
    index('clients_dashboard_idx')
      .on(table.name, table.id)
      .where(sql`${table.showOnDashboard} and ${table.appUrl} <> ''`),
    // A one- or two-character admin search matches the start of the name or client ID, which these answer in any
    // collation (text_pattern_ops compares bytes, as a LIKE prefix needs); trigrams need three characters
    // (docs/admin.md#daily-tasks).
    index('clients_name_prefix_idx').using('btree', sql`lower(${table.name}) text_pattern_ops`),
    index('clients_id_prefix_idx').using('btree', sql`lower(${table.id}) text_pattern_ops`),
  ],
);

/** Confidential client secrets, sealed at rest; one active secret per client, older ones revoked on rotation. */
export const clientSecrets = pgTable(
  'client_secrets',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    secretSealed: text('secret_sealed').notNull(),
    hint: text('hint').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('client_secrets_client_idx').on(table.clientId)],
);

/** Raw bytes (`bytea`); PGlite returns a Uint8Array and node-postgres a Buffer, so reads are normalized to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Client icons uploaded by admins and served from our own origin (the hosted UI's CSP blocks external images).
 * `etag` is the SHA-256 of the bytes: the HTTP validator and the version in the icon URL.
 */
export const clientIcons = pgTable('client_icons', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  etag: text('etag').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * `jti` values of client assertions already used (RFC 7523 §3 item 7, OIDC Core §9), per client, until the
 * assertion expires: the unique key makes the second use fail on any node. Housekeeping deletes the expired rows.
 */
export const clientAssertionJtis = pgTable(
  'client_assertion_jtis',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.jti] }),
    index('client_assertion_jtis_expires_idx').on(table.expiresAt),
  ],
);
