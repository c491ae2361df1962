import { and, eq, exists, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { User } from '../accounts/users.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
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

/**
 * SQL for the authorization state: pending requests, codes, grants, refresh tokens and consents. Every single-use
 * value is consumed with one conditional UPDATE ... RETURNING, so of two concurrent redemptions exactly one wins,
 * on one node or many (DESIGN §4).
 *
 * Every write that ends grants announces it on the change bus (topic `grants`), here and nowhere else, so that no
 * caller can end a grant that a cache (oauth/grant-status-cache.ts) on this node or another goes on serving.
 */
export class OAuthStore {
  // Built once: userinfo runs it on every call, and a prepared query skips building the SQL (and, on PostgreSQL,
  // parsing and planning it) each time.
  private readonly activeGrantUserQuery;

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
  ) {
    this.activeGrantUserQuery = db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        name: users.name,
        expiresAt: grants.expiresAt,
      })
      .from(grants)
      .innerJoin(users, eq(users.id, grants.userId))
      .where(activeGrantCondition(sql.placeholder('grantId'), sql.placeholder('now')))
      .prepare('oauth_active_grant_user');
  }

  async createAuthorizationRequest(row: typeof authorizationRequests.$inferInsert): Promise<void> {
    await this.db.insert(authorizationRequests).values(row);
  }

  async findAuthorizationRequest(idHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(authorizationRequests)
      .where(
        and(
          eq(authorizationRequests.idHash, idHash),
          isNull(authorizationRequests.consumedAt),
          gt(authorizationRequests.expiresAt, now),
        ),
      );
    return row;
  }

  async consumeAuthorizationRequest(idHash: string, now: Date): Promise<boolean> {
    const consumed = await this.db
      .update(authorizationRequests)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authorizationRequests.idHash, idHash),
          isNull(authorizationRequests.consumedAt),
          gt(authorizationRequests.expiresAt, now),
        ),
      )
      .returning({ idHash: authorizationRequests.idHash });
    return consumed.length === 1;
  }

  async createCode(row: typeof authorizationCodes.$inferInsert): Promise<void> {
    await this.db.insert(authorizationCodes).values(row);
  }

  /**
   * Redeems a code: marks it consumed, records the grant it creates on it, and inserts the grant, in one transaction.
   * Whoever then sees the code consumed also sees the grant to revoke on replay (RFC 6749 §4.1.2), even a replay
   * racing this redemption. Returns false when another redemption consumed the code first.
   */
  async redeemCode(
    codeHash: string,
    grant: typeof grants.$inferInsert,
    refreshToken: Omit<typeof refreshTokens.$inferInsert, 'grantId'> | null,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const consumed = await tx
        .update(authorizationCodes)
        .set({ consumedAt: now, grantId: grant.id })
        .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.consumedAt)))
        .returning({ codeHash: authorizationCodes.codeHash });
      if (consumed.length !== 1) return false;
      await tx.insert(grants).values(grant);
      // The grant's first refresh token is committed with it: one commit (one WAL flush) per exchange, not two.
      if (refreshToken) await tx.insert(refreshTokens).values({ ...refreshToken, grantId: grant.id });
      return true;
    });
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
    const [row] = await this.db
      .select({ code: authorizationCodes, ...subjectColumns })
      .from(authorizationCodes)
      .innerJoin(users, eq(users.id, authorizationCodes.userId))
      .leftJoin(sessions, eq(sessions.id, authorizationCodes.sessionId))
      .where(eq(authorizationCodes.codeHash, codeHash));
    return row ? { code: row.code, subject: toSubject(row) } : undefined;
  }

  /** The refresh token with its grant, the grant's user and its session's public id, in one query. */
  async findRefreshTokenForUse(
    tokenHash: string,
  ): Promise<{ token: RefreshTokenRow; grant: GrantRow; subject: TokenSubject } | undefined> {
    const [row] = await this.db
      .select({ token: refreshTokens, grant: grants, ...subjectColumns })
      .from(refreshTokens)
      .innerJoin(grants, eq(grants.id, refreshTokens.grantId))
      .innerJoin(users, eq(users.id, grants.userId))
      .leftJoin(sessions, eq(sessions.id, grants.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row ? { token: row.token, grant: row.grant, subject: toSubject(row) } : undefined;
  }

  async findGrant(id: string): Promise<GrantRow | undefined> {
    const [row] = await this.db.select().from(grants).where(eq(grants.id, id));
    return row;
  }

  /** Selects the grant if it is active (see activeGrantCondition). */
  private activeGrant(grantId: typeof refreshTokens.grantId | string, now: Date) {
    return this.db
      .select({ id: grants.id })
      .from(grants)
      .innerJoin(users, eq(users.id, grants.userId))
      .where(activeGrantCondition(grantId, now));
  }

  async isGrantActive(id: string, now: Date): Promise<boolean> {
    const [row] = await this.activeGrant(id, now);
    return row !== undefined;
  }

  /**
   * The user behind an active grant and when the grant expires, read in the same query that checks the grant
   * (userinfo's one round trip): undefined when the grant is revoked or expired or its user is not active.
   */
  async activeGrantWithUser(grantId: string, now: Date): Promise<ActiveGrant | undefined> {
    const [row] = await this.activeGrantUserQuery.execute({ grantId, now: now.toISOString() });
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
    const used = this.db.$with('used').as(
      this.db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, now),
            exists(this.activeGrant(refreshTokens.grantId, now)),
          ),
        )
        .returning({ grantId: refreshTokens.grantId }),
    );
    const inserted = await this.db
      .with(used)
      .insert(refreshTokens)
      .select(
        this.db
          .select({
            tokenHash: sql<string>`${successor.tokenHash}`.as('token_hash'),
            grantId: used.grantId,
            clientId: sql<string>`${successor.clientId}`.as('client_id'),
            createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
            expiresAt: sql<Date>`${successor.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
          })
          .from(used),
      )
      .returning({ tokenHash: refreshTokens.tokenHash });
    return inserted.length === 1;
  }

  async findConsent(userId: string, clientId: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ scopes: consents.scopes })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.clientId, clientId)));
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
