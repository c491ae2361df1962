import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';

/** Which database the integration tests run on: the embedded one, or the PostgreSQL at TEST_DATABASE_URL. */
export function testDatabaseKind(): 'embedded' | 'postgres' {
  return process.env.TESSERA_TEST_DB === 'postgres' ? 'postgres' : 'embedded';
}

export interface TestDatabase {
  /** Open a connection pool to this test database (several app instances may share one). */
  open(): Promise<Database>;
  /** postgres:// URL of the isolated database, or null for the embedded one. */
  url: string | null;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TESSERA_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * A fresh, empty database for one test file: an in-memory embedded database, or a new PostgreSQL database created
 * beside TEST_DATABASE_URL's (and dropped afterwards), so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'embedded') {
    // One embedded database is a process-local instance: every opener shares it, and only drop() closes it.
    const database = await openDatabase({ databaseUrl: null, embeddedDir: null });
    const shared: Database = { ...database, close: async () => {} };
    return { url: null, open: async () => shared, drop: () => database.close() };
  }
  const base = new URL(adminUrl());
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    open: () => openDatabase({ databaseUrl: url.href, embeddedDir: null, poolSize: 5 }),
    async drop() {
      const client = new pg.Client({ connectionString: base.href });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
