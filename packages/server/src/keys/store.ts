import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deviceApprovals } from './devices/tables.js';
import { keybagEnvelopes, keybags, legacyWrappedDrks, userEncryptionKeys } from './tables.js';

export type KeybagRow = typeof keybags.$inferSelect;
export type EnvelopeRow = typeof keybagEnvelopes.$inferSelect;
export type EnvelopeInsert = typeof keybagEnvelopes.$inferInsert;
export type EncryptionKeysRow = typeof userEncryptionKeys.$inferSelect;
export type LegacyDrkRow = typeof legacyWrappedDrks.$inferSelect;

/**
 * SQL of the keys slice. Every method runs in the transaction open in the async context, if any
 * (db/transactions.ts); the service opens one around each change and locks the keybag row first.
 */
export class KeyStore {
  constructor(private readonly db: Db) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(() => work());
  }

  // --- keybags ---

  async findKeybag(userId: string): Promise<KeybagRow | null> {
    const [row] = await this.db.select().from(keybags).where(eq(keybags.userId, userId));
    return row ?? null;
  }

  /** The keybag row locked until the transaction ends (SELECT ... FOR UPDATE), so changes to it serialize. */
  async lockKeybag(userId: string): Promise<KeybagRow | null> {
    const [row] = await this.db.select().from(keybags).where(eq(keybags.userId, userId)).for('update');
    return row ?? null;
  }

  /** Inserts the account key unless the user has one (primary key on the user): null when one exists. */
  async insertKeybag(row: typeof keybags.$inferInsert): Promise<KeybagRow | null> {
    const [inserted] = await this.db.insert(keybags).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  }

  /** Replaces the account-key material when the version is still `expectedVersion`; null otherwise. */
  async rotateKeybag(
    userId: string,
    expectedVersion: number,
    values: { keyId: string; keyCheck: string; rotatedAt: Date },
  ): Promise<KeybagRow | null> {
    const [row] = await this.db
      .update(keybags)
      .set({ ...values, version: expectedVersion + 1 })
      .where(and(eq(keybags.userId, userId), eq(keybags.version, expectedVersion)))
      .returning();
    return row ?? null;
  }

  async setLastUnlocked(userId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(keybags)
      .set({ lastUnlockedAt: at })
      .where(eq(keybags.userId, userId))
      .returning({ userId: keybags.userId });
    return rows.length > 0;
  }

  /** The envelope the browser opened for a key delivery was used now; false when the user has no such envelope. */
  async setEnvelopeLastUsed(userId: string, id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(keybagEnvelopes)
      .set({ lastUsedAt: at })
      .where(and(eq(keybagEnvelopes.userId, userId), eq(keybagEnvelopes.id, id)))
      .returning({ id: keybagEnvelopes.id });
    return rows.length > 0;
  }

  /** Deletes the keybag (its envelopes go with it, ON DELETE CASCADE); false when there was none. */
  async deleteKeybag(userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(keybags)
      .where(eq(keybags.userId, userId))
      .returning({ userId: keybags.userId });
    return rows.length > 0;
  }

  /**
   * Deletes all of a user's key material: the keybag (envelopes, trusted devices' among them, by cascade), device
   * approvals, the encryption key pair and legacy wrapped keys; returns whether there was a keybag.
   */
  async deleteAllKeyMaterial(userId: string): Promise<boolean> {
    await this.db.delete(deviceApprovals).where(eq(deviceApprovals.userId, userId));
    await this.db.delete(userEncryptionKeys).where(eq(userEncryptionKeys.userId, userId));
    await this.db.delete(legacyWrappedDrks).where(eq(legacyWrappedDrks.userId, userId));
    return this.deleteKeybag(userId);
  }

  // --- envelopes ---

  listEnvelopes(userId: string): Promise<EnvelopeRow[]> {
    return this.db
      .select()
      .from(keybagEnvelopes)
      .where(eq(keybagEnvelopes.userId, userId))
      .orderBy(asc(keybagEnvelopes.createdAt), asc(keybagEnvelopes.id));
  }

  async insertEnvelopes(rows: EnvelopeInsert[]): Promise<EnvelopeRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(keybagEnvelopes).values(rows).returning();
  }

  async findEnvelope(userId: string, id: string): Promise<EnvelopeRow | null> {
    const [row] = await this.db
      .select()
      .from(keybagEnvelopes)
      .where(and(eq(keybagEnvelopes.userId, userId), eq(keybagEnvelopes.id, id)));
    return row ?? null;
  }

  async deleteEnvelope(userId: string, id: string): Promise<EnvelopeRow | null> {
    const [row] = await this.db
      .delete(keybagEnvelopes)
      .where(and(eq(keybagEnvelopes.userId, userId), eq(keybagEnvelopes.id, id)))
      .returning();
    return row ?? null;
  }

  async deleteAllEnvelopes(userId: string): Promise<number> {
    const rows = await this.db
      .delete(keybagEnvelopes)
      .where(eq(keybagEnvelopes.userId, userId))
      .returning({ id: keybagEnvelopes.id });
    return rows.length;
  }

  /** Marks the user's password envelopes unusable (their export key is gone); returns how many. */
  async markPasswordEnvelopesStale(userId: string): Promise<number> {
    const rows = await this.db
      .update(keybagEnvelopes)
      .set({ status: 'stale' })
      .where(
        and(
          eq(keybagEnvelopes.userId, userId),
          eq(keybagEnvelopes.type, 'password'),
          eq(keybagEnvelopes.status, 'usable'),
        ),
      )
      .returning({ id: keybagEnvelopes.id });
    return rows.length;
  }

  // --- the user's encryption key pair ---

  async findEncryptionKeys(userId: string): Promise<EncryptionKeysRow | null> {
    const [row] = await this.db
      .select()
      .from(userEncryptionKeys)
      .where(eq(userEncryptionKeys.userId, userId));
    return row ?? null;
  }

  /** Stores (or replaces) the public key; a wrapped private key of another key pair stays, told apart by its kid. */
  async upsertPublicKey(
    userId: string,
    publicJwk: EncryptionKeysRow['publicJwk'],
    kid: string,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(userEncryptionKeys)
      .values({ userId, publicJwk, kid, publicUpdatedAt: at })
      .onConflictDoUpdate({
        target: userEncryptionKeys.userId,
        set: { publicJwk, kid, publicUpdatedAt: at },
      });
  }

  /** Stores the wrapped private key when the current public key's kid matches; false otherwise. */
  async setWrappedPrivate(
    userId: string,
    wrapped: NonNullable<EncryptionKeysRow['wrappedPrivate']>,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(userEncryptionKeys)
      .set({ wrappedPrivate: wrapped, privateUpdatedAt: at })
      .where(and(eq(userEncryptionKeys.userId, userId), eq(userEncryptionKeys.kid, wrapped.kid)))
      .returning({ userId: userEncryptionKeys.userId });
    return rows.length > 0;
  }

  /** Drops the wrapped private key (it was wrapped under a key derived from an account key that is gone). */
  async clearWrappedPrivate(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(userEncryptionKeys)
      .set({ wrappedPrivate: null, privateUpdatedAt: null })
      .where(eq(userEncryptionKeys.userId, userId))
      .returning({ wrapped: userEncryptionKeys.wrappedPrivate });
    return rows.length > 0;
  }

  // --- legacy v1 ---

  async findLegacyDrk(userId: string, clientId: string): Promise<LegacyDrkRow | null> {
    const [row] = await this.db
      .select()
      .from(legacyWrappedDrks)
      .where(and(eq(legacyWrappedDrks.userId, userId), eq(legacyWrappedDrks.clientId, clientId)));
    return row ?? null;
  }

  async upsertLegacyDrk(
    userId: string,
    clientId: string,
    ciphertext: string,
    at: Date,
  ): Promise<LegacyDrkRow> {
    const [row] = await this.db
      .insert(legacyWrappedDrks)
      .values({ userId, clientId, ciphertext, updatedAt: at })
      .onConflictDoUpdate({
        target: [legacyWrappedDrks.userId, legacyWrappedDrks.clientId],
        set: { ciphertext, updatedAt: at },
      })
      .returning();
    return row!;
  }
}
