import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Which upstream claim fills which local field (docs/federation.md). */
export interface FederationClaimMapping {
  email?: string;
  name?: string;
  /** Entra ID, for one, states a verified address in its own claim (`xms_edov`), not `email_verified`. */
  emailVerified?: string;
}

/**
 * An upstream OpenID Connect provider users may sign in through (docs/federation.md#admin-api-admin-port).
 * The client secret is sealed under the KEK (write-only); endpoints are stored as given or as discovery
 * filled them.
 */
export const federationConnections = pgTable('federation_connections', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed'),
  discoveryUrl: text('discovery_url'),
  authorizationEndpoint: text('authorization_endpoint').notNull(),
  tokenEndpoint: text('token_endpoint').notNull(),
  jwksUri: text('jwks_uri').notNull(),
  userinfoEndpoint: text('userinfo_endpoint'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  claimMapping: jsonb('claim_mapping').$type<FederationClaimMapping>().notNull().default({}),
  /** `disabled`, `email_verified` or `email`; linking by email always needs a verified upstream email. */
  accountLinkingPolicy: text('account_linking_policy').notNull().default('email_verified'),
  /** Whether a first sign-in with no local account creates one (just in time). */
  jitProvisioning: boolean('jit_provisioning').notNull().default(false),
  /** Whether an upstream `amr` containing `mfa` stands for our second factor. */
  trustUpstreamMfa: boolean('trust_upstream_mfa').notNull().default(false),
  /**
   * Whether addresses in this connection's verified domains may also hold local accounts (self-registration,
   * email change, admin creation). Off: the domain is the provider's (docs/federation.md#routed-domains).
   */
  allowLocalAccounts: boolean('allow_local_accounts').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The email domains of a connection. A domain routes and links only once verified (DNS TXT challenge or an
 * admin's explicit, audited decision); a verified domain belongs to one connection (partial unique index).
 */
export const federationDomains = pgTable(
  'federation_domains',
  {
    connectionId: text('connection_id')
      .notNull()
      .references(() => federationConnections.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The value the TXT record `_tessera-challenge.<domain>` must hold (not a secret: it is published). */
    challenge: text('challenge').notNull(),
    verifiedAt: timestamptz('verified_at'),
    /** `dns` or `admin`. */
    verifiedBy: text('verified_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('federation_domains_connection_domain_idx').on(table.connectionId, table.domain),
    uniqueIndex('federation_domains_verified_idx').on(table.domain).where(sql`verified_at is not null`),
  ],
);

/**
 * A pending upstream sign-in (flow state in the database, so any node serves the callback). Keyed by
 * the hash of `state`; bound to the browser by the hash of the flow cookie; the PKCE verifier and nonce are sealed.
 * Single use (`consumed_at`), ten minutes.
 */
export const federationFlows = pgTable(
  'federation_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => federationConnections.id, { onDelete: 'cascade' }),
    /** `{ codeVerifier, nonce }` as JSON, sealed under the KEK. */
    secretsSealed: text('secrets_sealed').notNull(),
    /** The pending authorization request to resume, if any. */
    requestId: text('request_id'),
    /** The page of the hosted UI to return to (already checked to be under /ui/). */
    returnTo: text('return_to'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('federation_flows_expires_idx').on(table.expiresAt)],
);

/** A local user linked to an upstream identity: one per (connection, upstream subject). */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => federationConnections.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The upstream email at the last sign-in (shown to the user). */
    email: text('email'),
    /** `jit` (created by the first sign-in) or `email` (linked to an existing account by verified email). */
    linkedBy: text('linked_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (table) => [
    uniqueIndex('federated_identities_subject_idx').on(table.connectionId, table.subject),
    index('federated_identities_user_idx').on(table.userId),
  ],
);
