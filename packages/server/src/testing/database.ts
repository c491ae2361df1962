import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, embeddedDatabase, openDatabase } from '../db/client.js';
import { embeddedTemplateTarball, postgresTemplateName } from './database-templates.js';

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

export interface TestDatabaseOptions {
  /**
   * No tables at all, for tests of the migrations themselves. Otherwise the database is a copy of a template the
   * real migrations brought to the current schema (testing/database-templates.ts), as a server finds it after its
   * first start.
   */
  empty?: boolean;
}

/** Creating from a template fails while anything else is connected to the template; that moment passes. */
const TEMPLATE_IN_USE = '55006';
const CREATE_ATTEMPTS = 5;

/**
 * A test database holds a few hundred rows: 16 MB of shared buffers instead of the template's 128 MB, which PGlite
 * would otherwise set up at every start (about 0.45 s of CPU per test database).
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A fresh database for one test file: an in-memory embedded database, or a new PostgreSQL database created beside
 * TEST_DATABASE_URL's (and dropped afterwards), so files never see each other's rows. Migrated unless `empty`.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'embedded') {
    // One embedded database is a process-local instance: every opener shares it, and only drop() closes it.
    const database = options.empty
      ? await openDatabase({ databaseUrl: null, embeddedDir: null })
      : embeddedDatabase(
          await PGlite.create({
            loadDataDir: await embeddedTemplateTarball(),
            startParams: TEST_START_PARAMS,
          }),
        );
    const shared: Database = { ...database, close: async () => {} };
    return { url: null, open: async () => shared, drop: () => database.close() };
  }
  const base = new URL(adminUrl());
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? null : await postgresTemplateName(base.href);
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(
          template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
        );
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= CREATE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
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
