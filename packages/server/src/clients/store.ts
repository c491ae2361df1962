import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientSecrets, clients } from '../db/schema/index.js';

export type ClientRow = typeof clients.$inferSelect;
export type ClientSecretRow = typeof clientSecrets.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;

/** SQL for clients and their secrets. */
export class ClientStore {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<ClientRow | undefined> {
    const [row] = await this.db.select().from(clients).where(eq(clients.id, id));
    return row;
  }

  async list(): Promise<ClientRow[]> {
    return this.db.select().from(clients).orderBy(asc(clients.name), asc(clients.id));
  }

  async activeSecret(clientId: string): Promise<ClientSecretRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clientSecrets)
      .where(and(eq(clientSecrets.clientId, clientId), isNull(clientSecrets.revokedAt)));
    return row;
  }

  async insert(
    row: NewClientRow,
    secret: { id: string; sealed: string; hint: string } | null,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(clients).values(row);
      if (secret) {
        await tx
          .insert(clientSecrets)
          .values({ id: secret.id, clientId: row.id, secretSealed: secret.sealed, hint: secret.hint });
      }
    });
  }

  async update(id: string, values: Partial<NewClientRow>): Promise<boolean> {
    const updated = await this.db
      .update(clients)
      .set(values)
      .where(eq(clients.id, id))
      .returning({ id: clients.id });
    return updated.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
    return deleted.length > 0;
  }

  /** Revokes the active secret and stores the new one, atomically. */
  async replaceSecret(clientId: string, secret: { id: string; sealed: string; hint: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(clientSecrets)
        .set({ revokedAt: new Date() })
        .where(and(eq(clientSecrets.clientId, clientId), isNull(clientSecrets.revokedAt)));
      await tx
        .insert(clientSecrets)
        .values({ id: secret.id, clientId, secretSealed: secret.sealed, hint: secret.hint });
    });
  }

  async touchSecret(secretId: string, at: Date): Promise<void> {
    await this.db.update(clientSecrets).set({ lastUsedAt: at }).where(eq(clientSecrets.id, secretId));
  }
}
