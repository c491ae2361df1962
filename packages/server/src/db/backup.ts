import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupRefused } from './backup-refused.js';
import { type Database, EMBEDDED_PGDATA } from './client.js';

export { BackupRefused };

import { acquireDataDirectoryLock, LOCK_FILE } from './data-dir-lock.js';

/**
 * `tessera backup` and `tessera restore` for the embedded database (docs/operations.md#backups): the backup is
 * PGlite's own copy of its data directory (a gzipped tar), taken inside the process that holds the database so
 * that nothing writes while it is copied. PostgreSQL is backed up with pg_dump instead.
 */

/** Writes a consistent snapshot of `database` to `path` (a new file, mode 0600); returns its size in bytes. */
export async function writeBackup(database: Database, path: string): Promise<number> {
  if (!database.snapshot)
    throw new BackupRefused(
      database.kind === 'postgres'
        ? 'on PostgreSQL, back up with pg_dump (docs/operations.md#backups)'
        : 'this server keeps its database in memory: there is nothing to back up',
    );
  if (existsSync(path)) throw new BackupRefused(`${path} exists already; name a new file`);
  if (!existsSync(dirname(path))) throw new BackupRefused(`the directory ${dirname(path)} does not exist`);
  const archive = Buffer.from(await (await database.snapshot()).arrayBuffer());
  // Written beside the target and renamed: a backup interrupted half-way never looks like a whole one.
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  const descriptor = openSync(partial, 'wx', 0o600);
  try {
    writeSync(descriptor, archive);
  } finally {
    closeSync(descriptor);
  }
  try {
    if (existsSync(path)) throw new BackupRefused(`${path} exists already; name a new file`);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return archive.length;
}

/** What may already be in a data directory a backup is restored into: the key file, put back first. */
function unexpectedEntries(dataDir: string, kekFile: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter((entry) => join(dataDir, entry) !== kekFile);
}

/**
 * Restores a backup into `dataDir`, which must hold nothing but, perhaps, the key file: a restore never mixes
 * with or replaces a database. The restored database is opened once here, so a damaged file fails now.
 */
export async function restoreBackup(file: string, dataDir: string, kekFile: string): Promise<void> {
  let archive: Buffer;
  try {
    archive = readFileSync(file);
  } catch (error) {
    throw new BackupRefused(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const present = unexpectedEntries(dataDir, kekFile);
  if (present.length > 0)
    throw new BackupRefused(
      `the data directory ${dataDir} is not empty (${present.slice(0, 3).join(', ')}); restore into a new one`,
    );
  const directory = join(dataDir, 'db');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const lock = await acquireDataDirectoryLock(directory, { role: 'command', waitForCommandMs: 0 });
  try {
    // Another process may have begun using the directory between the look and the lock.
    const others = readdirSync(directory).filter((entry) => entry !== LOCK_FILE);
    if (others.length > 0) throw new BackupRefused(`the data directory ${dataDir} is not empty`);
    const pglite = await PGlite.create(join(directory, EMBEDDED_PGDATA), {
      // A copy typed over an ArrayBuffer (a Buffer may view a SharedArrayBuffer, which Blob does not take).
      loadDataDir: new Blob([new Uint8Array(archive)]),
    });
    await pglite.query('SELECT 1');
    await pglite.close();
  } catch (error) {
    rmSync(join(directory, EMBEDDED_PGDATA), { recursive: true, force: true });
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`${file} is not a Tessera backup PGlite can open: ${(error as Error).message}`);
  } finally {
    lock.release();
  }
}
