/**
 * Upgrades from every earlier release: each release's fixture (test-fixtures/upgrade/<version>/, written by
 * scripts/upgrade-fixture.ts) is a database that release wrote. It is loaded into an empty database, a server of
 * the current code starts on it (applying the migrations the release lacks), and everything in it must still work:
 * password sign-in, TOTP, a client secret, a refresh token, a keybag, a SCIM token, a federation connection's
 * secret, and the signing keys, which sign the client-credentials token (docs/upgrading.md).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client.js';
import { listMigrations } from './db/migrate.js';
import { CliProcesses } from './testing/cli-processes.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import { checkConnectionSecret, checkRestoredData, type RestorableData } from './testing/restorable-data.js';
import { freePortPair } from './testing/server.js';

const FIXTURES = fileURLToPath(new URL('../test-fixtures/upgrade/', import.meta.url));
const RELEASES = readdirSync(FIXTURES).sort();

interface UpgradeFixture {
  version: string;
  kek: string;
  baseUrl: string;
  data: RestorableData;
}

/**
 * A fixture is as old as its release, so what it holds would have expired by now: every expiry in the future as
 * of its writing is moved to 30 days from now. What is checked is that the rows still work, not their lifetimes.
 */
const RENEW_EXPIRIES = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = 'public' AND data_type LIKE 'timestamp%' AND column_name LIKE '%expires_at'
  LOOP
    EXECUTE format('UPDATE %I SET %I = now() + interval ''30 days'' WHERE %I IS NOT NULL', r.table_name,
                   r.column_name, r.column_name);
  END LOOP;
END $$`;

async function load(database: Database, dump: string): Promise<void> {
  await database.withConnection(async (connection) => {
    await connection.exec(dump);
    // pg_dump sets the session up for its own statements (an empty search path among them).
    await connection.exec('RESET ALL');
    await connection.exec(RENEW_EXPIRIES);
  });
}

const cli = new CliProcesses();
const scratch = mkdtempSync(join(tmpdir(), 'tessera-upgrade-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await cli.stopAll();
  for (const database of databases) await database.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(RELEASES)('upgrading from %s', (release) => {
  it('migrates the release database; every credential and secret in it still works', async () => {
    const directory = join(FIXTURES, release);
    const fixture = JSON.parse(readFileSync(join(directory, 'data.json'), 'utf8')) as UpgradeFixture;
    const dump = readFileSync(join(directory, 'dump.sql'), 'utf8');
    const env: Record<string, string> = { TESSERA_KEK: fixture.kek };
    let database: Database;
    if (testDatabaseKind() === 'postgres') {
      const created = await createTestDatabase({ empty: true });
      databases.push(created);
      env.DATABASE_URL = created.url!;
      database = await created.open();
    } else {
      env.TESSERA_DATA_DIR = join(scratch, release);
      database = await openDatabase({ databaseUrl: null, embeddedDir: join(env.TESSERA_DATA_DIR, 'db') });
    }
    await load(database, dump);
    const before = await database.withConnection((connection) =>
      connection.query<{ name: string }>('SELECT name FROM tessera_migrations'),
    );
    await database.close();

    const migrated = await cli.run(['migrate'], env);
    expect(migrated.stderr).toBe('');
    expect(migrated.code).toBe(0);
    const pending = listMigrations()
      .map((migration) => migration.name)
      .filter((name) => !before.some((row) => row.name === name));
    expect(migrated.stdout).toBe(
      pending.length ? `applied: ${pending.join(', ')}\n` : 'database is up to date\n',
    );

    const [publicPort, adminPort] = await freePortPair();
    const server = await cli.serve({ env, publicPort, adminPort, baseUrl: fixture.baseUrl });
    expect(await checkRestoredData(server, fixture.data)).toEqual([]);
    await server.stop();
    const reopened = await openDatabase({
      databaseUrl: env.DATABASE_URL ?? null,
      embeddedDir: env.TESSERA_DATA_DIR ? join(env.TESSERA_DATA_DIR, 'db') : null,
    });
    try {
      expect(await checkConnectionSecret(reopened, fixture.kek, fixture.data)).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 300_000);
});
