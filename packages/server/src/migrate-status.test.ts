/** `tessera migrate --status` on a database some migrations behind, on the embedded database and on PostgreSQL. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { listMigrations, migrate } from './db/migrate.js';
import { CliProcesses } from './testing/cli-processes.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';

const cli = new CliProcesses();
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-migrate-status-'));
let testDatabase: TestDatabase | null = null;
afterAll(async () => {
  await cli.stopAll();
  await testDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('lists applied and pending migrations without applying any; after migrate, none is pending', async () => {
  const env: Record<string, string> = { TESSERA_DATA_DIR: dataDir };
  if (testDatabaseKind() === 'postgres') {
    testDatabase = await createTestDatabase({ empty: true });
    env.DATABASE_URL = testDatabase.url!;
  }
  const migrations = listMigrations().map((migration) => migration.name);
  const older = listMigrations().slice(0, -2);
  // A database an older release migrated: every migration but the last two.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL ?? null,
    embeddedDir: join(dataDir, 'db'),
  });
  await migrate(database, older);
  await database.close();

  const behind = `${migrations
    .slice(0, -2)
    .map((name) => `applied  ${name}  `)
    .join('.*\n')}`;
  for (let look = 0; look < 2; look += 1) {
    // Looking twice: the first look changed nothing.
    const status = await cli.run(['migrate', '--status'], env);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    const lines = status.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(migrations.length + 1);
    expect(lines.slice(0, -3).join('\n')).toMatch(new RegExp(behind.replace(/\n/g, '\\n')));
    for (const line of lines.slice(0, -3))
      expect(line).toMatch(/^applied {2}\d{4}_\S+ {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines.slice(-3)).toEqual([
      `pending  ${migrations.at(-2)}`,
      `pending  ${migrations.at(-1)}`,
      "2 pending: 'tessera migrate' (or starting the server) applies them",
    ]);
  }

  const applied = await cli.run(['migrate'], env);
  expect(applied.code).toBe(0);
  expect(applied.stdout).toBe(`applied: ${migrations.slice(-2).join(', ')}\n`);
  const current = await cli.run(['migrate', '--status'], env);
  expect(current.code).toBe(0);
  const lines = current.stdout.trimEnd().split('\n');
  expect(lines.map((line) => line.split(/\s+/)[1])).toEqual([...migrations, 'is']);
  expect(lines.at(-1)).toBe('database is up to date');

  const unknown = await cli.run(['migrate', '--stat'], env);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/Unknown option '--stat'/);
}, 180_000);
