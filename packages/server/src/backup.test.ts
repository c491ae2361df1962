/**
 * `tessera backup` of a running server's embedded database while writes are acknowledged, `tessera restore` into a
 * new data directory, and a server started there: every write acknowledged before the backup began is found, and
 * the sealed and hashed secrets still work (docs/operations.md#backups).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { openDatabase } from './db/client.js';
import { CliProcesses } from './testing/cli-processes.js';
import { testDatabaseKind } from './testing/database.js';
import { adminHeaders, send } from './testing/fault-workload.js';
import { checkConnectionSecret, checkRestoredData, seedRestorableData } from './testing/restorable-data.js';
import { freePortPair } from './testing/server.js';

const cli = new CliProcesses();
const scratch = mkdtempSync(join(tmpdir(), 'tessera-backup-'));
afterAll(async () => {
  await cli.stopAll();
  rmSync(scratch, { recursive: true, force: true });
});

const LOAD_LANES = 3;

describe.runIf(testDatabaseKind() === 'embedded')('tessera backup and restore (embedded database)', () => {
  it('restores every write acknowledged before the backup began, secrets usable', async () => {
    const kek = newKekText();
    const original = join(scratch, 'original');
    const [publicPort, adminPort] = await freePortPair();
    const server = await cli.serve({
      env: { TESSERA_DATA_DIR: original, TESSERA_KEK: kek },
      publicPort,
      adminPort,
    });
    const data = await seedRestorableData(server, server.installToken!);

    // User creations through the admin API, each noted in the order its 201 arrived. Positions in this list, not
    // clock readings, say what was acknowledged before the backup began: two events can share a millisecond.
    const acknowledged: string[] = [];
    let stop = false;
    let sequence = 0;
    const lane = async () => {
      while (!stop) {
        sequence += 1;
        const outcome = await send(`${server.adminUrl}/admin/users`, {
          method: 'POST',
          headers: adminHeaders(data.fixture.admin),
          body: JSON.stringify({ email: `load-${sequence}@example.com`, name: 'Load' }),
        });
        if (outcome.kind !== 'answered' || outcome.status !== 201)
          throw new Error(`user creation: ${JSON.stringify(outcome)}`);
        acknowledged.push(String(outcome.json.id));
      }
    };
    const load = Promise.all(Array.from({ length: LOAD_LANES }, lane));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const archive = join(scratch, 'tessera.backup');
    const before = acknowledged.slice();
    const backup = await cli.run(['backup', '--out', archive], {
      TESSERA_DATA_DIR: original,
      TESSERA_KEK: kek,
    });
    // Writes kept being acknowledged while the backup ran: the server served on.
    const during = acknowledged.length - before.length;
    stop = true;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`backup written: ${archive}`);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(during).toBeGreaterThan(0);

    // A second backup never overwrites the first.
    const again = await cli.run(['backup', '--out', archive], {
      TESSERA_DATA_DIR: original,
      TESSERA_KEK: kek,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');

    // migrate --status asks the running server, which holds the database.
    const status = await cli.run(['migrate', '--status'], { TESSERA_DATA_DIR: original, TESSERA_KEK: kek });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^applied {2}0000_\S+ {2}\d{4}-.*\ndatabase is up to date\n$/s);

    // Restore refuses a directory that holds anything, and the running server's own.
    const busy = join(scratch, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'x');
    const refused = await cli.run(['restore', archive], { TESSERA_DATA_DIR: busy, TESSERA_KEK: kek });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    const onLive = await cli.run(['restore', archive], { TESSERA_DATA_DIR: original, TESSERA_KEK: kek });
    expect(onLive.code).toBe(1);
    expect(onLive.stderr).toContain('is not empty');
    await server.stop();

    const restored = join(scratch, 'restored');
    const restore = await cli.run(['restore', archive], { TESSERA_DATA_DIR: restored, TESSERA_KEK: kek });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(existsSync(join(restored, 'db', 'tessera.lock'))).toBe(false);

    const [newPublic, newAdmin] = await freePortPair();
    const second = await cli.serve({
      env: { TESSERA_DATA_DIR: restored, TESSERA_KEK: kek },
      publicPort: newPublic,
      adminPort: newAdmin,
      // The issuer the data was written under: cookies, origins and tokens name it.
      baseUrl: server.publicUrl,
    });
    expect(before.length).toBeGreaterThanOrEqual(20);
    const missing: string[] = [];
    for (const id of before) {
      const found = await fetch(`${second.adminUrl}/admin/users/${id}`, {
        headers: { cookie: data.fixture.admin.cookie },
      });
      if (found.status !== 200) missing.push(`${id}: ${found.status}`);
    }
    expect(missing).toEqual([]);
    expect(await checkRestoredData(second, data)).toEqual([]);
    await second.stop();
    const database = await openDatabase({ databaseUrl: null, embeddedDir: join(restored, 'db') });
    try {
      expect(await checkConnectionSecret(database, kek, data)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});

describe.runIf(testDatabaseKind() === 'postgres')('tessera backup on PostgreSQL', () => {
  it('points to pg_dump and pg_restore instead', async () => {
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, TESSERA_DATA_DIR: join(scratch, 'pg') };
    const backup = await cli.run(['backup', '--out', join(scratch, 'pg.backup')], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump');
    const restore = await cli.run(['restore', join(scratch, 'pg.backup')], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
  }, 120_000);
});
