import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { builtServerEntry } from './testing/built-server.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import { postJson } from './testing/opaque-client.js';
import { ServedProcess, type ServeSettings } from './testing/served-process.js';
import { freePort } from './testing/server.js';

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

/** Every process this file starts, so that none outlives it: a test that times out leaves its child running. */
const children = new Set<ChildProcess>();
const served: ServedProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all([...served.map((server) => server.stop())]);
});

/** Longer than the command waits for a starting server's socket (a minute), shorter than the tests around it. */
const COMMAND_TIMEOUT_MS = 90_000;

/**
 * Runs the real CLI entry point (compiled, testing/built-server.ts) as its own process; kills it if it never
 * finishes.
 */
async function tessera(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<Result> {
  const entry = await builtServerEntry();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { env: baseEnv(env) });
    children.add(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    child.stdin.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (signal === 'SIGKILL') stderr += `[killed: still running after ${COMMAND_TIMEOUT_MS} ms]\n`;
      resolve({ code, stdout, stderr });
    });
  });
}

/** `tessera serve`, stopped (kill -9) when the file ends whatever happened. */
async function startServe(settings: ServeSettings): Promise<ServedProcess> {
  const server = await ServedProcess.start(settings);
  served.push(server);
  return server;
}

// The command's own behaviour and the headless setup run on the embedded database (no DATABASE_URL reaches the
// child), so they run once, in the embedded pass; the PostgreSQL pass has its own tests at the end.
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

