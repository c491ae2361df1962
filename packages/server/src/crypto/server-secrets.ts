import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Sealer } from './seal.js';
import { serverSecrets } from './tables.js';

/**
 * A named long-lived server secret, generated once, sealed under the KEK in `server_secrets`, and read once into
 * memory. Racing nodes: the first insert wins and everyone reads that one.
 */
export async function loadServerSecret(
  db: Db,
  sealer: Sealer,
  name: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const context = { table: 'server_secrets', column: 'value_sealed', row: name };
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!existing) {
    await db
      .insert(serverSecrets)
      .values({ name, valueSealed: sealer.seal(generate(), context) })
      .onConflictDoNothing();
  }
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return sealer.openText(row!.valueSealed, context);
}
