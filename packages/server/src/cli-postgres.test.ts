import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { BATCH_CLIENT_ARGS, CliProcesses, clientCredentialsRequest } from './testing/cli-processes.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import { freePortPair } from './testing/server.js';

const cli = new CliProcesses();
afterAll(() => cli.stopAll());

describe.runIf(testDatabaseKind() === 'postgres')('tessera serve on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await cli.stopAll();
    for (const database of databases) await database.drop();
  });

  it('two processes started at the same moment on one empty database both come up; the schema is applied once', async () => {
    const database = await createTestDatabase({ empty: true });
    databases.push(database);
    const kek = newKekText();
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const [publicPort, adminPort] = await freePortPair();
        return cli.serve({ env: { DATABASE_URL: database.url!, TESSERA_KEK: kek }, publicPort, adminPort });
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
    const [publicPort, adminPort] = await freePortPair();
    const env = {
      DATABASE_URL: database.url!,
      TESSERA_KEK: newKekText(),
      TESSERA_PUBLIC_PORT: String(publicPort),
      TESSERA_ADMIN_PORT: String(adminPort),
      TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-pg-')),
    };
    await cli.serve({ env, publicPort, adminPort });
    const created = await cli.run([...BATCH_CLIENT_ARGS, '--scope', 'jobs'], env);
    expect(created.stderr).toBe('');
    const { client_secret } = JSON.parse(created.stdout) as { client_secret: string };
    expect(
      (await clientCredentialsRequest(`http://127.0.0.1:${publicPort}`, 'batch', client_secret)).status,
    ).toBe(200);
    // Nothing on PostgreSQL goes through a socket or takes the data directory's lock.
    expect(existsSync(join(env.TESSERA_DATA_DIR, 'control.sock'))).toBe(false);
    expect(existsSync(join(env.TESSERA_DATA_DIR, 'db'))).toBe(false);
  }, 200_000);

  it('serve --workers 2 forks workers that share the ports', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const [publicPort, adminPort] = await freePortPair();
    const started = await cli.serve({
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
