import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientRegistrations, initialAccessTokens } from './tables.js';

export type InitialAccessTokenRow = typeof initialAccessTokens.$inferSelect;
export type ClientRegistrationRow = typeof clientRegistrations.$inferSelect;

/**
 * Where a registration stands in the admin listing's order (newest first): its registration time as PostgreSQL
 * holds it, to the microsecond (a JavaScript Date keeps milliseconds, which would skip or repeat rows registered
 * within one millisecond), and its client id.
 */
export interface RegistrationPosition {
  /** ISO 8601 in UTC with six fractional digits, e.g. `2026-11-29T19:10:31.123456Z`. */
  registeredAt: string;
  clientId: string;
}

export type RegistrationListRow = ClientRegistrationRow & { position: RegistrationPosition };

/** SQL for initial access tokens and the registrations of dynamically registered clients. */
export class ClientRegistrationStore {
  constructor(private readonly db: Db) {}

  async insertToken(row: typeof initialAccessTokens.$inferInsert): Promise<InitialAccessTokenRow> {
    const [inserted] = await this.db.insert(initialAccessTokens).values(row).returning();
    return inserted!;
  }

  listTokens(): Promise<InitialAccessTokenRow[]> {
    return this.db.select().from(initialAccessTokens).orderBy(desc(initialAccessTokens.createdAt));
  }

  async findToken(id: string): Promise<InitialAccessTokenRow | undefined> {
    const [row] = await this.db.select().from(initialAccessTokens).where(eq(initialAccessTokens.id, id));
    return row;
  }

  /** Revokes a token; the first revocation time is kept. Undefined when there is no such token. */
  async revokeToken(id: string, at: Date): Promise<InitialAccessTokenRow | undefined> {
    await this.db
      .update(initialAccessTokens)
      .set({ revokedAt: at })
      .where(and(eq(initialAccessTokens.id, id), isNull(initialAccessTokens.revokedAt)));
    return this.findToken(id);
  }

  /** The usable token with this hash: not revoked, not expired, uses left. */
  async findUsableToken(tokenHash: string, now: Date): Promise<InitialAccessTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(initialAccessTokens)
      .where(and(eq(initialAccessTokens.tokenHash, tokenHash), this.usable(now)));
    return row;
  }

  /**
   * Counts one use of the token with this hash if it is still usable, in one statement: two registrations racing
   * for a token's last use both run it, and the second finds the first's count (the row lock orders them), so
   * exactly one succeeds. Undefined when it was not usable.
   */
  async consumeToken(tokenHash: string, now: Date): Promise<InitialAccessTokenRow | undefined> {
    const [row] = await this.db
      .update(initialAccessTokens)
      .set({ uses: sql`${initialAccessTokens.uses} + 1`, lastUsedAt: now })
      .where(and(eq(initialAccessTokens.tokenHash, tokenHash), this.usable(now)))
      .returning();
    return row;
  }

  private usable(now: Date) {
    return and(
      isNull(initialAccessTokens.revokedAt),
      gt(initialAccessTokens.expiresAt, now),
      or(
        isNull(initialAccessTokens.maxUses),
        sql`${initialAccessTokens.uses} < ${initialAccessTokens.maxUses}`,
      ),
    );
  }

  async insertRegistration(row: typeof clientRegistrations.$inferInsert): Promise<ClientRegistrationRow> {
    const [inserted] = await this.db.insert(clientRegistrations).values(row).returning();
    return inserted!;
  }

  async findRegistration(clientId: string): Promise<ClientRegistrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clientRegistrations)
      .where(eq(clientRegistrations.clientId, clientId));
    return row;
  }

  /**
   * Up to `limit` registrations, newest first (then by client id, descending), after `after`, of these clients only
   * when `clientIds` is given: a range of `client_registrations_registered_idx`, read backwards, however deep.
   */
  async pageRegistrations(options: {
    clientIds: readonly string[] | null;
    after: RegistrationPosition | null;
    limit: number;
  }): Promise<RegistrationListRow[]> {
    if (options.clientIds?.length === 0) return [];
    const conditions: SQL[] = [];
    if (options.clientIds) conditions.push(inArray(clientRegistrations.clientId, [...options.clientIds]));
    // A row comparison, which the btree on (registered_at, client_id) answers as one range.
    if (options.after)
      conditions.push(
        sql`(${clientRegistrations.registeredAt}, ${clientRegistrations.clientId}) < (${options.after.registeredAt}::timestamptz, ${options.after.clientId})`,
      );
    const rows = await this.db
      .select({
        registration: clientRegistrations,
        registeredAtKey: sql<string>`to_char(${clientRegistrations.registeredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(clientRegistrations)
      .where(and(...conditions))
      .orderBy(desc(clientRegistrations.registeredAt), desc(clientRegistrations.clientId))
      .limit(options.limit);
    return rows.map(({ registration, registeredAtKey }) => ({
      ...registration,
      position: { registeredAt: registeredAtKey, clientId: registration.clientId },
    }));
  }

  /** The registration of this client whose registration access token has this hash (RFC 7592 §1.2). */
  async findByToken(clientId: string, tokenHash: string): Promise<ClientRegistrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clientRegistrations)
      .where(
        and(
          eq(clientRegistrations.clientId, clientId),
          eq(clientRegistrations.registrationTokenHash, tokenHash),
        ),
      );
    return row;
  }

  /**
   * Replaces the registration access token, only if the presented one is still current: of two requests with the
   * same token, one rotates it and the other finds it gone. False when it was not current.
   */
  async rotateToken(clientId: string, presentedHash: string, nextHash: string): Promise<boolean> {
    const updated = await this.db
      .update(clientRegistrations)
      .set({ registrationTokenHash: nextHash })
      .where(
        and(
          eq(clientRegistrations.clientId, clientId),
          eq(clientRegistrations.registrationTokenHash, presentedHash),
        ),
      )
      .returning({ clientId: clientRegistrations.clientId });
    return updated.length > 0;
  }
}
