import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EMBEDDED_PGDATA, embeddedDatabase, openDatabase } from '../db/client.js';
import { listMigrations, migrate } from '../db/migrate.js';

/*
 * Migrated template databases: every test database starts from a copy of one that the real `migrate()` brought
 * from empty to the current schema, instead of running every migration again for each test file. A template is
 * named by a hash of the migrations (and, for the embedded one, of PGlite's version, whose data directory format
 * it is), so a changed migration makes a new one and runs that share the migrations share the template. The
 * server's start-up `migrate()` then finds every migration recorded and applies nothing, as it does on any
 * migrated database. Migration tests ask for an empty database (`createTestDatabase({ empty: true })`).
 */

/** sha256 of every migration's name and SQL, in order. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const migration of listMigrations()) hash.update(`${migration.name}\0${migration.sql}\0`);
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // The package exports no ./package.json; its entry point is in dist/, beside it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const TEMPLATE_DIRECTORY = join(tmpdir(), 'tessera-test-templates');

function embeddedTemplatePath(): string {
  return join(TEMPLATE_DIRECTORY, `embedded-${migrationsHash()}-pglite-${pgliteVersion()}.tar`);
}

/** Builds the embedded template (a PGlite data directory as an uncompressed tarball) if no run has yet. */
export async function ensureEmbeddedTemplate(): Promise<string> {
  const path = embeddedTemplatePath();
  if (existsSync(path)) return path;
  const pglite = await PGlite.create();
  const database = embeddedDatabase(pglite);
  try {
    await migrate(database);
    const tarball = await pglite.dumpDataDir('none');
    mkdirSync(TEMPLATE_DIRECTORY, { recursive: true });
    // Written aside, then renamed: a process building it at the same moment replaces it with an equal file, and a
    // reader never sees half of one.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await database.close();
  }
  return path;
}

let embeddedTemplate: Promise<Blob> | undefined;

/** The migrated embedded data directory, read once per process. */
export function embeddedTemplateTarball(): Promise<Blob> {
  embeddedTemplate ??= ensureEmbeddedTemplate().then((path) => new Blob([readFileSync(path)]));
  return embeddedTemplate;
}

/**
 * The embedded template as a PGlite data directory on disk, made from the tarball once (and kept beside it, under
 * the same name), for tests that spawn `tessera` on a data directory (TESSERA_DATA_DIR): copying it is much cheaper
 * than the first command or server migrating an empty one (some 5 s of CPU).
 */
export async function ensureEmbeddedTemplateDirectory(): Promise<string> {
  const path = embeddedTemplatePath().replace(/\.tar$/, `.${EMBEDDED_PGDATA}`);
  if (existsSync(path)) return path;
  const tarball = new Blob([readFileSync(await ensureEmbeddedTemplate())]);
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const pglite = await PGlite.create(partial, { loadDataDir: tarball });
  await pglite.close();
  try {
    renameSync(partial, path);
  } catch (error) {
    // Made by another process meanwhile: its copy is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path)) throw error;
  }
  return path;
}

/**
 * A new data directory (TESSERA_DATA_DIR) whose embedded database is already migrated, as an installed release's
 * is: a copy of the template, where `tessera` finds every migration recorded and applies none. Tests about
 * migrating or setting up an empty directory start from an empty one (mkdtemp) instead.
 */
export async function migratedDataDirectory(prefix: string): Promise<string> {
  const template = await ensureEmbeddedTemplateDirectory();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // As openDatabase makes it: the database's directory is private to the service.
  mkdirSync(join(dataDir, 'db'), { mode: 0o700 });
  cpSync(template, join(dataDir, 'db', EMBEDDED_PGDATA), { recursive: true });
  return dataDir;
}

/** One advisory-lock key for every process building a PostgreSQL template ('tessera-test-template'). */
const TEMPLATE_LOCK_KEY = 7_301_554_130;

/**
 * Creates the PostgreSQL template database beside `adminUrl`'s if it does not exist yet, under an advisory lock so
 * concurrent test processes (and concurrent runs) build it once. It is built under a temporary name and renamed
 * when complete, then marked a template that accepts no connections: `CREATE DATABASE ... TEMPLATE` refuses a
 * template someone is connected to. Returns its name.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `tessera_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      // Left by a process that died while building it.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.href, embeddedDir: null, poolSize: 1 });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
    return name;
  } finally {
    await admin.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

/** The PostgreSQL template's name, ensured once per process. */
export function postgresTemplateName(adminUrl: string): Promise<string> {
  postgresTemplate ??= ensurePostgresTemplate(adminUrl);
  return postgresTemplate;
}
