/**
 * The statements of the token endpoint's code exchange and refresh (oauth/store.ts prepares and runs them): the
 * reads, and the data-modifying CTEs that consume a code or use a refresh token and insert what follows from it,
 * one statement each (one round trip, one commit).
 */
import { and, eq, exists, gt, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import { sessions, users } from '../accounts/tables.js';
import type { User } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { authorizationCodes, grants, refreshTokens } from './tables.js';

/** What /token needs besides the code or the grant: the user (ID token claims) and the session's public id (`sid`). */
export interface TokenSubject {
  user: User;
  sessionPublicId: string | null;
}

/** The user columns a token's claims and the active check need, selected beside a code or a grant. */
export const subjectColumns = {
  userId: users.id,
  userEmail: users.email,
  userEmailVerified: users.emailVerified,
  userName: users.name,
  userStatus: users.status,
  sessionPublicId: sessions.publicId,
};

export function toSubject(row: {
  userId: string;
  userEmail: string;
  userEmailVerified: boolean;
  userName: string;
  userStatus: string;
  sessionPublicId: string | null;
}): TokenSubject {
  return {
    user: {
      id: row.userId,
      email: row.userEmail,
      emailVerified: row.userEmailVerified,
      name: row.userName,
      status: row.userStatus as User['status'],
    },
    sessionPublicId: row.sessionPublicId,
  };
}

/** A grant is active when it is not revoked, has not passed its absolute expiry, and its user is active. */
export function activeGrantCondition(
  grantId: typeof refreshTokens.grantId | string | Placeholder,
  now: Date | Placeholder,
) {
  return and(
    eq(grants.id, grantId),
    isNull(grants.revokedAt),
    gt(grants.expiresAt, now),
    eq(users.status, 'active'),
  );
}

/** Selects the grant if it is active (see activeGrantCondition). */
export function activeGrant(db: Db, grantId: typeof refreshTokens.grantId | string, now: Date | Placeholder) {
  return db
    .select({ id: grants.id })
    .from(grants)
    .innerJoin(users, eq(users.id, grants.userId))
    .where(activeGrantCondition(grantId, now));
}

/** The code redemption's first step: the code, if still unused, marked consumed and given the new grant's id. */
function consumeCodeForGrant(db: Db) {
  return db.$with('consumed').as(
    db
      .update(authorizationCodes)
      .set({
        consumedAt: sql`${sql.placeholder('now')}::timestamptz`,
        grantId: sql`${sql.placeholder('grantId')}::text`,
      })
      .where(
        and(
          eq(authorizationCodes.codeHash, sql.placeholder('codeHash')),
          isNull(authorizationCodes.consumedAt),
        ),
      )
      .returning({ codeHash: authorizationCodes.codeHash }),
  );
}

/** The grant row to insert, one per consumed code (none when the redemption lost), in the table's column order. */
function grantFrom(db: Db, consumed: ReturnType<typeof consumeCodeForGrant>) {
  return db
    .select({
      id: sql<string>`${sql.placeholder('grantId')}::text`.as('id'),
      clientId: sql<string>`${sql.placeholder('grantClientId')}::text`.as('client_id'),
      userId: sql<string>`${sql.placeholder('userId')}::text`.as('user_id'),
      sessionId: sql<string | null>`${sql.placeholder('sessionId')}::text`.as('session_id'),
      scope: sql<string>`${sql.placeholder('scope')}::text`.as('scope'),
      organizationId: sql<string | null>`${sql.placeholder('organizationId')}::text`.as('organization_id'),
      authTime: sql<Date>`${sql.placeholder('authTime')}::timestamptz`.as('auth_time'),
      amr: sql<string[]>`${sql.placeholder('amr')}::jsonb`.as('amr'),
      acr: sql<string>`${sql.placeholder('acr')}::text`.as('acr'),
      // The database's clock, as the column's default gives every other row.
      createdAt: sql<Date>`now()`.as('created_at'),
      expiresAt: sql<Date>`${sql.placeholder('grantExpiresAt')}::timestamptz`.as('expires_at'),
      revokedAt: sql<Date | null>`null::timestamptz`.as('revoked_at'),
      dpopJkt: sql<string | null>`${sql.placeholder('dpopJkt')}::text`.as('dpop_jkt'),
    })
    .from(consumed);
}

/**
 * The exchange's one statement, first step: the code marked consumed and given the new grant's id, only when every
 * check of the exchange holds (see OAuthStore.redeemCodeAtOnce), returning what the grant and the response need.
 */
function consumeRedeemableCode(db: Db) {
  const now = sql.placeholder('now');
  return db.$with('consumed').as(
    db
      .update(authorizationCodes)
      .set({
        consumedAt: sql`${now}::timestamptz`,
        grantId: sql`${sql.placeholder('grantId')}::text`,
      })
      .where(
        and(
          eq(authorizationCodes.codeHash, sql.placeholder('codeHash')),
          isNull(authorizationCodes.consumedAt),
          notExpired(authorizationCodes.expiresAt, now),
          eq(authorizationCodes.clientId, sql.placeholder('clientId')),
          // RFC 6749 §4.1.3: exactly the redirect URI of the authorization request.
          eq(authorizationCodes.redirectUri, sql.placeholder('redirectUri')),
          // RFC 7636 §4.6: the S256 challenge computed from the presented verifier, or null when none was presented
          // (then only a code requested without a challenge matches). The challenge is no secret (it travelled in
          // the front channel), so an ordinary comparison is fine here.
          sql`${authorizationCodes.codeChallenge} is not distinct from ${sql.placeholder('codeChallenge')}::text`,
          // An organization's code needs its roles read first (and a non-member's code is refused unconsumed).
          isNull(authorizationCodes.organizationId),
          // A code bound to a DPoP key (RFC 9449 §10) is checked against the proof first.
          isNull(authorizationCodes.dpopJkt),
          exists(
            db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, authorizationCodes.userId), eq(users.status, 'active'))),
          ),
        ),
      )
      .returning({
        grantId: authorizationCodes.grantId,
        clientId: authorizationCodes.clientId,
        userId: authorizationCodes.userId,
        sessionId: authorizationCodes.sessionId,
        scope: authorizationCodes.scope,
        nonce: authorizationCodes.nonce,
        authTime: authorizationCodes.authTime,
        amr: authorizationCodes.amr,
        acr: authorizationCodes.acr,
        zkKeyHash: authorizationCodes.zkKeyHash,
        zkDrkHash: authorizationCodes.zkDrkHash,
      }),
  );
}

