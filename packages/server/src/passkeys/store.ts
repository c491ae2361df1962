import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { adminUsers, users } from '../accounts/tables.js';
import type { Db } from '../db/client.js';
import { passkeyCeremonies, passkeyCredentials } from './tables.js';

/** Whose passkeys a store serves: users' (public port) or admins' (admin port); rows of the other kind are invisible. */
export type PasskeyOwnerKind = 'user' | 'admin';

type CredentialRecord = typeof passkeyCredentials.$inferSelect;
type CeremonyRecord = typeof passkeyCeremonies.$inferSelect;
type OwnerColumns = 'kind' | 'userId' | 'adminUserId';

/** A credential of this store's kind; `ownerId` is the user's or the admin's id. */
export type CredentialRow = Omit<CredentialRecord, OwnerColumns> & { ownerId: string };
export type CredentialInsert = Omit<typeof passkeyCredentials.$inferInsert, OwnerColumns> & {
  ownerId: string;
};
/** A ceremony of this store's kind; `ownerId`: the registering account, or the email-first sign-in's account. */
export type CeremonyRow = Omit<CeremonyRecord, OwnerColumns> & { ownerId: string | null };
export type CeremonyInsert = Omit<typeof passkeyCeremonies.$inferInsert, OwnerColumns> & {
  ownerId: string | null;
};

/** SQL of the passkeys slice for one kind of owner: credentials and pending ceremonies. */
export class PasskeyStore {
  constructor(
    private readonly db: Db,
    private readonly kind: PasskeyOwnerKind,
  ) {}

  private get credentialOwner() {
    return this.kind === 'user' ? passkeyCredentials.userId : passkeyCredentials.adminUserId;
  }

  private ownerValues(ownerId: string | null) {
    return this.kind === 'user'
      ? { kind: this.kind, userId: ownerId, adminUserId: null }
      : { kind: this.kind, userId: null, adminUserId: ownerId };
  }

  private credential({ kind: _kind, userId, adminUserId, ...rest }: CredentialRecord): CredentialRow {
    return { ...rest, ownerId: (this.kind === 'user' ? userId : adminUserId) as string };
  }

  private ofOwner(ownerId: string) {
    return and(eq(passkeyCredentials.kind, this.kind), eq(this.credentialOwner, ownerId));
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(() => work());
  }

  /**
   * Locks the owner's account row (SELECT … FOR UPDATE) until the transaction ends, so that checks over the
   * owner's set of passkeys (how many, whether one is the last) and the change they allow are one step: two
   * concurrent removals, or registrations, of one account run one after the other. Must run in a transaction.
   */
  async lockOwner(ownerId: string): Promise<void> {
    if (this.kind === 'user') {
      await this.db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    } else {
      await this.db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.id, ownerId))
        .for('update');
    }
  }

  // --- ceremonies ---

  async insertCeremony({ ownerId, ...row }: CeremonyInsert): Promise<void> {
    await this.db.insert(passkeyCeremonies).values({ ...row, ...this.ownerValues(ownerId) });
  }

  /** Consumes a live ceremony of this kind exactly once; null when unknown, used, expired or of another purpose. */
  async consumeCeremony(challengeHash: string, purpose: string, now: Date): Promise<CeremonyRow | null> {
    const [row] = await this.db
      .update(passkeyCeremonies)
      .set({ consumedAt: now })
      .where(
        and(
          eq(passkeyCeremonies.challengeHash, challengeHash),
          eq(passkeyCeremonies.purpose, purpose),
          eq(passkeyCeremonies.kind, this.kind),
          isNull(passkeyCeremonies.consumedAt),
          gt(passkeyCeremonies.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return null;
    const { kind: _kind, userId, adminUserId, ...rest } = row;
    return { ...rest, ownerId: this.kind === 'user' ? userId : adminUserId };
  }

  // --- credentials ---

  async listForOwner(ownerId: string): Promise<CredentialRow[]> {
    const rows = await this.db
      .select()
      .from(passkeyCredentials)
      .where(this.ofOwner(ownerId))
      .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
    return rows.map((row) => this.credential(row));
  }

  async countForOwner(ownerId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(passkeyCredentials)
      .where(this.ofOwner(ownerId));
    return row?.total ?? 0;
  }

  async findByCredentialId(credentialId: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .select()
      .from(passkeyCredentials)
      .where(and(eq(passkeyCredentials.credentialId, credentialId), eq(passkeyCredentials.kind, this.kind)));
    return row ? this.credential(row) : null;
  }

  async find(ownerId: string, id: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .select()
      .from(passkeyCredentials)
      .where(and(this.ofOwner(ownerId), eq(passkeyCredentials.id, id)));
    return row ? this.credential(row) : null;
  }

  /** Inserts a credential unless its credential id is registered already (of either kind): null then. */
  async insertCredential({ ownerId, ...row }: CredentialInsert): Promise<CredentialRow | null> {
    const [inserted] = await this.db
      .insert(passkeyCredentials)
      .values({ ...row, ...this.ownerValues(ownerId) })
      .onConflictDoNothing()
      .returning();
    return inserted ? this.credential(inserted) : null;
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

  async rename(ownerId: string, id: string, name: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .update(passkeyCredentials)
      .set({ name })
      .where(and(this.ofOwner(ownerId), eq(passkeyCredentials.id, id)))
      .returning();
    return row ? this.credential(row) : null;
  }

  /** Deletes every credential and pending ceremony of the owner; returns how many credentials there were. */
  async deleteAllOfOwner(ownerId: string): Promise<number> {
    const ceremonyOwner = this.kind === 'user' ? passkeyCeremonies.userId : passkeyCeremonies.adminUserId;
    await this.db
      .delete(passkeyCeremonies)
      .where(and(eq(passkeyCeremonies.kind, this.kind), eq(ceremonyOwner, ownerId)));
    const rows = await this.db
      .delete(passkeyCredentials)
      .where(this.ofOwner(ownerId))
      .returning({ id: passkeyCredentials.id });
    return rows.length;
  }

  async delete(ownerId: string, id: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .delete(passkeyCredentials)
      .where(and(this.ofOwner(ownerId), eq(passkeyCredentials.id, id)))
      .returning();
    return row ? this.credential(row) : null;
  }
}
