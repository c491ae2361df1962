import { and, asc, desc, eq, getTableColumns, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
// A generic SQLSTATE check (it lives with the first slice that needed it), not a call into that slice's store.
import { isForeignKeyViolation } from '../db/errors.js';
import { containsPattern, prefixPattern } from '../db/like.js';
import { preparedQuery } from '../db/prepared.js';
import { clientAssertionJtis, clientIcons, clientSecrets, clients } from './tables.js';

/** A client row with its icon's metadata (null columns when it has none); never the icon's bytes. */
export type ClientRow = typeof clients.$inferSelect & {
  iconContentType: string | null;
  iconByteLength: number | null;
  iconEtag: string | null;
  iconUpdatedAt: Date | null;
};
export type ClientIconRow = typeof clientIcons.$inferSelect;
export type ClientSecretRow = typeof clientSecrets.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
/** A client row of a list page with its active secret's metadata (null columns when it has none). */
export type ClientListRow = ClientRow & {
  secretId: string | null;
  secretHint: string | null;
  secretCreatedAt: Date | null;
  secretLastUsedAt: Date | null;
};

/**
 * The shortest search matched as a substring: a trigram index answers three characters or more, and a shorter
 * substring would read every client (docs/admin.md#daily-tasks).
 */
const MIN_SUBSTRING_SEARCH = 3;

/** Where a list page starts: after the client with this name and id, in the list's order (name, then id). */
export interface ClientListPosition {
  name: string;
  id: string;
}

/** A client's columns and its icon's metadata (never its bytes), for a select that left-joins `client_icons`. */
function clientWithIconColumns() {
  return {
    ...getTableColumns(clients),
    iconContentType: clientIcons.contentType,
    iconByteLength: sql<number | null>`octet_length(${clientIcons.bytes})`.mapWith(Number),
    iconEtag: clientIcons.etag,
    iconUpdatedAt: clientIcons.updatedAt,
  };
}

/** SQL for clients and their secrets. */
export class ClientStore {
  /** The replay check of every `private_key_jwt` authentication: prepared, as it runs on the token hot path. */
  private readonly recordAssertionJtiQuery;

  constructor(private readonly db: Db) {
    this.recordAssertionJtiQuery = preparedQuery(db, 'clients_assertion_jti_use', (db) =>
      db
        .insert(clientAssertionJtis)
        .values({
          clientId: sql.placeholder('clientId'),
          jti: sql.placeholder('jti'),
          expiresAt: sql.placeholder('expiresAt'),
        })
        .onConflictDoNothing()
        .returning({ jti: clientAssertionJtis.jti }),
    );
  }

  private selectWithIcon() {
    return this.db
      .select(clientWithIconColumns())
      .from(clients)
      .leftJoin(clientIcons, eq(clientIcons.clientId, clients.id));
  }

  async find(id: string): Promise<ClientRow | undefined> {
    const [row] = await this.selectWithIcon().where(eq(clients.id, id));
    return row;
  }

  async list(): Promise<ClientRow[]> {
    return this.selectWithIcon().orderBy(asc(clients.name), asc(clients.id));
  }

  /**
   * The first `limit` clients shown on the account page (shown on the dashboard, with an app URL), by name then id:
   * the condition is `clients_dashboard_idx`'s, so PostgreSQL reads that index in order and no other client.
   */
  async dashboard(limit: number): Promise<ClientRow[]> {
    return this.selectWithIcon()
      .where(sql`${clients.showOnDashboard} and ${clients.appUrl} <> ''`)
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(limit);
  }

  /**
   * One page of the admin list, by name then id (the `clients_name_id_idx` order), starting after `after`, each
   * client with its active secret's metadata, in one statement. `search` matches a substring of the name or the id,
   * case-insensitively and literally (trigram indexes on PostgreSQL, docs/performance.md#query-plans); one or two
   * characters match the start of either.
   */
  async page(options: {
    search: string;
    after: ClientListPosition | null;
    limit: number;
  }): Promise<ClientListRow[]> {
    const conditions: SQL[] = [];
    // A row comparison, which a btree on (name, id) answers as one range: the keyset after the previous page.
    if (options.after)
      conditions.push(sql`(${clients.name}, ${clients.id}) > (${options.after.name}, ${options.after.id})`);
    if (options.search.length >= MIN_SUBSTRING_SEARCH) {
      const pattern = containsPattern(options.search);
      conditions.push(or(ilike(clients.name, pattern), ilike(clients.id, pattern))!);
    } else if (options.search) {
      // Shorter than a trigram: the start of the name or id, which clients_name_prefix_idx and clients_id_prefix_idx
      // answer (lower() on both sides, as those indexes are built).
      const pattern = prefixPattern(options.search);
      conditions.push(
        or(
          sql`lower(${clients.name}) like lower(${pattern})`,
          sql`lower(${clients.id}) like lower(${pattern})`,
        )!,
      );
    }
    // The newest unrevoked secret: a client has one, but a lateral subquery cannot repeat a client's row if two
    // rotations ever raced.
    const activeSecret = this.db
      .select({
        id: clientSecrets.id,
        hint: clientSecrets.hint,
        createdAt: clientSecrets.createdAt,
        lastUsedAt: clientSecrets.lastUsedAt,
      })
      .from(clientSecrets)
      .where(and(eq(clientSecrets.clientId, clients.id), isNull(clientSecrets.revokedAt)))
      .orderBy(desc(clientSecrets.createdAt))
      .limit(1)
      .as('active_secret');
    return this.db
      .select({
        ...clientWithIconColumns(),
        secretId: activeSecret.id,
        secretHint: activeSecret.hint,
        secretCreatedAt: activeSecret.createdAt,
        secretLastUsedAt: activeSecret.lastUsedAt,
      })
      .from(clients)
      .leftJoin(clientIcons, eq(clientIcons.clientId, clients.id))
      .leftJoinLateral(activeSecret, sql`true`)
      .where(and(...conditions))
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(options.limit);
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

  async findIcon(clientId: string): Promise<ClientIconRow | undefined> {
    const [row] = await this.db.select().from(clientIcons).where(eq(clientIcons.clientId, clientId));
    return row;
  }

  /** Stores or replaces a client's icon; false when the client does not exist (the foreign key refuses the row). */
  async upsertIcon(icon: Omit<ClientIconRow, 'updatedAt'>): Promise<boolean> {
    const updatedAt = new Date();
    try {
      await this.db
        .insert(clientIcons)
        .values({ ...icon, updatedAt })
        .onConflictDoUpdate({
          target: clientIcons.clientId,
          set: { contentType: icon.contentType, bytes: icon.bytes, etag: icon.etag, updatedAt },
        });
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async deleteIcon(clientId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(clientIcons)
      .where(eq(clientIcons.clientId, clientId))
      .returning({ clientId: clientIcons.clientId });
    return deleted.length > 0;
  }

  /**
   * Records a client assertion's jti until `expiresAt`; false when this client used it before (the primary key
   * makes the second insert, on any node, do nothing).
   */
  async recordAssertionJti(clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.recordAssertionJtiQuery({ clientId, jti, expiresAt });
    return inserted.length > 0;
  }
}
