import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { federatedIdentities, federationConnections, federationDomains, federationFlows } from './tables.js';

export type ConnectionRow = typeof federationConnections.$inferSelect;
export type DomainRow = typeof federationDomains.$inferSelect;
export type FlowRow = typeof federationFlows.$inferSelect;
export type IdentityRow = typeof federatedIdentities.$inferSelect;

/** SQL of the federation slice: connections, their domains, pending flows and linked identities. */
export class FederationStore {
  constructor(private readonly db: Db) {}

  // --- connections ---

  async insertConnection(row: typeof federationConnections.$inferInsert): Promise<ConnectionRow> {
    const [inserted] = await this.db.insert(federationConnections).values(row).returning();
    return inserted!;
  }

  listConnections(): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(federationConnections)
      .orderBy(asc(federationConnections.createdAt), asc(federationConnections.id));
  }

  async findConnection(id: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.select().from(federationConnections).where(eq(federationConnections.id, id));
    return row;
  }

  async updateConnection(
    id: string,
    changes: Partial<typeof federationConnections.$inferInsert>,
  ): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .update(federationConnections)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(federationConnections.id, id))
      .returning();
    return row;
  }

  async deleteConnection(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(federationConnections)
      .where(eq(federationConnections.id, id))
      .returning({ id: federationConnections.id });
    return deleted.length > 0;
  }

  // --- domains ---

  listDomains(connectionIds: string[]): Promise<DomainRow[]> {
    if (connectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(federationDomains)
      .where(inArray(federationDomains.connectionId, connectionIds))
      .orderBy(asc(federationDomains.domain));
  }

  /** Makes the connection's domain list `domains`: removed ones go, new ones start unverified with a challenge. */
  async replaceDomains(
    connectionId: string,
    domains: { domain: string; challenge: string }[],
  ): Promise<void> {
    const names = domains.map((entry) => entry.domain);
    await this.db
      .delete(federationDomains)
      .where(
        names.length > 0
          ? and(eq(federationDomains.connectionId, connectionId), notInArray(federationDomains.domain, names))
          : eq(federationDomains.connectionId, connectionId),
      );
    if (domains.length === 0) return;
    await this.db
      .insert(federationDomains)
      .values(domains.map((entry) => ({ connectionId, ...entry })))
      .onConflictDoNothing();
  }

  async findDomain(connectionId: string, domain: string): Promise<DomainRow | undefined> {
    const [row] = await this.db
      .select()
      .from(federationDomains)
      .where(and(eq(federationDomains.connectionId, connectionId), eq(federationDomains.domain, domain)));
    return row;
  }

  /** Marks a domain verified; a unique violation means another connection holds it verified already. */
  async markDomainVerified(
    connectionId: string,
    domain: string,
    by: 'dns' | 'admin',
  ): Promise<DomainRow | undefined> {
    const [row] = await this.db
      .update(federationDomains)
      .set({ verifiedAt: new Date(), verifiedBy: by })
      .where(and(eq(federationDomains.connectionId, connectionId), eq(federationDomains.domain, domain)))
      .returning();
    return row;
  }

  /** The verified domain and its connection, whatever the connection's state (the caller decides). */
  async findVerifiedDomain(
    domain: string,
  ): Promise<{ domain: DomainRow; connection: ConnectionRow } | undefined> {
    const [row] = await this.db
      .select({ domain: federationDomains, connection: federationConnections })
      .from(federationDomains)
      .innerJoin(federationConnections, eq(federationConnections.id, federationDomains.connectionId))
      .where(and(eq(federationDomains.domain, domain), isNotNull(federationDomains.verifiedAt)));
    return row;
  }

  // --- flows ---

  async insertFlow(row: typeof federationFlows.$inferInsert): Promise<void> {
    await this.db.insert(federationFlows).values(row);
  }

  /**
   * Takes a pending flow exactly once (`UPDATE ... WHERE consumed_at IS NULL RETURNING`,
   * docs/scaling.md#exactly-once-across-nodes): a replayed or expired state, or one presented without the
   * browser's flow cookie, finds nothing, and two concurrent callbacks get one success.
   */
  async consumeFlow(stateHash: string, browserHash: string, now: Date): Promise<FlowRow | undefined> {
    const [row] = await this.db
      .update(federationFlows)
      .set({ consumedAt: now })
      .where(
        and(
          eq(federationFlows.stateHash, stateHash),
          eq(federationFlows.browserHash, browserHash),
          isNull(federationFlows.consumedAt),
          gt(federationFlows.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  async purgeFlows(before: Date): Promise<void> {
    await this.db.delete(federationFlows).where(lt(federationFlows.expiresAt, before));
  }

  // --- identities ---

  async findIdentity(connectionId: string, subject: string): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(federatedIdentities)
      .where(
        and(eq(federatedIdentities.connectionId, connectionId), eq(federatedIdentities.subject, subject)),
      );
    return row;
  }

  async insertIdentity(row: typeof federatedIdentities.$inferInsert): Promise<IdentityRow> {
    const [inserted] = await this.db.insert(federatedIdentities).values(row).returning();
    return inserted!;
  }

  async touchIdentity(id: string, email: string | null): Promise<void> {
    await this.db
      .update(federatedIdentities)
      .set({ lastSignInAt: new Date(), email })
      .where(eq(federatedIdentities.id, id));
  }

  /**
   * Locks every identity row of a user (`FOR UPDATE`, inside the caller's transaction): two unlinks of the same
   * user's identities run one after the other, so the "last way to sign in" check sees the other's deletion.
   */
  lockIdentitiesOfUser(userId: string): Promise<IdentityRow[]> {
    return this.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.userId, userId))
      .for('update');
  }

  async deleteIdentity(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(federatedIdentities)
      .where(and(eq(federatedIdentities.userId, userId), eq(federatedIdentities.id, id)))
      .returning({ id: federatedIdentities.id });
    return deleted.length > 0;
  }

  identitiesOfUser(
    userId: string,
  ): Promise<{ identity: IdentityRow; connectionName: string; issuer: string }[]> {
    return this.db
      .select({
        identity: federatedIdentities,
        connectionName: federationConnections.name,
        issuer: federationConnections.issuer,
      })
      .from(federatedIdentities)
      .innerJoin(federationConnections, eq(federationConnections.id, federatedIdentities.connectionId))
      .where(eq(federatedIdentities.userId, userId))
      .orderBy(asc(federatedIdentities.createdAt));
  }
}
