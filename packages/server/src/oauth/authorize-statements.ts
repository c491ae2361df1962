/**
 * The statements of the authorization endpoint's pending requests (oauth/store.ts prepares and runs them): the
 * pending-request condition, the request read with its remembered consent, the request consumed, and an approval's writes (the request consumed, the consent
 * remembered, the code inserted) as one data-modifying statement: one round trip, one commit, all or nothing.
 */
import { and, eq, isNull, type Placeholder, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { authorizationCodes, authorizationRequests, consents } from './tables.js';

/** A pending authorization request that is neither consumed nor expired. */
export function pendingRequestCondition(idHash: Placeholder, now: Placeholder) {
  return and(
    eq(authorizationRequests.idHash, idHash),
    isNull(authorizationRequests.consumedAt),
    notExpired(authorizationRequests.expiresAt, now),
  );
}

/**
 * The pending request (placeholders `idHash`, `now`) with the scopes the user (placeholder `userId`) approved
 * before for its client, or null: the consent page's question "ask or not" in the request's own read.
 */
export const pendingRequestWithConsentStatement = (db: Db) =>
  db
    .select({ request: authorizationRequests, remembered: consents.scopes })
    .from(authorizationRequests)
    // A join, not a scalar subquery: drizzle leaves the columns of a one-table select unqualified, and inside a
    // subquery on consents an unqualified client_id is the consent's own (any client's consent would then match).
    // (user_id, client_id) is the consents' primary key: at most one row joins.
    .leftJoin(
      consents,
      and(
        eq(consents.userId, sql.placeholder('userId')),
        eq(consents.clientId, authorizationRequests.clientId),
      ),
    )
    .where(pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now')));

/**
 * The pending request (placeholders `idHash`, `now`) consumed, returning its id hash; nothing once it is not
 * pending, or when `condition` (if any) does not hold.
 */
export const consumeRequestStatement = (db: Db, condition?: SQL) =>
  db
    .update(authorizationRequests)
    .set({ consumedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now')), condition))
    .returning({ idHash: authorizationRequests.idHash });

/**
 * Remembers approved scopes (placeholders `userId`, `clientId`, `approved`: a JSON array) once for the row of
 * `source` (a FROM clause of at most one row), adding to what was approved before. A consent that already covers them is left as it is: no row
 * written. Two approvals racing on a new pair still end in one row holding both (ON CONFLICT merges them).
 */
function rememberConsent(db: Db, source: SQL) {
  const userId = sql.placeholder('userId');
  const clientId = sql.placeholder('clientId');
  const approved = sql.placeholder('approved');
  return db
    .insert(consents)
    .select(
      sql`SELECT ${userId}::text, ${clientId}::text, ${approved}::jsonb, now() ${source} WHERE NOT EXISTS (SELECT 1 FROM ${consents} WHERE ${consents.userId} = ${userId}::text AND ${consents.clientId} = ${clientId}::text AND ${consents.scopes} @> ${approved}::jsonb)`,
    )
    .onConflictDoUpdate({
      target: [consents.userId, consents.clientId],
      set: {
        scopes: sql`(SELECT jsonb_agg(DISTINCT scope ORDER BY scope) FROM jsonb_array_elements_text(${consents.scopes} || excluded.scopes) AS scope)`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * An approval's writes as one statement (OAuthStore.approveAuthorizationRequest): the pending request consumed, and
 * only when that matched, the consent remembered and the code inserted, returning the code's hash. Of two
 * approvals of one request, the second finds `consumed_at` set when PostgreSQL re-checks the row after the first
 * commits, and writes nothing; a failure of any part (a foreign key: the session ended and was purged meanwhile)
 * leaves the request pending, as if the approval had not been sent.
 *
 * PostgreSQL runs every data-modifying CTE exactly once and to completion whether or not the rest of the statement
 * reads its rows (docs: "Data-Modifying Statements in WITH"), so the consent CTE needs no reader.
 */
export const approveRequestStatement = (db: Db) => approvalStatement(db, consumeRequestStatement(db));

/**
 * approveRequestStatement, consuming the request only if the user's remembered consent already covers the code's
 * scopes (placeholders `userId`, `clientId`, `approved`), unless `consentNeeded` (a boolean) is false (a first-party
 * application): a sign-in's approval of the request it names (AuthorizeService.continueAfterSignIn), which asks
 * nobody. The consent is read in the statement that consumes the request, so the approval needs no read of its own
 * once the request's content is known; when the consent falls short nothing is written and the consent page asks.
 */
export const approveConsentedRequestStatement = (db: Db) =>
  approvalStatement(db, consumeConsentedRequestStatement(db));

/** The pending request consumed only if the remembered consent covers the scopes, or none is needed. */
function consumeConsentedRequestStatement(db: Db) {
  return consumeRequestStatement(
    db,
    // Inside the subquery the unqualified columns are the consent's own (its scope is the nearest).
    sql`(NOT ${sql.placeholder('consentNeeded')}::boolean OR EXISTS (SELECT 1 FROM ${consents} WHERE ${consents.userId} = ${sql.placeholder('userId')}::text AND ${consents.clientId} = ${sql.placeholder('clientId')}::text AND ${consents.scopes} @> ${sql.placeholder('approved')}::jsonb))`,
  );
}

/** The name of approvedByConsentCtes' code insert: it holds a row when the request was approved. */
const APPROVED_CODE = 'approved_code';

/**
 * approveConsentedRequestStatement's writes as CTEs of another statement, with the same placeholders: a sign-in's
 * own (AuthorizeService.continueAfterSignIn's approval done in the statement that starts the session), which then
 * commits the session and the approval together, in one round trip. `approved` is true once the code was inserted.
 */
export function approvedByConsentCtes(db: Db): WithSubquery[] {
  const { consumed, remembered } = approvalCtes(db, consumeConsentedRequestStatement(db));
  const code = db
    .$with(APPROVED_CODE)
    .as(
      db
        .insert(authorizationCodes)
        .select(approvedCode(db, consumed))
        .returning({ codeHash: authorizationCodes.codeHash }),
    );
  return [consumed, remembered, code];
}

/** Whether approvedByConsentCtes inserted the code, in the statement they are part of. */
export function approvedByConsent(): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${sql.identifier(APPROVED_CODE)})`;
}

/** The request consumed by `consume` (an UPDATE returning its id hash), and the consent remembered once it was. */
function approvalCtes(db: Db, consume: ReturnType<typeof consumeRequestStatement>) {
  const consumed = db.$with('consumed_request').as(consume);
  const remembered = db
    .$with('remembered_consent')
    .as(rememberConsent(db, sql`FROM ${consumed}`).returning({ userId: consents.userId }));
  return { consumed, remembered };
}

/** An approval's writes, once `consume` (an UPDATE of the request returning its id hash) matched the request. */
function approvalStatement(db: Db, consume: ReturnType<typeof consumeRequestStatement>) {
  const { consumed, remembered } = approvalCtes(db, consume);
  return db
    .with(consumed, remembered)
    .insert(authorizationCodes)
    .select(approvedCode(db, consumed))
    .returning({ codeHash: authorizationCodes.codeHash });
}

/** The code row an approval inserts (placeholders), one for the row of `consumed` (the request consumed), if any. */
function approvedCode(db: Db, consumed: WithSubquery) {
  return db
    .select({
      codeHash: sql<string>`${sql.placeholder('codeHash')}::text`.as('code_hash'),
      clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
      userId: sql<string>`${sql.placeholder('userId')}::text`.as('user_id'),
      sessionId: sql<string>`${sql.placeholder('sessionId')}::text`.as('session_id'),
      redirectUri: sql<string>`${sql.placeholder('redirectUri')}::text`.as('redirect_uri'),
      scope: sql<string>`${sql.placeholder('scope')}::text`.as('scope'),
      codeChallenge: sql<string | null>`${sql.placeholder('codeChallenge')}::text`.as('code_challenge'),
      nonce: sql<string | null>`${sql.placeholder('nonce')}::text`.as('nonce'),
      authTime: sql<Date>`${sql.placeholder('authTime')}::timestamptz`.as('auth_time'),
      amr: sql<string[]>`${sql.placeholder('amr')}::jsonb`.as('amr'),
      acr: sql<string>`${sql.placeholder('acr')}::text`.as('acr'),
      organizationId: sql<string | null>`${sql.placeholder('organizationId')}::text`.as('organization_id'),
      zkKeyHash: sql<string | null>`${sql.placeholder('zkKeyHash')}::text`.as('zk_key_hash'),
      zkDrkHash: sql<string | null>`${sql.placeholder('zkDrkHash')}::text`.as('zk_drk_hash'),
      // The database's clock, as the column's default gives every other row.
      createdAt: sql<Date>`now()`.as('created_at'),
      expiresAt: sql<Date>`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
      consumedAt: sql<Date | null>`null::timestamptz`.as('consumed_at'),
      grantId: sql<string | null>`null::text`.as('grant_id'),
      dpopJkt: sql<string | null>`${sql.placeholder('dpopJkt')}::text`.as('dpop_jkt'),
    })
    .from(consumed);
}
