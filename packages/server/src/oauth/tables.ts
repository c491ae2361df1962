import { type SQL, sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from '../accounts/tables.js';
import { clients } from '../clients/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * When a grant (a refresh-token family) stopped being usable: revoked or past its absolute expiry, whichever came
 * first (`least` skips a null `revoked_at`). Indexed, and used in exactly this form by the housekeeping job's purge.
 */
export function grantEndExpression(columns: { revokedAt: PgColumn; expiresAt: PgColumn }): SQL {
  return sql`least(${columns.revokedAt}, ${columns.expiresAt})`;
}

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

/**
 * Device authorizations (RFC 8628): one per request to the device authorization endpoint, looked up by the SHA-256
 * of its device code (the device's polling) or of its normalized user code (the hosted UI's code entry); neither
 * value is stored. Its status moves once from `pending` to `approved` or `denied` (the user's decision on the
 * consent page), and once from `approved` to `issued` (the one token response), each by a conditional UPDATE, so
 * two nodes never both decide or both issue (docs/device-flow.md).
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCodeHash: text('user_code_hash').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** pending, approved, denied or issued. */
    status: text('status').notNull().default('pending'),
    /** The minimum seconds between polls (RFC 8628 §3.2), raised by 5 at each `slow_down` (§3.5). */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamptz('last_polled_at'),
    /** The user who approved or denied, and what the grant needs of the approval. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    authTime: timestamptz('auth_time'),
    amr: jsonb('amr').$type<string[]>(),
    acr: text('acr'),
    organizationId: text('organization_id'),
    decidedAt: timestamptz('decided_at'),
    /** The grant of the token response, once issued. */
    grantId: text('grant_id'),
    issuedAt: timestamptz('issued_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('device_authorizations_device_code_idx').on(table.deviceCodeHash),
    uniqueIndex('device_authorizations_user_code_idx').on(table.userCodeHash),
    index('device_authorizations_expires_idx').on(table.expiresAt),
    index('device_authorizations_user_idx').on(table.userId),
  ],
);