describe.runIf(testDatabaseKind() === 'embedded')('headless setup', () => {
  it('installs with the admin password on standard input, once; registers and rotates clients', async () => {
    const env = { TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-install-')) };
    const tooShort = await tessera(['install', '--admin-email', 'root@example.com'], env, 'short\n');
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toMatch(/at least 8 characters/);
    // The install page's limits: a product name it would refuse is refused here too, before the password.
    const longName = await tessera(
      ['install', '--admin-email', 'root@example.com', '--product-name', 'x'.repeat(81)],
      env,
      'a long admin password\n',
    );
    expect(longName.code).toBe(1);
    expect(longName.stderr).toMatch(/--product-name must be 1 to 80 characters/);
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

function tokenRequest(publicUrl: string, clientId: string, secret: string): Promise<Response> {
  return fetch(`${publicUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=jobs',
  });
}

async function installed(adminUrl: string): Promise<boolean> {
  return ((await (await fetch(`${adminUrl}/install`)).json()) as { installed: boolean }).installed;
}

/** Signs in as an admin with OPAQUE; returns the status of the finishing step (200 when the password is right). */
async function adminSignInStatus(adminUrl: string, email: string, password: string): Promise<number> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${adminUrl}/admin/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  if (!finished) return 0;
  const finish = await postJson(`${adminUrl}/admin/login/finish`, {
    login_id: start.json.login_id,
    finish_login_request: finished.finishLoginRequest,
  });
  return finish.status;
}

const CLIENT_ARGS = [
  'clients',
  'create',
  '--name',
  'Batch',
  '--id',
  'batch',
  '--grant',
  'client_credentials',
];

describe.runIf(testDatabaseKind() === 'embedded')(
  'the tessera command while a server runs on the embedded database',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-running-'));
    const password = 'a long admin password';
    let env: Record<string, string>;
    let publicUrl: string;
    let adminUrl: string;
    let settings: ServeSettings;
    let server: ServedProcess;
    let secret: string;
    let kids: string[];
    let listedThroughServer: string;

    beforeAll(async () => {
      const [publicPort, adminPort] = [await freePort(), await freePort()];
      publicUrl = `http://127.0.0.1:${publicPort}`;
      adminUrl = `http://127.0.0.1:${adminPort}`;
      env = {
        TESSERA_DATA_DIR: dataDir,
        TESSERA_PUBLIC_PORT: String(publicPort),
        TESSERA_ADMIN_PORT: String(adminPort),
        TESSERA_BASE_URL: publicUrl,
        TESSERA_ADMIN_URL: adminUrl,
      };
      settings = { env: { TESSERA_DATA_DIR: dataDir }, publicPort, adminPort };
      server = await startServe(settings);
    }, 200_000);

    it('installs through the server: /install says installed at once and the admin can sign in', async () => {
      expect(await installed(adminUrl)).toBe(false);
      const result = await tessera(['install', '--admin-email', 'root@example.com'], env, `${password}\n`);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        `installed: first admin root@example.com (write); sign in at ${adminUrl}/\n`,
      );
      expect(await installed(adminUrl)).toBe(true);
      expect(await adminSignInStatus(adminUrl, 'root@example.com', password)).toBe(200);
      const again = await tessera(['install', '--admin-email', 'other@example.com'], env, `${password}\n`);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe('tessera: the service is already installed\n');
    }, 120_000);

    it('registers a client whose secret works at /token at once; list and rotate-secret go through the server', async () => {
      const created = await tessera([...CLIENT_ARGS, '--scope', 'jobs'], env);
      expect(created.stderr).toBe('');
      const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
      expect(client.client_id).toBe('batch');
      expect((await tokenRequest(publicUrl, 'batch', client.client_secret)).status).toBe(200);

      const listed = await tessera(['clients', 'list'], env);
      expect(listed.stdout).toBe('batch\tconfidential\tBatch\tclient_credentials\n');

      const rotated = await tessera(['clients', 'rotate-secret', 'batch'], env);
      expect(rotated.code).toBe(0);
      secret = (JSON.parse(rotated.stdout) as { client_secret: string }).client_secret;
      expect(secret).not.toBe(client.client_secret);
      const old = await tokenRequest(publicUrl, 'batch', client.client_secret);
      expect(old.status).toBe(401);
      expect(((await old.json()) as { error: string }).error).toBe('invalid_client');
      expect((await tokenRequest(publicUrl, 'batch', secret)).status).toBe(200);

      const missing = await tessera(['clients', 'rotate-secret', 'nope'], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe("tessera: no client 'nope'\n");
    }, 180_000);

    it('rotates the signing keys in the running server: the new key is in its JWKS', async () => {
      const rotated = await tessera(['keys', 'rotate', '--alg', 'ES256'], env);
      expect(rotated.stderr).toBe('');
      expect(rotated.stdout).toMatch(/^ES256\s+next\s+\S+ \(becomes current after /m);
      kids = [...rotated.stdout.matchAll(/^\S+\s+\S+\s+(\S+)/gm)].map((match) => match[1]!);
      const jwks = (await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid).sort()).toEqual([...kids].sort());
    }, 120_000);

    it('rotates the KEK in the running server, which keeps working', async () => {
      const rotated = await tessera(['kek', 'rotate'], env);
      expect(rotated.stderr).toBe('');
      expect(rotated.stdout).toMatch(
        new RegExp(`^added KEK version 2 to ${join(dataDir, 'kek.json')}$`, 'm'),
      );
      expect(rotated.stdout).toMatch(/^signing_keys\.private_jwk_sealed: 7 re-sealed$/m);
      expect(rotated.stdout).toMatch(/every sealed value is now under KEK version 2\n$/);
      expect((await tokenRequest(publicUrl, 'batch', secret)).status).toBe(200);
    }, 120_000);

    it('refuses migrate and a second serve with one line and exit status 2', async () => {
      const inUse = `the embedded database in ${join(dataDir, 'db')} is in use by a running Tessera server (pid ${server.pid})`;
      const [migrate, second] = await Promise.all([
        tessera(['migrate'], env),
        tessera(['serve'], {
          ...env,
          TESSERA_PUBLIC_PORT: String(await freePort()),
          TESSERA_ADMIN_PORT: '0',
        }),
      ]);
      expect(migrate.code).toBe(2);
      expect(migrate.stderr).toBe(
        `tessera: ${inUse}, which applied every migration when it started; stop it to run 'tessera migrate'\n`,
      );
      expect(second.code).toBe(2);
      expect(second.stdout).toBe('');
      expect(second.stderr.trim().split('\n')).toEqual([
        `tessera: ${inUse}; one process at a time may open an embedded database: stop that server first, or use PostgreSQL (DATABASE_URL) to run several`,
      ]);
      expect(await installed(adminUrl)).toBe(true);
    }, 120_000);

    it('keeps its control socket private (mode 0600)', () => {
      const socket = statSync(join(dataDir, 'control.sock'));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
    });

    it('starts again after kill -9 on the same directory, with everything written before', async () => {
      await server.crash();
      // The dead server's lock file and socket are still there; neither stops the next start.
      expect(existsSync(join(dataDir, 'db', LOCK_FILE))).toBe(true);
      expect(existsSync(join(dataDir, 'control.sock'))).toBe(true);
      server = await startServe(settings);
      expect(await installed(adminUrl)).toBe(true);
      expect(await adminSignInStatus(adminUrl, 'root@example.com', password)).toBe(200);
      expect((await tokenRequest(publicUrl, 'batch', secret)).status).toBe(200);
      const jwks = (await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(kids));
      const listed = await tessera(['clients', 'list'], env);
      expect(listed.code).toBe(0);
      listedThroughServer = listed.stdout;
      expect(listedThroughServer).toBe('batch\tconfidential\tBatch\tclient_credentials\n');
    }, 240_000);

    it('prints the same when it runs by itself once the server has stopped', async () => {
      server.signal('SIGTERM');
      await server.exited;
      expect(existsSync(join(dataDir, 'db', LOCK_FILE))).toBe(false);
      expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
      const listed = await tessera(['clients', 'list'], env);
      expect(listed.stderr).toBe('');
      expect(listed.stdout).toBe(listedThroughServer);
    }, 120_000);

    it('registers a zero-knowledge app (--zk-delivery, --zk-required, --zk-key-scope) as examples/zk-notes does (the command by itself, after the server)', async () => {
      const created = await tessera(
        [
          'clients',
          'create',
          '--name',
          'Notes',
          '--type',
          'public',
          '--redirect-uri',
          'http://127.0.0.1:5180/callback',
          '--zk-delivery',
          'v2',
          '--zk-required',
        ],
        env,
      );
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        type: 'public',
        zk_delivery: 'v2',
        zk_required: true,
        zk_key_scope: 'client',
      });
      const refused = await tessera(['clients', 'create', '--name', 'Bad', '--zk-delivery', 'v3'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe('tessera: --zk-delivery must be one of none, v2, legacy-v1\n');
      const perOrganization = await tessera(
        [
          'clients',
          'create',
          '--name',
          'Team Notes',
          '--redirect-uri',
          'http://127.0.0.1:5181/callback',
          '--zk-delivery',
          'legacy-v1',
          '--zk-key-scope',
          'organization',
        ],
        env,
      );
      expect(perOrganization.code).toBe(0);
      expect(JSON.parse(perOrganization.stdout)).toMatchObject({
        zk_delivery: 'legacy-v1',
        zk_key_scope: 'organization',
      });
      const unknownScope = await tessera(
        ['clients', 'create', '--name', 'Bad', '--zk-key-scope', 'user'],
        env,
      );
      expect(unknownScope.code).toBe(1);
      expect(unknownScope.stderr).toBe('tessera: --zk-key-scope must be one of client, organization\n');
    }, 120_000);
  },
);

describe.runIf(testDatabaseKind() === 'postgres')('tessera serve on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(served.map((server) => server.stop()));
    for (const database of databases) await database.drop();
  });

  it('two processes started at the same moment on one empty database both come up; the schema is applied once', async () => {
    const database = await createTestDatabase({ empty: true });
    databases.push(database);
    const kek = newKekText();
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const [publicPort, adminPort] = [await freePort(), await freePort()];
        return startServe({ env: { DATABASE_URL: database.url!, TESSERA_KEK: kek }, publicPort, adminPort });
      }),
    );
    for (const server of servers) {
      expect((await fetch(`${server.publicUrl}/readyz`)).status).toBe(200);
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
  }, 200_000);

  it('the command writes to PostgreSQL directly, and a running node uses the new client at once', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: database.url!,
      TESSERA_KEK: newKekText(),
      TESSERA_PUBLIC_PORT: String(publicPort),
      TESSERA_ADMIN_PORT: String(adminPort),
      TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-pg-')),
    };
    await startServe({ env, publicPort, adminPort });
    const created = await tessera([...CLIENT_ARGS, '--scope', 'jobs'], env);
    expect(created.stderr).toBe('');
    const { client_secret } = JSON.parse(created.stdout) as { client_secret: string };
    expect((await tokenRequest(`http://127.0.0.1:${publicPort}`, 'batch', client_secret)).status).toBe(200);
    // Nothing on PostgreSQL goes through a socket or takes the data directory's lock.
    expect(existsSync(join(env.TESSERA_DATA_DIR, 'control.sock'))).toBe(false);
    expect(existsSync(join(env.TESSERA_DATA_DIR, 'db'))).toBe(false);
  }, 200_000);

  it('serve --workers 2 forks workers that share the ports', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const started = await startServe({
      env: { DATABASE_URL: database.url!, TESSERA_KEK: newKekText() },
      publicPort,
      adminPort,
      args: ['--workers', '2'],
    });
    expect(started.output).toMatch(/2 processes/);
    const deadline = Date.now() + 30_000;
    let healthy = 0;
    while (healthy < 10 && Date.now() < deadline) {
      const response = await fetch(`http://127.0.0.1:${publicPort}/readyz`).catch(() => null);
      if (response?.status === 200) healthy += 1;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(10);
  }, 200_000);
});
