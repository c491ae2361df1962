import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import { freePort } from './testing/server.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TESSERA_LOG_LEVEL: 'warn',
  };
  return { ...env, ...extra };
}

/** Runs the real CLI entry point (TypeScript through tsx) as its own process. */
function tessera(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env: baseEnv(env) });
    child.stdin.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function startServe(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', ...args], { env: baseEnv(env) });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Tessera is running')) resolve(output);
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, ready };
}

describe('tessera command', () => {
  it.each([
    [['--help'], /Usage: tessera <command>/],
    [['serve', '--help'], /--workers N/],
    [['migrate', '--help'], /advisory lock/],
    [['keys', 'rotate', '--help'], /--alg A/],
    [['kek', 'rotate', '--help'], /Re-seals every secret/],
    [['install', '--help'], /--admin-email EMAIL/],
    [['clients', 'create', '--help'], /--redirect-uri URI/],
    [['clients', 'list', '--help'], /Secrets are never shown/],
    [['clients', 'rotate-secret', '--help'], /prints the new one once/],
  ])('%j prints its help', async (args, pattern) => {
    const result = await tessera(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(pattern);
  });

  it('refuses an unknown command and bad options', async () => {
    const unknown = await tessera(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const workers = await tessera(['serve', '--workers', 'two']);
    expect(workers.code).toBe(1);
    expect(workers.stderr).toMatch(/--workers must be a whole number/);
  });

  it('stops with one clear line naming an invalid configuration value', async () => {
    const result = await tessera(['serve'], { TESSERA_PUBLIC_PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "tessera: configuration error: TESSERA_PUBLIC_PORT: must be a port number from 0 to 65535 (got 'eighty')",
    ]);
  });

  it('rotates signing keys and the KEK on the embedded database, creating the key file 0600', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
    const env = { TESSERA_DATA_DIR: dataDir };
    const keys = await tessera(['keys', 'rotate', '--alg', 'ES256'], env);
    expect(keys.stderr).toBe('');
    expect(keys.code).toBe(0);
    expect(keys.stdout).toMatch(/ES256\s+next\s+\S+ \(becomes current after /);
    expect(statSync(join(dataDir, 'kek.json')).mode & 0o777).toBe(0o600);
    const kek = await tessera(['kek', 'rotate'], env);
    expect(kek.code).toBe(0);
    expect(kek.stdout).toMatch(/added KEK version 2/);
    expect(kek.stdout).toMatch(/signing_keys.private_jwk_sealed: 7 re-sealed/);
    // Everything still opens under the new KEK.
    const again = await tessera(['keys', 'rotate', '--alg', 'EdDSA'], env);
    expect(again.code).toBe(0);
    const migrate = await tessera(['migrate'], env);
    expect(migrate.stdout).toMatch(/database is up to date/);
  }, 120_000);
});

describe('headless setup', () => {
  it('installs with the admin password on standard input, once; registers and rotates clients', async () => {
    const env = { TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-install-')) };
    const tooShort = await tessera(['install', '--admin-email', 'root@example.com'], env, 'short\n');
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toMatch(/at least 8 characters/);
    const installed = await tessera(
      ['install', '--admin-email', 'root@example.com', '--product-name', 'Acme ID'],
      env,
      'a long admin password\n',
    );
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toMatch(/installed: first admin root@example.com \(write\)/);
    const again = await tessera(
      ['install', '--admin-email', 'other@example.com'],
      env,
      'a long admin password\n',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already installed/);

    const created = await tessera(
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
    const listed = await tessera(['clients', 'list'], env);
    expect(listed.stdout).toMatch(/^worker\tconfidential\tWorker\tclient_credentials$/m);
    expect(listed.stdout).not.toContain(client.client_secret);
    const rotated = await tessera(['clients', 'rotate-secret', 'worker'], env);
    expect((JSON.parse(rotated.stdout) as { client_secret: string }).client_secret).not.toBe(
      client.client_secret,
    );
    const invalid = await tessera(
      ['clients', 'create', '--name', 'Bad', '--redirect-uri', 'http://evil.example/cb'],
      env,
    );
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/must use https/);
    const missing = await tessera(['clients', 'rotate-secret', 'nope'], env);
    expect(missing.code).toBe(1);
  }, 180_000);
});

describe.runIf(testDatabaseKind() === 'postgres')('tessera serve on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const database of databases) await database.drop();
  });

  it('two processes started at the same moment on one empty database both come up; the schema is applied once', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const kek = newKekText();
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const [publicPort, adminPort] = [await freePort(), await freePort()];
        const env = {
          DATABASE_URL: database.url!,
          TESSERA_KEK: kek,
          TESSERA_PUBLIC_PORT: String(publicPort),
          TESSERA_ADMIN_PORT: String(adminPort),
        };
        const started = startServe([], env);
        children.push(started.child);
        return { ...started, publicPort };
      }),
    );
    await Promise.all(servers.map((server) => server.ready));
    for (const server of servers) {
      expect((await fetch(`http://127.0.0.1:${server.publicPort}/readyz`)).status).toBe(200);
    }
    const pool = await database.open();
    const migrations = await pool.withConnection((connection) =>
      connection.query<{ n: string }>('SELECT count(*) AS n FROM tessera_migrations'),
    );
    expect(Number(migrations[0]?.n)).toBeGreaterThan(0);
    const keys = await pool.withConnection((connection) =>
      connection.query<{ n: string }>("SELECT count(*) AS n FROM signing_keys WHERE state = 'current'"),
    );
    expect(Number(keys[0]?.n)).toBe(3);
    await pool.close();
  }, 60_000);

  it('serve --workers 2 forks workers that share the ports', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const started = startServe(['--workers', '2'], {
      DATABASE_URL: database.url!,
      TESSERA_KEK: newKekText(),
      TESSERA_PUBLIC_PORT: String(publicPort),
      TESSERA_ADMIN_PORT: String(adminPort),
    });
    children.push(started.child);
    expect(await started.ready).toMatch(/2 processes/);
    const deadline = Date.now() + 30_000;
    let healthy = 0;
    while (healthy < 10 && Date.now() < deadline) {
      const response = await fetch(`http://127.0.0.1:${publicPort}/readyz`).catch(() => null);
      if (response?.status === 200) healthy += 1;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(10);
  }, 60_000);
});
