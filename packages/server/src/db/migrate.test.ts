import { afterEach, describe, expect, it } from 'vitest';
import { newKekText } from '../crypto/keyring.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import type { Database } from './client.js';
import { isMigrated, listMigrations, migrate } from './migrate.js';

let testDatabase: TestDatabase | undefined;
afterEach(async () => {
  await testDatabase?.drop();
  testDatabase = undefined;
});

async function count(database: Database, sql: string): Promise<number> {
  const rows = await database.withConnection((connection) => connection.query<{ n: string }>(sql));
  return Number(rows[0]?.n);
}

describe('migrations', () => {
  it('apply from empty, are recorded, and a second run applies nothing', async () => {
    testDatabase = await createTestDatabase({ empty: true });
    const database = await testDatabase.open();
    expect(await isMigrated(database)).toBe(false);
    const applied = await migrate(database);
    expect(applied).toEqual(listMigrations().map((migration) => migration.name));
    expect(await isMigrated(database)).toBe(true);
    expect(await migrate(database)).toEqual([]);
    expect(
      await count(
        database,
        "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'settings'",
      ),
    ).toBe(1);
    await database.close();
  });

  it('roll back entirely when a migration fails', async () => {
    testDatabase = await createTestDatabase({ empty: true });
    const database = await testDatabase.open();
    const broken = [
      { name: '0000_good', sql: 'CREATE TABLE first_table (id int)' },
      { name: '0001_bad', sql: 'CREATE TABLE oops (' },
    ];
    await expect(migrate(database, broken)).rejects.toThrow();
    expect(
      await count(
        database,
        "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'first_table'",
      ),
    ).toBe(0);
    await database.close();
  });

  it('two servers starting at the same moment on one empty database both come up; the schema is applied once', async () => {
    testDatabase = await createTestDatabase({ empty: true });
    const [databaseA, databaseB] = [await testDatabase.open(), await testDatabase.open()];
    // Nodes sharing a database share the KEK.
    const env = { TESSERA_KEK: newKekText() };
    const results = await Promise.allSettled([
      startTestServer({ database: databaseA, env }),
      startTestServer({ database: databaseB, env }),
    ]);
    const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const [serverA, serverB] = started as [TestServer, TestServer];
      for (const server of [serverA, serverB]) {
        expect((await fetch(`${server.publicUrl}/readyz`)).status).toBe(200);
      }
      expect(await count(databaseA, 'SELECT count(*) AS n FROM tessera_migrations')).toBe(
        listMigrations().length,
      );
      // Key creation is serialized too: exactly one current and one next key per algorithm.
      expect(await count(databaseA, "SELECT count(*) AS n FROM signing_keys WHERE state = 'current'")).toBe(
        3,
      );
      expect(await count(databaseA, "SELECT count(*) AS n FROM signing_keys WHERE state = 'next'")).toBe(3);
    } finally {
      for (const server of started) await server.close();
      await databaseA.close();
      await databaseB.close();
    }
  });
});
