import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { passkeyCeremonies, passkeyCredentials } from '../db/schema/index.js';

export type CredentialRow = typeof passkeyCredentials.$inferSelect;
export type CredentialInsert = typeof passkeyCredentials.$inferInsert;
export type CeremonyRow = typeof passkeyCeremonies.$inferSelect;
export type CeremonyInsert = typeof passkeyCeremonies.$inferInsert;

/** SQL of the passkeys slice: credentials and pending ceremonies. */
export class PasskeyStore {
  constructor(private readonly db: Db) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(() => work());
  }

  // --- ceremonies ---

  async insertCeremony(row: CeremonyInsert): Promise<void> {
    await this.db.insert(passkeyCeremonies).values(row);
  }

  /** Consumes a live ceremony exactly once; null when unknown, used, expired or of another purpose. */
  async consumeCeremony(challengeHash: string, purpose: string, now: Date): Promise<CeremonyRow | null> {
    const [row] = await this.db
      .update(passkeyCeremonies)
      .set({ consumedAt: now })
      .where(
        and(
          eq(passkeyCeremonies.challengeHash, challengeHash),
          eq(passkeyCeremonies.purpose, purpose),
          isNull(passkeyCeremonies.consumedAt),
          gt(passkeyCeremonies.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  // --- credentials ---

  listForUser(userId: string): Promise<CredentialRow[]> {
    return this.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId))
      .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
  }

  async countForUser(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId));
    return row?.total ?? 0;
  }

  async findByCredentialId(credentialId: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, credentialId));
    return row ?? null;
  }

  async find(userId: string, id: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .select()
      .from(passkeyCredentials)
      .where(and(eq(passkeyCredentials.userId, userId), eq(passkeyCredentials.id, id)));
    return row ?? null;
  }

  /** Inserts a credential unless its credential id is registered already: null then. */
  async insertCredential(row: CredentialInsert): Promise<CredentialRow | null> {
    const [inserted] = await this.db.insert(passkeyCredentials).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  }

  /**
   * Records a verified assertion: the new counter (only if it is still the one checked against, so two concurrent
   * assertions of one credential cannot both pass the counter check), the backup state and the time of use.
   */
  async recordUse(
    id: string,
    expectedCount: number,
    values: { signCount: number; backedUp: boolean; lastUsedAt: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(passkeyCredentials)
      .set(values)
      .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.signCount, expectedCount)))
      .returning({ id: passkeyCredentials.id });
    return rows.length > 0;
  }

  async flagClone(id: string, at: Date): Promise<void> {
    await this.db
      .update(passkeyCredentials)
      .set({ cloneSuspectedAt: at })
      .where(eq(passkeyCredentials.id, id));
  }

  async rename(userId: string, id: string, name: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .update(passkeyCredentials)
      .set({ name })
      .where(and(eq(passkeyCredentials.userId, userId), eq(passkeyCredentials.id, id)))
      .returning();
    return row ?? null;
  }

  async delete(userId: string, id: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.userId, userId), eq(passkeyCredentials.id, id)))
      .returning();
    return row ?? null;
  }
}
