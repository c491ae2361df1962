import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliProcesses } from './testing/cli-processes.js';
import { testDatabaseKind } from './testing/database.js';
import { migratedDataDirectory } from './testing/database-templates.js';

// The commands by themselves, with no server running. cli-running-server.test.ts runs them beside a server on the
// embedded database and cli-postgres.test.ts on PostgreSQL: three files, so that they run side by side.

const cli = new CliProcesses();
afterAll(() => cli.stopAll());

// The command's own behaviour and the headless setup run on the embedded database (no DATABASE_URL reaches the
// child), so they run once, in the embedded pass.
describe.runIf(testDatabaseKind() === 'embedded')('tessera command', () => {
  // Each spawns its own process and shares nothing: they run side by side.
  it.concurrent.each([
    [['--help'], /Usage: tessera <command>/],
    [['serve', '--help'], /--workers N/],
    [['migrate', '--help'], /advisory lock/],
    [['keys', 'rotate', '--help'], /--alg A/],
    [['kek', 'rotate', '--help'], /Re-seals every secret/],
    [['install', '--help'], /--admin-email EMAIL/],
    [['clients', 'create', '--help'], /--redirect-uri URI/],
    [['clients', 'list', '--help'], /Secrets are never shown/],
    [['clients', 'rotate-secret', '--help'], /prints the new one once/],
    // A group's own --help prints each of its commands' help.
    [
      ['clients', '--help'],
      /tessera clients create[\s\S]*tessera clients list[\s\S]*tessera clients rotate-secret/,
    ],
    [['keys', '--help'], /Usage: tessera keys rotate/],
    [['kek', '--help'], /Usage: tessera kek rotate/],
  ])('%j prints its help', async (args, pattern) => {
    const result = await cli.run(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(pattern);
  });

  it('prints the version of the root package.json', async () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(root.version).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
    const result = await cli.run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${root.version}\n` });
  });

  it('names the missing subcommand of a group', async () => {
    const result = await cli.run(['clients']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/'clients' needs a subcommand: create, list, rotate-secret/);
  });

  it('refuses an unknown command and bad options', async () => {
    const unknown = await cli.run(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const workers = await cli.run(['serve', '--workers', 'two']);
    expect(workers.code).toBe(1);
    expect(workers.stderr).toMatch(/--workers must be a whole number/);
  });

  it('stops with one clear line naming an invalid configuration value', async () => {
    const result = await cli.run(['serve'], { TESSERA_PUBLIC_PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "tessera: configuration error: TESSERA_PUBLIC_PORT: must be a port number from 0 to 65535 (got 'eighty')",
    ]);
  });

  it('rotates signing keys and the KEK on the embedded database, creating the key file 0600', async () => {
    // Migrated already: the headless setup below is the one that starts on an empty directory.
    const dataDir = await migratedDataDirectory('tessera-cli-');
    const env = { TESSERA_DATA_DIR: dataDir };
    const keys = await cli.run(['keys', 'rotate', '--alg', 'ES256'], env);
    expect(keys.stderr).toBe('');
    expect(keys.code).toBe(0);
    expect(keys.stdout).toMatch(/ES256\s+next\s+\S+ \(becomes current after /);
    expect(statSync(join(dataDir, 'kek.json')).mode & 0o777).toBe(0o600);
    const kek = await cli.run(['kek', 'rotate'], env);
    expect(kek.code).toBe(0);
    expect(kek.stdout).toMatch(/added KEK version 2/);
    expect(kek.stdout).toMatch(/signing_keys.private_jwk_sealed: 7 re-sealed/);
    // Everything still opens under the new KEK.
    const again = await cli.run(['keys', 'rotate', '--alg', 'EdDSA'], env);
    expect(again.code).toBe(0);
    const migrate = await cli.run(['migrate'], env);
    expect(migrate.stdout).toMatch(/database is up to date/);
  }, 120_000);
});

describe.runIf(testDatabaseKind() === 'embedded')('headless setup', () => {
  it('installs with the admin password on standard input, once; registers and rotates clients', async () => {
    const env = { TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-install-')) };
    // Refused before the database is opened: the empty data directory stays empty.
    const badEmail = await cli.run(['install', '--admin-email', 'root'], env, 'a long admin password\n');
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toBe('tessera: --admin-email must be an email address\n');
    const badBaseUrl = await cli.run(
      ['install', '--admin-email', 'root@example.com', '--base-url', 'ftp://id.example.com'],
      env,
      'a long admin password\n',
    );
    expect(badBaseUrl.stderr).toBe('tessera: --base-url must use http or https\n');
    expect(readdirSync(env.TESSERA_DATA_DIR)).toEqual([]);
    const tooShort = await cli.run(['install', '--admin-email', 'root@example.com'], env, 'short\n');
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toMatch(/at least 8 characters/);
    // The install page's limits: a product name it would refuse is refused here too, before the password.
    const longName = await cli.run(
      ['install', '--admin-email', 'root@example.com', '--product-name', 'x'.repeat(81)],
      env,
      'a long admin password\n',
    );
    expect(longName.code).toBe(1);
    expect(longName.stderr).toMatch(/--product-name must be 1 to 80 characters/);
    const installed = await cli.run(
      ['install', '--admin-email', 'root@example.com', '--product-name', 'Acme ID'],
      env,
      'a long admin password\n',
    );
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toMatch(/installed: first admin root@example.com \(write\)/);
    const again = await cli.run(
      ['install', '--admin-email', 'other@example.com'],
      env,
      'a long admin password\n',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already installed/);

    const created = await cli.run(
      [
        'clients',
        'create',
        '--name',
        'Worker',
        '--id',
        'worker',
        '--grant',
        'client_credentials',
        '--scope',
        'jobs',
      ],
      env,
    );
    expect(created.code).toBe(0);
    const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    expect(client.client_id).toBe('worker');
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await cli.run(['clients', 'list'], env);
    expect(listed.stdout).toMatch(/^worker\tconfidential\tWorker\tclient_credentials$/m);
    expect(listed.stdout).not.toContain(client.client_secret);
    // `device_code` is short for the device authorization grant's URN (docs/device-flow.md).
    const tv = await cli.run(
      ['clients', 'create', '--name', 'TV', '--id', 'tv-app', '--type', 'public', '--grant', 'device_code'],
      env,
    );
    expect(tv.code).toBe(0);
    expect(JSON.parse(tv.stdout)).toMatchObject({
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
    });
    const rotated = await cli.run(['clients', 'rotate-secret', 'worker'], env);
    expect((JSON.parse(rotated.stdout) as { client_secret: string }).client_secret).not.toBe(
      client.client_secret,
    );
    const invalid = await cli.run(
      ['clients', 'create', '--name', 'Bad', '--redirect-uri', 'http://evil.example/cb'],
      env,
    );
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/must use https/);
    // Refused before the database is opened: a fresh data directory stays empty.
    const freshDir = mkdtempSync(join(tmpdir(), 'tessera-fresh-'));
    const refusedOnFresh = await cli.run(
      ['clients', 'create', '--name', 'Bad', '--redirect-uri', 'http://evil.example/cb'],
      { TESSERA_DATA_DIR: freshDir },
    );
    expect(refusedOnFresh.stderr).toBe(
      "tessera: redirect_uris: 'http://evil.example/cb' must use https (http is allowed only for loopback)\n",
    );
    // So is an input the operation's schema refuses.
    const bogusGrant = await cli.run(['clients', 'create', '--name', 'Bad', '--grant', 'bogus'], {
      TESSERA_DATA_DIR: freshDir,
    });
    expect(bogusGrant.code).toBe(1);
    expect(bogusGrant.stderr).toMatch(/^tessera: invalid input for clients\.create: \/grant_types\/0 /);
    expect(readdirSync(freshDir)).toEqual([]);
    const missing = await cli.run(['clients', 'rotate-secret', 'nope'], env);
    expect(missing.code).toBe(1);
  }, 180_000);
});