/** The grant row of a code consumed by consumeRedeemableCode, its values taken from the code, in column order. */
function grantFromCode(db: Db, consumed: ReturnType<typeof consumeRedeemableCode>) {
  return db
    .select({
      id: consumed.grantId,
      clientId: consumed.clientId,
      userId: consumed.userId,
      sessionId: consumed.sessionId,
      scope: consumed.scope,
      organizationId: sql<string | null>`null::text`.as('organization_id'),
      authTime: consumed.authTime,
      amr: consumed.amr,
      acr: consumed.acr,
      createdAt: sql<Date>`now()`.as('created_at'),
      expiresAt: sql<Date>`${sql.placeholder('grantExpiresAt')}::timestamptz`.as('expires_at'),
      revokedAt: sql<Date | null>`null::timestamptz`.as('revoked_at'),
      // A DPoP proof sends the exchange down the read-first path, so the family this makes is never bound.
      dpopJkt: sql<string | null>`null::text`.as('dpop_jkt'),
    })
    .from(consumed);
}

/** What the exchange's response needs from the consumed code, its user and its session, selected last. */
function redeemedCodeColumns(consumed: ReturnType<typeof consumeRedeemableCode>) {
  return {
    sessionId: consumed.sessionId,
    scope: consumed.scope,
    nonce: consumed.nonce,
    authTime: consumed.authTime,
    amr: consumed.amr,
    acr: consumed.acr,
    zkKeyHash: consumed.zkKeyHash,
    zkDrkHash: consumed.zkDrkHash,
    ...subjectColumns,
  };
}

/** The code with its user and its session's public id (the read-first exchange's one read). */
export const codeForExchangeStatement = (db: Db) =>
  db
    .select({ code: authorizationCodes, ...subjectColumns })
    .from(authorizationCodes)
    .innerJoin(users, eq(users.id, authorizationCodes.userId))
    .leftJoin(sessions, eq(sessions.id, authorizationCodes.sessionId))
    .where(eq(authorizationCodes.codeHash, sql.placeholder('codeHash')));

/**
 * A new refresh token's row for `INSERT … SELECT`, in the table's column order: its hash (under the placeholder
 * named `hashPlaceholder`) and its client from placeholders, its grant from the CTE that named it, unused.
 */
function newRefreshTokenRow<G, C, E>(hashPlaceholder: string, grantId: G, createdAt: C, expiresAt: E) {
  return {
    tokenHash: sql<string>`${sql.placeholder(hashPlaceholder)}::text`.as('token_hash'),
    grantId,
    clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
    createdAt,
    expiresAt,
    usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
  };
}

/** OAuthStore.redeemCode without a refresh token: the code consumed, the grant inserted. */
export const redeemCodeStatement = (db: Db) => {
  const consumed = consumeCodeForGrant(db);
  return db.with(consumed).insert(grants).select(grantFrom(db, consumed)).returning({ id: grants.id });
};

