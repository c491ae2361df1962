import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * When a grant (a refresh-token family) stopped being usable: revoked or past its absolute expiry, whichever came
 * first (`least` skips a null `revoked_at`). Indexed, and used in exactly this form by the housekeeping job's purge.
 */
export function grantEndExpression(columns: { revokedAt: PgColumn; expiresAt: PgColumn }): SQL {
  return sql`least(${columns.revokedAt}, ${columns.expiresAt})`;
}

/** A scope a client may request, with the text shown at consent. */
export interface ClientScope {
  scope: string;
  description: string;
}

/** Registered OAuth clients (relying parties). */
export const clients = pgTable('clients', {
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
});

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

/** Pending authorization requests between /authorize and /authorize/finalize (looked up by hashed id). */
export const authorizationRequests = pgTable(
  'authorization_requests',
  {
    idHash: text('id_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').notNull(),
    /**
     * SHA-256 of the browser-binding cookie of the browser that started the request: only that browser may continue
     * it (docs/integration.md). Null on requests parked before binding existed, which nobody can continue.
     */
    browserHash: text('browser_hash'),
    /**
     * The account the request is tied to: the one signed in when it was parked, or the one that signed in to
     * continue it. When that account is deactivated the request ends with its sessions
     * (docs/scim.md#deprovisioning).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('authorization_requests_expires_idx').on(table.expiresAt),
    index('authorization_requests_user_idx').on(table.userId),
  ],
);

/**
 * A grant: what one authorization (code redemption) let a client do for a user. Its refresh tokens form one family;
 * revoking the grant revokes every token issued under it (RFC 9700 §4.14, RFC 6749 §4.1.2 on code replay).
 */
export const grants = pgTable(
  'grants',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    scope: text('scope').notNull(),
    organizationId: text('organization_id'),
    authTime: timestamptz('auth_time').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    acr: text('acr').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /**
     * RFC 9449 §5: the JWK thumbprint (RFC 7638) a public client's refresh tokens are bound to; null when they are
     * not bound (no proof at the code exchange, or a confidential client, which authenticates instead).
     */
    dpopJkt: text('dpop_jkt'),
  },
  (table) => [
    index('grants_user_idx').on(table.userId),
    index('grants_session_idx').on(table.sessionId),
    index('grants_end_idx').on(grantEndExpression(table)),
  ],
);

/** Authorization codes (RFC 6749 §4.1.2): hashed, single use, 60 s. */
export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    codeChallenge: text('code_challenge'),
    nonce: text('nonce'),
    authTime: timestamptz('auth_time').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    acr: text('acr').notNull(),
    organizationId: text('organization_id'),
    zkKeyHash: text('zk_key_hash'),
    zkDrkHash: text('zk_drk_hash'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    /** The grant created when the code was redeemed; revoked if the code is presented again. */
    grantId: text('grant_id'),
    /** RFC 9449 §10: `dpop_jkt` of the authorization request; only a proof with that key redeems the code. */
    dpopJkt: text('dpop_jkt'),
  },
  (table) => [index('authorization_codes_expires_idx').on(table.expiresAt)],
);

/** Refresh tokens (hashed). Each use rotates: the presented token is marked used and a new one issued. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('refresh_tokens_grant_idx').on(table.grantId)],
);

/** Remembered consent per user and client. */
export const consents = pgTable(
  'consents',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientId] })],
);

/**
 * DPoP proofs already used (RFC 9449 §11.1), by key thumbprint and `jti`, until their `iat` window has passed: the
 * unique key makes a second use fail on any node. Housekeeping deletes the expired rows.
 */
export const dpopProofs = pgTable(
  'dpop_proofs',
  {
    jkt: text('jkt').notNull(),
    jti: text('jti').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.jkt, table.jti] }),
    index('dpop_proofs_expires_idx').on(table.expiresAt),
  ],
);

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

/**
 * Pushed authorization requests (RFC 9126 §2), looked up by the hash of their `request_uri`; single use
 * (`consumed_at`), short-lived.
 */
export const pushedAuthorizationRequests = pgTable(
  'pushed_authorization_requests',
  {
    idHash: text('id_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [index('pushed_authorization_requests_expires_idx').on(table.expiresAt)],
);
