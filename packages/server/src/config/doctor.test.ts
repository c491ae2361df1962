import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newKekText } from '../crypto/keyring.js';
import { CliProcesses } from '../testing/cli-processes.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/database.js';
import { checkProduction } from './doctor.js';

const cli = new CliProcesses();
const scratch = mkdtempSync(join(tmpdir(), 'tessera-doctor-'));
let database: TestDatabase | null = null;
afterAll(async () => {
  await cli.stopAll();
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A configuration with every item of the checklist, on the test PostgreSQL database with SMTP set. */
async function productionReady(): Promise<Record<string, string>> {
  database ??= await createTestDatabase();
  const open = await database.open();
  await open.withConnection((connection) =>
    connection.query(
      `INSERT INTO settings (key, value) VALUES ('smtp.host', '"smtp.example.com"'::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    ),
  );
  await open.close();
  return {
    TESSERA_ENV: 'production',
    TESSERA_BASE_URL: 'https://id.example.com',
    TESSERA_KEK: newKekText(),
    DATABASE_URL: database.url!,
    REDIS_URL: 'redis://redis.internal:6379',
    TESSERA_TRUST_PROXY: '10.0.0.0/8',
    TESSERA_ADMIN_HOST: '10.1.2.3',
    TESSERA_DATA_DIR: join(scratch, 'data'),
  };
}

function missing(items: { name: string; ok: boolean }[]): string[] {
  return items.filter((item) => !item.ok).map((item) => item.name);
}

describe.runIf(testDatabaseKind() === 'postgres')('tessera doctor on a production configuration', () => {
  it('passes every item, and the command exits 0', async () => {
    const env = await productionReady();
    expect(missing(await checkProduction(env))).toEqual([]);
    const result = await cli.run(['doctor'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok {7}https base URL {6}TESSERA_BASE_URL=https:\/\/id\.example\.com$$/m);
    expect(result.stdout).toContain('ready for production');
  }, 120_000);

  it('names each missing item alone', async () => {
    const ready = await productionReady();
    const kekFile = join(scratch, 'kek.json');
    writeFileSync(kekFile, 'x');
    const cases: [string, Record<string, string | undefined>][] = [
      ['production mode', { TESSERA_ENV: undefined }],
      ['https base URL', { TESSERA_BASE_URL: 'http://id.example.com' }],
      ['https base URL', { TESSERA_BASE_URL: undefined }],
      ['KEK from a secret', { TESSERA_KEK: undefined }],
      ['KEK from a secret', { TESSERA_KEK: undefined, TESSERA_KEK_FILE: join(scratch, 'absent.json') }],
      [
        'KEK from a secret',
        { TESSERA_KEK: undefined, TESSERA_KEK_FILE: join(ready.TESSERA_DATA_DIR!, 'k.json') },
      ],
      ['PostgreSQL', { DATABASE_URL: undefined }],
      ['Redis', { REDIS_URL: undefined }],
      ['trusted proxy', { TESSERA_TRUST_PROXY: undefined }],
      ['admin port private', { TESSERA_ADMIN_HOST: '0.0.0.0' }],
      ['admin port private', { TESSERA_ADMIN_HOST: '203.0.113.7' }],
      ['admin port private', { TESSERA_ADMIN_HOST: '::' }],
    ];
    for (const [item, change] of cases) {
      const env = { ...ready, ...change };
      const expected = item === 'PostgreSQL' ? ['PostgreSQL', 'SMTP'] : [item];
      expect(missing(await checkProduction(env)), JSON.stringify(change)).toEqual(expected);
    }
    // An explicit key file outside the data directory (a mounted secret) passes.
    expect(
      missing(await checkProduction({ ...ready, TESSERA_KEK: undefined, TESSERA_KEK_FILE: kekFile })),
    ).toEqual([]);
    // SMTP: the setting is read from the database.
    const open = await database!.open();
    await open.withConnection((connection) =>
      connection.query("DELETE FROM settings WHERE key = 'smtp.host'"),
    );
    await open.close();
    expect(missing(await checkProduction(ready))).toEqual(['SMTP']);
  }, 120_000);
});

describe('tessera doctor on a development configuration', () => {
  it('lists every missing item, even those production refuses at start, and exits 1', async () => {
    const result = await cli.run(['doctor'], {
      TESSERA_ENV: 'production',
      TESSERA_DATA_DIR: join(scratch, 'dev'),
      TESSERA_BASE_URL: 'http://localhost:9080',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const named = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('MISSING'))
      .map((line) => line.slice(9).split(/ {2,}/)[0]);
    expect(named).toEqual([
      'https base URL',
      'KEK from a secret',
      'PostgreSQL',
      'Redis',
      'SMTP',
      'trusted proxy',
    ]);
    expect(result.stdout).toContain('6 missing');
  }, 120_000);
});
