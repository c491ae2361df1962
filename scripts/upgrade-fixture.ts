/**
 * Writes the upgrade fixture of this release: packages/server/test-fixtures/upgrade/<version>/, a plain SQL dump of
 * a database this release wrote (users with a password and TOTP, clients with secrets, signing keys, a refresh
 * token, a keybag, a SCIM token, a federation connection) and data.json, the secrets to check them with and the
 * test-only KEK they are sealed under. packages/server/src/upgrade.test.ts restores every release's fixture,
 * migrates it with the current code and checks that all of it still works (docs/upgrading.md).
 *
 * Run once per release, before tagging it, on a machine with PostgreSQL and its pg_dump:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/upgrade-fixture.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newKekText } from '../packages/server/src/crypto/keyring.js';
import { createTestDatabase } from '../packages/server/src/testing/database.js';
import { seedRestorableData } from '../packages/server/src/testing/restorable-data.js';
import { ServedProcess } from '../packages/server/src/testing/served-process.js';
import { freePortPair } from '../packages/server/src/testing/server.js';
import { VERSION } from '../packages/server/src/version.js';

const FIXTURES = fileURLToPath(new URL('../packages/server/test-fixtures/upgrade/', import.meta.url));

/** What pg_dump writes that an older or newer PostgreSQL, or PGlite, would trip on, and no row needs. */
function portableDump(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => !/^SET (transaction_timeout|default_table_access_method)\b/.test(line))
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
}

async function main(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server');
  process.env.TESSERA_TEST_DB = 'postgres';
  // The OPAQUE client's light key stretching, as the test projects use it (testing/opaque-stretching.ts): a password
  // must be signed in with the stretching it was registered with.
  process.env.TESSERA_TEST_OPAQUE_STRETCHING = 'light';
  const database = await createTestDatabase({ empty: true });
  const kek = newKekText();
  const [publicPort, adminPort] = await freePortPair();
  const server = await ServedProcess.start({
    env: { DATABASE_URL: database.url!, TESSERA_KEK: kek },
    publicPort,
    adminPort,
  });
  try {
    const data = await seedRestorableData(server, server.installToken!);
    server.signal('SIGTERM');
    await server.exited;
    const dump = execFileSync(
      'pg_dump',
      ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '--dbname', database.url!],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const directory = join(FIXTURES, VERSION);
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'dump.sql'), portableDump(dump));
    writeFileSync(
      join(directory, 'data.json'),
      `${JSON.stringify({ version: VERSION, kek, baseUrl: server.publicUrl, data }, null, 2)}\n`,
    );
    process.stdout.write(`wrote ${directory}\n`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
