import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { freePort } from '../testing/server.js';
import { TcpProxy } from '../testing/tcp-proxy.js';
import type { Database } from './client.js';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';

/** The error a real node-postgres connection attempt fails with. */
async function connectError(port: number): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  await client.end();
  throw new Error('the connection unexpectedly succeeded');
}

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection', async () => {
    expect(isDatabaseUnavailable(await connectError(await freePort()))).toBe(true);
  });

  it('recognises a connection reset during the handshake', async () => {
    const proxy = await TcpProxy.start('127.0.0.1', await freePort());
    proxy.cut('refuse');
    try {
      expect(isDatabaseUnavailable(await connectError(proxy.port))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('does not take a statement the database refused for an outage', async () => {
    const syntax = await database.db.execute('SELEC 1' as never).catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    await database.withConnection((connection) => connection.exec('CREATE TABLE once (id int PRIMARY KEY)'));
    const duplicate = await database
      .withConnection((connection) => connection.exec('INSERT INTO once VALUES (1), (1)'))
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
