import { and, eq, exists, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { User } from '../accounts/users.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import {
  authorizationCodes,
  authorizationRequests,
  consents,
  grants,
  refreshTokens,
  sessions,
  users,
} from '../db/schema/index.js';
import type { ActiveGrant } from './grant-status-cache.js';

export type AuthorizationCodeRow = typeof authorizationCodes.$inferSelect;
export type GrantRow = typeof grants.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
/** What the token response needs of a code redeemed by redeemCodeAtOnce. */
export type RedeemedCode = Pick<
  AuthorizationCodeRow,
  'sessionId' | 'scope' | 'nonce' | 'authTime' | 'amr' | 'acr' | 'zkKeyHash' | 'zkDrkHash'
>;

/** What /token needs besides the code or the grant: the user (ID token claims) and the session's public id (`sid`). */
export interface TokenSubject {
  user: User;
  sessionPublicId: string | null;
}

/** The user columns a token's claims and the active check need, selected beside a code or a grant. */
const subjectColumns = {
  userId: users.id,
  userEmail: users.email,
  userEmailVerified: users.emailVerified,
  userName: users.name,
  userStatus: users.status,
  sessionPublicId: sessions.publicId,
};

function toSubject(row: {
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
function activeGrantCondition(
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

/** A pending authorization request that is neither consumed nor expired. */
function pendingRequestCondition(idHash: Placeholder, now: Placeholder) {
  return and(
    eq(authorizationRequests.idHash, idHash),
    isNull(authorizationRequests.consumedAt),
    gt(authorizationRequests.expiresAt, now),
  );
}

/** Selects the grant if it is active (see activeGrantCondition). */
function activeGrant(db: Db, grantId: typeof refreshTokens.grantId | string, now: Date | Placeholder) {
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
          gt(authorizationCodes.expiresAt, now),
          eq(authorizationCodes.clientId, sql.placeholder('clientId')),
          // RFC 6749 §4.1.3: exactly the redirect URI of the authorization request.
          eq(authorizationCodes.redirectUri, sql.placeholder('redirectUri')),
          // RFC 7636 §4.6: the S256 challenge computed from the presented verifier, or null when none was presented
          // (then only a code requested without a challenge matches). The challenge is no secret (it travelled in
          // the front channel), so an ordinary comparison is fine here.
          sql`${authorizationCodes.codeChallenge} is not distinct from ${sql.placeholder('codeChallenge')}::text`,
          // An organization's code needs its roles read first (and a non-member's code is refused unconsumed).
          isNull(authorizationCodes.organizationId),
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

/**
 * SQL for the authorization state: pending requests, codes, grants, refresh tokens and consents. Every single-use
 * value is consumed with one conditional UPDATE ... RETURNING, so of two concurrent redemptions exactly one wins,
 * on one node or many (DESIGN §4).
 *
 * Every write that ends grants announces it on the change bus (topic `grants`), here and nowhere else, so that no
 * caller can end a grant that a cache (oauth/grant-status-cache.ts) on this node or another goes on serving.
 */
export class OAuthStore {
  // The queries of userinfo, /token and the authorization endpoint (every sign-in and every code a signed-in browser
  // gets), built and prepared once (db/prepared.ts): each runs on every call.
  private readonly createAuthorizationRequestQuery;
  private readonly findAuthorizationRequestQuery;
  private readonly consumeAuthorizationRequestQuery;
  private readonly createCodeQuery;
  private readonly findConsentQuery;
  private readonly activeGrantUserQuery;
  private readonly codeForExchangeQuery;
  private readonly redeemCodeQuery;
  private readonly redeemCodeWithRefreshTokenQuery;
  private readonly refreshTokenForUseQuery;
  private readonly rotateRefreshTokenQuery;
  private readonly redeemCodeAtOnceQuery;
  private readonly redeemCodeAtOnceWithRefreshTokenQuery;
  private readonly rotateRefreshTokenAtOnceQuery;

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
  ) {
    // Placeholders in .values() and .set() are encoded as their column encodes a value (Dates, JSON), those in
    // conditions are passed as they are (ISO strings for times).
    this.createAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request_insert', (db) =>
      db.insert(authorizationRequests).values({
        idHash: sql.placeholder('idHash'),
        clientId: sql.placeholder('clientId'),
        parameters: sql.placeholder('parameters'),
        expiresAt: sql.placeholder('expiresAt'),
      }),
    );
    this.findAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request', (db) =>
      db
        .select()
        .from(authorizationRequests)
        .where(pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now'))),
    );
    this.consumeAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request_consume', (db) =>
      db
        .update(authorizationRequests)
        .set({ consumedAt: sql`${sql.placeholder('now')}::timestamptz` })
        .where(pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now')))
        .returning({ idHash: authorizationRequests.idHash }),
    );
    this.createCodeQuery = preparedQuery(db, 'oauth_code_insert', (db) =>
      db.insert(authorizationCodes).values({
        codeHash: sql.placeholder('codeHash'),
        clientId: sql.placeholder('clientId'),
        userId: sql.placeholder('userId'),
        sessionId: sql.placeholder('sessionId'),
        redirectUri: sql.placeholder('redirectUri'),
        scope: sql.placeholder('scope'),
        codeChallenge: sql.placeholder('codeChallenge'),
        nonce: sql.placeholder('nonce'),
        authTime: sql.placeholder('authTime'),
        amr: sql.placeholder('amr'),
        acr: sql.placeholder('acr'),
        organizationId: sql.placeholder('organizationId'),
        zkKeyHash: sql.placeholder('zkKeyHash'),
        zkDrkHash: sql.placeholder('zkDrkHash'),
        expiresAt: sql.placeholder('expiresAt'),
      }),
    );
    this.findConsentQuery = preparedQuery(db, 'oauth_consent', (db) =>
      db
        .select({ scopes: consents.scopes })
        .from(consents)
        .where(
          and(
            eq(consents.userId, sql.placeholder('userId')),
            eq(consents.clientId, sql.placeholder('clientId')),
          ),
        ),
    );
    this.activeGrantUserQuery = preparedQuery(db, 'oauth_active_grant_user', (db) =>
      db
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          name: users.name,
          expiresAt: grants.expiresAt,
        })
        .from(grants)
        .innerJoin(users, eq(users.id, grants.userId))
        .where(activeGrantCondition(sql.placeholder('grantId'), sql.placeholder('now'))),
    );
    this.codeForExchangeQuery = preparedQuery(db, 'oauth_code_for_exchange', (db) =>
      db
        .select({ code: authorizationCodes, ...subjectColumns })
        .from(authorizationCodes)
        .innerJoin(users, eq(users.id, authorizationCodes.userId))
        .leftJoin(sessions, eq(sessions.id, authorizationCodes.sessionId))
        .where(eq(authorizationCodes.codeHash, sql.placeholder('codeHash'))),
    );
    this.redeemCodeQuery = preparedQuery(db, 'oauth_redeem_code', (db) => {
      const consumed = consumeCodeForGrant(db);
      return db.with(consumed).insert(grants).select(grantFrom(db, consumed)).returning({ id: grants.id });
    });
    this.redeemCodeWithRefreshTokenQuery = preparedQuery(db, 'oauth_redeem_code_with_refresh_token', (db) => {
      const consumed = consumeCodeForGrant(db);
      const granted = db
        .$with('granted')
        .as(db.insert(grants).select(grantFrom(db, consumed)).returning({ id: grants.id }));
      return db
        .with(consumed, granted)
        .insert(refreshTokens)
        .select(
          db
            .select({
              tokenHash: sql<string>`${sql.placeholder('tokenHash')}::text`.as('token_hash'),
              grantId: granted.id,
              clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
              createdAt: sql<Date>`now()`.as('created_at'),
              expiresAt: sql<Date>`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
              usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
            })
            .from(granted),
        )
        .returning({ tokenHash: refreshTokens.tokenHash });
    });
    this.refreshTokenForUseQuery = preparedQuery(db, 'oauth_refresh_token_for_use', (db) =>
      db
        .select({ token: refreshTokens, grant: grants, ...subjectColumns })
        .from(refreshTokens)
        .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
        .innerJoin(users, eq(users.id, grants.userId))
        .leftJoin(sessions, eq(sessions.id, grants.sessionId))
        .where(eq(refreshTokens.tokenHash, sql.placeholder('tokenHash'))),
    );
    this.rotateRefreshTokenQuery = preparedQuery(db, 'oauth_rotate_refresh_token', (db) => {
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
            .select({
              tokenHash: sql<string>`${sql.placeholder('successorHash')}::text`.as('token_hash'),
              grantId: used.grantId,
              clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
              createdAt: sql<Date>`${now}::timestamptz`.as('created_at'),
              expiresAt: sql<Date>`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
              usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
            })
            .from(used),
        )
        .returning({ tokenHash: refreshTokens.tokenHash });
    });
    this.redeemCodeAtOnceQuery = preparedQuery(db, 'oauth_redeem_code_at_once', (db) => {
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
    });
    this.redeemCodeAtOnceWithRefreshTokenQuery = preparedQuery(
      db,
      'oauth_redeem_code_at_once_with_refresh_token',
      (db) => {
        const consumed = consumeRedeemableCode(db);
        const granted = db
          .$with('granted')
          .as(db.insert(grants).select(grantFromCode(db, consumed)).returning({ id: grants.id }));
        const issued = db.$with('issued').as(
          db
            .insert(refreshTokens)
            .select(
              db
                .select({
                  tokenHash: sql<string>`${sql.placeholder('tokenHash')}::text`.as('token_hash'),
                  grantId: granted.id,
                  clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
                  createdAt: sql<Date>`now()`.as('created_at'),
                  expiresAt: sql<Date>`${sql.placeholder('grantExpiresAt')}::timestamptz`.as('expires_at'),
                  usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
                })
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
      },
    );
    this.rotateRefreshTokenAtOnceQuery = preparedQuery(db, 'oauth_rotate_refresh_token_at_once', (db) => {
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
              .select({
                tokenHash: sql<string>`${sql.placeholder('successorHash')}::text`.as('token_hash'),
                grantId: used.grantId,
                clientId: sql<string>`${sql.placeholder('clientId')}::text`.as('client_id'),
                createdAt: sql<Date>`${now}::timestamptz`.as('created_at'),
                // The family ends with its grant.
                expiresAt: grants.expiresAt,
                usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
              })
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
    });
  }

  async createAuthorizationRequest(row: {
    idHash: string;
    clientId: string;
    parameters: unknown;
    expiresAt: Date;
  }): Promise<void> {
    await this.createAuthorizationRequestQuery(row);
  }

  /** A pending request that is neither consumed nor expired. */
  async findAuthorizationRequest(idHash: string, now: Date) {
    const [row] = await this.findAuthorizationRequestQuery({ idHash, now: now.toISOString() });
    return row;
  }

  async consumeAuthorizationRequest(idHash: string, now: Date): Promise<boolean> {
    const consumed = await this.consumeAuthorizationRequestQuery({ idHash, now: now.toISOString() });
    return consumed.length === 1;
  }

  async createCode(
    row: Omit<typeof authorizationCodes.$inferInsert, 'createdAt' | 'consumedAt' | 'grantId'>,
  ): Promise<void> {
    await this.createCodeQuery({
      ...row,
      codeChallenge: row.codeChallenge ?? null,
      nonce: row.nonce ?? null,
      organizationId: row.organizationId ?? null,
      zkKeyHash: row.zkKeyHash ?? null,
      zkDrkHash: row.zkDrkHash ?? null,
    });
  }

  /**
   * Redeems a code: marks it consumed, records the grant it creates on it, and inserts the grant (and the grant's
   * first refresh token), in one statement, so one commit (one WAL flush) and one round trip per exchange. Whoever
   * then sees the code consumed also sees the grant to revoke on replay (RFC 6749 §4.1.2), even a replay racing
   * this redemption. Of concurrent redemptions, one consumes the code; the others find `consumed_at` set when
   * PostgreSQL re-checks the row after the winner commits, and insert nothing. Returns false when another
   * redemption consumed the code first.
   */
  async redeemCode(
    codeHash: string,
    grant: typeof grants.$inferInsert,
    refreshToken: Omit<typeof refreshTokens.$inferInsert, 'grantId'> | null,
    now: Date,
  ): Promise<boolean> {
    const values = {
      codeHash,
      now: now.toISOString(),
      grantId: grant.id,
      grantClientId: grant.clientId,
      userId: grant.userId,
      sessionId: grant.sessionId ?? null,
      scope: grant.scope,
      organizationId: grant.organizationId ?? null,
      authTime: grant.authTime.toISOString(),
      amr: JSON.stringify(grant.amr),
      acr: grant.acr,
      grantExpiresAt: grant.expiresAt.toISOString(),
    };
    const inserted = refreshToken
      ? await this.redeemCodeWithRefreshTokenQuery({
          ...values,
          tokenHash: refreshToken.tokenHash,
          clientId: refreshToken.clientId,
          expiresAt: refreshToken.expiresAt.toISOString(),
        })
      : await this.redeemCodeQuery(values);
    return inserted.length === 1;
  }

  /**
   * The exchange in one statement (one round trip, one commit) on its success path: consumes the code only when it
   * is unconsumed, unexpired, issued to this client for this redirect URI, its challenge is the one computed from the
   * presented verifier (or absent, when none was presented), it has no organization context and its user is active;
   * then inserts the grant from the code's values (and its first refresh token, when given), as redeemCode does, and
   * returns what the response needs. Returns undefined when any of that does not hold, having changed nothing: the
   * caller reads the code to tell why (the checks of a concurrent redemption are as in redeemCode).
   */
  async redeemCodeAtOnce(
    codeHash: string,
    presented: { clientId: string; redirectUri: string; codeChallenge: string | null },
    grant: { id: string; expiresAt: Date },
    refreshTokenHash: string | null,
    now: Date,
  ): Promise<{ code: RedeemedCode; subject: TokenSubject } | undefined> {
    const values = {
      codeHash,
      now: now.toISOString(),
      clientId: presented.clientId,
      redirectUri: presented.redirectUri,
      codeChallenge: presented.codeChallenge,
      grantId: grant.id,
      grantExpiresAt: grant.expiresAt.toISOString(),
    };
    const [row] = refreshTokenHash
      ? await this.redeemCodeAtOnceWithRefreshTokenQuery({ ...values, tokenHash: refreshTokenHash })
      : await this.redeemCodeAtOnceQuery(values);
    if (!row) return undefined;
    const { sessionId, scope, nonce, authTime, amr, acr, zkKeyHash, zkDrkHash } = row;
    return {
      code: { sessionId, scope, nonce, authTime, amr, acr, zkKeyHash, zkDrkHash },
      subject: toSubject(row),
    };
  }

  async findCode(codeHash: string): Promise<AuthorizationCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, codeHash));
    return row;
  }

  /** The code with its user and its session's public id, in one query (the exchange's one read). */
  async findCodeForExchange(
    codeHash: string,
  ): Promise<{ code: AuthorizationCodeRow; subject: TokenSubject } | undefined> {
    const [row] = await this.codeForExchangeQuery({ codeHash });
    return row ? { code: row.code, subject: toSubject(row) } : undefined;
  }

  /** The refresh token with its grant, the grant's user and its session's public id, in one query. */
  async findRefreshTokenForUse(
    tokenHash: string,
  ): Promise<{ token: RefreshTokenRow; grant: GrantRow; subject: TokenSubject } | undefined> {
    const [row] = await this.refreshTokenForUseQuery({ tokenHash });
    return row ? { token: row.token, grant: row.grant, subject: toSubject(row) } : undefined;
  }

  async findGrant(id: string): Promise<GrantRow | undefined> {
    const [row] = await this.db.select().from(grants).where(eq(grants.id, id));
    return row;
  }

  async isGrantActive(id: string, now: Date): Promise<boolean> {
    const [row] = await activeGrant(this.db, id, now);
    return row !== undefined;
  }

  /**
   * The user behind an active grant and when the grant expires, read in the same query that checks the grant
   * (userinfo's one round trip): undefined when the grant is revoked or expired or its user is not active.
   */
  async activeGrantWithUser(grantId: string, now: Date): Promise<ActiveGrant | undefined> {
    const [row] = await this.activeGrantUserQuery({ grantId, now: now.toISOString() });
    if (!row) return undefined;
    const { expiresAt, ...user } = row;
    return { user, expiresAt };
  }

  async revokeGrant(id: string, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(eq(grants.id, id), isNull(grants.revokedAt)))
      .returning({ id: grants.id });
    if (revoked.length > 0) await this.bus.announce('grants', `grant:${id}`);
  }

  async revokeGrantsOfUser(userId: string, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt)))
      .returning({ id: grants.id });
    if (revoked.length > 0) await this.bus.announce('grants', `user:${userId}`);
  }

  /**
   * Marks a user's unredeemed authorization codes (in one organization's context, or all) as used, so a code issued
   * a moment earlier can no longer be redeemed: the conditional redemption (`consumed_at IS NULL`) then fails.
   */
  async consumeCodesOfUser(userId: string, organizationId: string | null, now: Date): Promise<void> {
    await this.db
      .update(authorizationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authorizationCodes.userId, userId),
          isNull(authorizationCodes.consumedAt),
          organizationId === null ? undefined : eq(authorizationCodes.organizationId, organizationId),
        ),
      );
  }

  /** The grants issued in an organization's context: of one user, or (userId null) of everyone. */
  async revokeOrganizationGrants(organizationId: string, userId: string | null, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(
        and(
          eq(grants.organizationId, organizationId),
          userId === null ? undefined : eq(grants.userId, userId),
          isNull(grants.revokedAt),
        ),
      )
      .returning({ id: grants.id });
    if (revoked.length === 0) return;
    // A whole organization's grants (it was disabled or deleted) are dropped from every cache at once: one message,
    // not one per grant.
    await this.bus.announce('grants', userId === null ? '*' : `user:${userId}`);
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Rotation in one statement (one commit): marks the presented token used if it is unused, unexpired and its grant
   * still active (checked in the same statement, so a family revocation by a concurrent replay cannot fall between
   * the check and the use), and inserts its successor only if that update matched. Of parallel uses exactly one matches (the others find
   * `used_at` set when PostgreSQL re-checks the row after the winner commits), so exactly one successor exists;
   * a use the conditions refuse inserts nothing. Returns true if this call used the token.
   */
  async rotateRefreshToken(
    tokenHash: string,
    successor: { tokenHash: string; clientId: string; expiresAt: Date },
    now: Date,
  ): Promise<boolean> {
    const inserted = await this.rotateRefreshTokenQuery({
      tokenHash,
      now: now.toISOString(),
      successorHash: successor.tokenHash,
      clientId: successor.clientId,
      expiresAt: successor.expiresAt.toISOString(),
    });
    return inserted.length === 1;
  }

  /**
   * Rotation in one statement on its success path, with no read before it: uses the token only when it is unused,
   * unexpired, issued to this client, and its grant active (and its user) with no organization context, inserts the
   * successor (expiring with the grant) as rotateRefreshToken does, and returns the grant with its user and session's
   * public id. Returns undefined when any of that does not hold, having changed nothing: the caller then reads the
   * token to tell a replay (which revokes the family) from a wrong client or an expired token.
   */
  async rotateRefreshTokenAtOnce(
    tokenHash: string,
    successor: { tokenHash: string; clientId: string },
    now: Date,
  ): Promise<{ grant: GrantRow; subject: TokenSubject } | undefined> {
    const [row] = await this.rotateRefreshTokenAtOnceQuery({
      tokenHash,
      now: now.toISOString(),
      successorHash: successor.tokenHash,
      clientId: successor.clientId,
    });
    return row ? { grant: row.grant, subject: toSubject(row) } : undefined;
  }

  async findConsent(userId: string, clientId: string): Promise<string[] | null> {
    const [row] = await this.findConsentQuery({ userId, clientId });
    return row?.scopes ?? null;
  }

  /**
   * Remembers approved scopes, adding to what was approved before (so alternating scope sets ask only once). A
   * consent that already covers them is left as it is: no row written, no WAL, on the sign-in of every returning
   * user. Two approvals racing on a new pair still end in one row holding both (ON CONFLICT merges them).
   */
  async saveConsent(userId: string, clientId: string, scopes: string[]): Promise<void> {
    const approved = JSON.stringify(scopes);
    await this.db
      .insert(consents)
      .select(
        sql`SELECT ${userId}, ${clientId}, ${approved}::jsonb, now() WHERE NOT EXISTS (SELECT 1 FROM ${consents} WHERE ${consents.userId} = ${userId} AND ${consents.clientId} = ${clientId} AND ${consents.scopes} @> ${approved}::jsonb)`,
      )
      .onConflictDoUpdate({
        target: [consents.userId, consents.clientId],
        set: {
          scopes: sql`(SELECT jsonb_agg(DISTINCT scope ORDER BY scope) FROM jsonb_array_elements_text(${consents.scopes} || excluded.scopes) AS scope)`,
          updatedAt: sql`now()`,
        },
      });
  }
}