/** OAuthStore.redeemCode: the code consumed, the grant and its first refresh token inserted. */
export const redeemCodeWithRefreshTokenStatement = (db: Db) => {
  const consumed = consumeCodeForGrant(db);
  const granted = db
    .$with('granted')
    .as(db.insert(grants).select(grantFrom(db, consumed)).returning({ id: grants.id }));
  return db
    .with(consumed, granted)
    .insert(refreshTokens)
    .select(
      db
        .select(
          newRefreshTokenRow(
            'tokenHash',
            granted.id,
            sql<Date>`now()`.as('created_at'),
            sql<Date>`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
          ),
        )
        .from(granted),
    )
    .returning({ tokenHash: refreshTokens.tokenHash });
};

/** The refresh token with its grant, the grant's user and its session's public id. */
export const refreshTokenForUseStatement = (db: Db) =>
  db
    .select({ token: refreshTokens, grant: grants, ...subjectColumns })
    .from(refreshTokens)
    .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
    .innerJoin(users, eq(users.id, grants.userId))
    .leftJoin(sessions, eq(sessions.id, grants.sessionId))
    .where(eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')));

/** OAuthStore.rotateRefreshToken: the token used, its successor inserted. */
export const rotateRefreshTokenStatement = (db: Db) => {
  const now = sql.placeholder('now');
  const used = db.$with('used').as(
    db
      .update(refreshTokens)
      .set({ usedAt: sql`${now}::timestamptz` })
      .where(
        and(
          eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
          exists(activeGrant(db, refreshTokens.grantId, now)),
        ),
      )
      .returning({ grantId: refreshTokens.grantId }),
  );
  return db
    .with(used)
    .insert(refreshTokens)
    .select(
      db
        .select(
          newRefreshTokenRow(
            'successorHash',
            used.grantId,
            sql<Date>`${now}::timestamptz`.as('created_at'),
            sql<Date>`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
          ),
        )
        .from(used),
    )
    .returning({ tokenHash: refreshTokens.tokenHash });
};

/** OAuthStore.redeemCodeAtOnce without a refresh token. */
export const redeemCodeAtOnceStatement = (db: Db) => {
  const consumed = consumeRedeemableCode(db);
  const granted = db
    .$with('granted')
    .as(db.insert(grants).select(grantFromCode(db, consumed)).returning({ id: grants.id }));
  return db
    .with(consumed, granted)
    .select(redeemedCodeColumns(consumed))
    .from(granted)
    .innerJoin(consumed, eq(consumed.grantId, granted.id))
    .innerJoin(users, eq(users.id, consumed.userId))
    .leftJoin(sessions, eq(sessions.id, consumed.sessionId));
};

/** OAuthStore.redeemCodeAtOnce with the grant's first refresh token. */
export const redeemCodeAtOnceWithRefreshTokenStatement = (db: Db) => {
  const consumed = consumeRedeemableCode(db);
  const granted = db
    .$with('granted')
    .as(db.insert(grants).select(grantFromCode(db, consumed)).returning({ id: grants.id }));
  const issued = db.$with('issued').as(
    db
      .insert(refreshTokens)
      .select(
        db
          .select(
            newRefreshTokenRow(
              'tokenHash',
              granted.id,
              sql<Date>`now()`.as('created_at'),
              sql<Date>`${sql.placeholder('grantExpiresAt')}::timestamptz`.as('expires_at'),
            ),
          )
          .from(granted),
      )
      .returning({ issuedGrantId: refreshTokens.grantId }),
  );
  return db
    .with(consumed, granted, issued)
    .select(redeemedCodeColumns(consumed))
    .from(issued)
    .innerJoin(consumed, eq(consumed.grantId, issued.issuedGrantId))
    .innerJoin(users, eq(users.id, consumed.userId))
    .leftJoin(sessions, eq(sessions.id, consumed.sessionId));
};

/** OAuthStore.rotateRefreshTokenAtOnce. */
export const rotateRefreshTokenAtOnceStatement = (db: Db) => {
  const now = sql.placeholder('now');
  const used = db.$with('used').as(
    db
      .update(refreshTokens)
      .set({ usedAt: sql`${now}::timestamptz` })
      .where(
        and(
          eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
          // RFC 6749 §6: bound to the client it was issued to.
          eq(refreshTokens.clientId, sql.placeholder('clientId')),
          exists(
            db
              .select({ id: grants.id })
              .from(grants)
              .innerJoin(users, eq(users.id, grants.userId))
              .where(
                and(
                  activeGrantCondition(refreshTokens.grantId, now),
                  // An organization's grant needs its roles read first (a non-member's refresh revokes it).
                  isNull(grants.organizationId),
                  // RFC 9449 §5: a family bound to a key is used only with a proof of that key (the read-first
                  // path tells a missing proof from another key).
                  or(isNull(grants.dpopJkt), eq(grants.dpopJkt, sql.placeholder('dpopJkt'))),
                ),
              ),
          ),
        ),
      )
      .returning({ grantId: refreshTokens.grantId }),
  );
  const successor = db.$with('successor').as(
    db
      .insert(refreshTokens)
      .select(
        db
          .select(
            // The family ends with its grant.
            newRefreshTokenRow(
              'successorHash',
              used.grantId,
              sql<Date>`${now}::timestamptz`.as('created_at'),
              grants.expiresAt,
            ),
          )
          .from(used)
          .innerJoin(grants, eq(grants.id, used.grantId)),
      )
      .returning({ successorGrantId: refreshTokens.grantId }),
  );
  return db
    .with(used, successor)
    .select({ grant: grants, ...subjectColumns })
    .from(successor)
    .innerJoin(grants, eq(grants.id, successor.successorGrantId))
    .innerJoin(users, eq(users.id, grants.userId))
    .leftJoin(sessions, eq(sessions.id, grants.sessionId));
};
