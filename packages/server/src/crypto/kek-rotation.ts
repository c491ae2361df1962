import type { Database } from '../db/client.js';
import { Sealer } from './seal.js';
import type { SealedColumn } from './sealed-columns.js';

export interface ResealReport {
  table: string;
  column: string;
  resealed: number;
}

const BATCH = 200;

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/**
 * Re-seals every sealed value not yet under the current KEK version. Each row is updated only if it still holds
 * the value that was read (a concurrent writer wins), so reads keep working throughout: a node sees either the old
 * ciphertext (its old key still opens it) or the new one. `columns`: every sealed column (`SEALED_COLUMNS` of
 * app/modules.ts).
 */
export async function resealAll(
  database: Database,
  sealer: Sealer,
  columns: readonly SealedColumn[],
): Promise<ResealReport[]> {
  const prefix = `v${sealer.currentVersion}.%`;
  const reports: ResealReport[] = [];
  for (const { table, column, idColumn } of columns) {
    let resealed = 0;
    for (;;) {
      const rows = await database.withConnection((connection) =>
        connection.query<{ id: string; value: string }>(
          `SELECT ${quote(idColumn)}::text AS id, ${quote(column)} AS value FROM ${quote(table)}
           WHERE ${quote(column)} IS NOT NULL AND ${quote(column)} NOT LIKE $1 LIMIT ${BATCH}`,
          [prefix],
        ),
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const context = { table, column, row: row.id };
        const plaintext = sealer.open(row.value, context);
        const next = sealer.seal(plaintext, context);
        await database.withConnection((connection) =>
          connection.query(
            `UPDATE ${quote(table)} SET ${quote(column)} = $1 WHERE ${quote(idColumn)}::text = $2 AND ${quote(column)} = $3`,
            [next, row.id, row.value],
          ),
        );
        resealed += 1;
      }
    }
    reports.push({ table, column, resealed });
  }
  return reports;
}

export { Sealer };
