import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { Config } from '../config/config.js';
import { BackupRefused } from '../db/backup-refused.js';
import type { Database } from '../db/client.js';
import { embeddedDatabaseDirectory, readLockHolder } from '../db/data-dir-lock.js';
import type { MigrationStatus } from '../db/migrate.js';
import { ControlError } from './protocol.js';
import { SocketChannel } from './socket-client.js';

/**
 * `tessera backup`, `tessera restore` and `tessera migrate --status`. Unlike the other operations, these never
 * build a context when no server holds the database: a context applies pending migrations first, and a backup
 * taken before an upgrade, or the status shown before one, must be of the database as it is.
 */

export const BackupSchema = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);

export const MigrationStatusSchema = Type.Object({}, { additionalProperties: false });

export function checkBackupPath(input: { path: string }): void {
  if (!isAbsolute(input.path)) throw new BackupRefused('the backup path must be absolute');
}

/** The server's side of `tessera backup` (the command sends its file's absolute path). */
export async function backupForCommand(
  context: AppContext,
  input: { path: string },
): Promise<{ path: string; bytes: number }> {
  checkBackupPath(input);
  return { path: input.path, bytes: await context.storage.backup(input.path) };
}

export function migrationStatusForCommand(context: AppContext): Promise<MigrationStatus> {
  return context.storage.migrationStatus();
}

/**
 * Runs `operation` in the server that holds the embedded database, through its control socket, or else `direct`
 * on the database opened here without migrating it.
 */
async function inServerOrDirect<T>(
  config: Config,
  operation: string,
  input: unknown,
  direct: (database: Database) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) {
    const holder = readLockHolder(embeddedDatabaseDirectory(config));
    if (holder?.role === 'server' && holder.socket)
      return (await new SocketChannel(holder.socket).call(operation, input)) as T;
  }
  const { openDatabase } = await import('../db/client.js');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: embeddedDatabaseDirectory(config),
    lockRole: 'command',
  });
  try {
    return await direct(database);
  } finally {
    await database.close();
  }
}

export async function runBackupCommand(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new ControlError('refused', '--out FILE is required');
  if (config.databaseUrl)
    throw new ControlError(
      'refused',
      'on PostgreSQL, back up with pg_dump (docs/operations.md#backups); tessera backup copies the embedded database',
    );
  const path = resolve(values.out);
  const { writeBackup } = await import('../db/backup.js');
  const result = await inServerOrDirect(config, 'database.backup', { path }, async (database) => ({
    path,
    bytes: await writeBackup(database, path),
  }));
  process.stdout.write(
    `backup written: ${result.path} (${result.bytes} bytes)\n` +
      'It holds sealed secrets but not the key-encryption key: keep the KEK apart from it, and both safe.\n',
  );
}

export async function runRestoreCommand(config: Config, args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1)
    throw new ControlError('refused', 'name one backup file: tessera restore FILE');
  if (config.databaseUrl)
    throw new ControlError('refused', 'on PostgreSQL, restore with pg_restore (docs/operations.md#backups)');
  const file = resolve(positionals[0]!);
  const { restoreBackup } = await import('../db/backup.js');
  await restoreBackup(file, config.dataDir, config.kekFile);
  process.stdout.write(
    `restored ${file} into ${config.dataDir}\n` +
      'Start the server with the key-encryption key the backup was taken with (TESSERA_KEK or its key file).\n',
  );
}

export async function runMigrateStatusCommand(config: Config): Promise<void> {
  const { migrationStatus } = await import('../db/migrate.js');
  const status = await inServerOrDirect(config, 'migrations.status', {}, (database) =>
    migrationStatus(database),
  );
  const lines = [
    ...status.applied.map((migration) => `applied  ${migration.name}  ${migration.applied_at}`),
    ...status.pending.map((name) => `pending  ${name}`),
    status.pending.length === 0
      ? 'database is up to date'
      : `${status.pending.length} pending: 'tessera migrate' (or starting the server) applies them`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
