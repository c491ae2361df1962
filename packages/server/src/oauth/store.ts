import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
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

export type AuthorizationCodeRow = typeof authorizationCodes.$inferSelect;
export type GrantRow = typeof grants.$inferSelect;

/**
 * SQL for the authorization state: pending requests, codes, grants, refresh tokens and consents. Every single-use
 * value is consumed with one conditional UPDATE ... RETURNING, so of two concurrent redemptions exactly one wins,
 * on one node or many (DESIGN §4).
 */
export class OAuthStore {
  constructor(private readonly db: Db) {}

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

  /** Marks a code used; returns it if this call was the one that consumed it. */
  async consumeCode(codeHash: string, now: Date): Promise<AuthorizationCodeRow | undefined> {
    const [row] = await this.db
      .update(authorizationCodes)
      .set({ consumedAt: now })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.consumedAt)))
      .returning();
    return row;
  }

  async findCode(codeHash: string): Promise<AuthorizationCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, codeHash));
    return row;
  }

  async attachGrantToCode(codeHash: string, grantId: string): Promise<void> {
    await this.db
      .update(authorizationCodes)
      .set({ grantId })
      .where(eq(authorizationCodes.codeHash, codeHash));
  }

  async createGrant(row: typeof grants.$inferInsert): Promise<void> {
    await this.db.insert(grants).values(row);
  }

  async findGrant(id: string): Promise<GrantRow | undefined> {
    const [row] = await this.db.select().from(grants).where(eq(grants.id, id));
    return row;
  }

  /** True when the grant exists, is not revoked, and has not passed its absolute expiry. */
  async isGrantActive(id: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: grants.id })
      .from(grants)
      .innerJoin(users, eq(users.id, grants.userId))
      .where(
        and(
          eq(grants.id, id),
          isNull(grants.revokedAt),
          gt(grants.expiresAt, now),
          eq(users.status, 'active'),
        ),
      );
    return row !== undefined;
  }

  async revokeGrant(id: string, now: Date): Promise<void> {
    await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(eq(grants.id, id), isNull(grants.revokedAt)));
  }

  async createRefreshToken(row: typeof refreshTokens.$inferInsert): Promise<void> {
    await this.db.insert(refreshTokens).values(row);
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a refresh token used (rotation); returns true if this call was the one that used it. */
  async useRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ tokenHash: refreshTokens.tokenHash });
    return used.length === 1;
  }

  async sessionPublicId(sessionId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.publicId ?? null;
  }

  async findConsent(userId: string, clientId: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ scopes: consents.scopes })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.clientId, clientId)));
    return row?.scopes ?? null;
  }

  async saveConsent(userId: string, clientId: string, scopes: string[]): Promise<void> {
    await this.db
      .insert(consents)
      .values({ userId, clientId, scopes })
      .onConflictDoUpdate({
        target: [consents.userId, consents.clientId],
        set: { scopes, updatedAt: sql`now()` },
      });
  }

  /** Housekeeping: drops expired pending requests and codes. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(authorizationRequests).where(lte(authorizationRequests.expiresAt, now));
    await this.db
      .delete(authorizationCodes)
      .where(or(lte(authorizationCodes.expiresAt, new Date(now.getTime() - 3600_000))));
  }
}
