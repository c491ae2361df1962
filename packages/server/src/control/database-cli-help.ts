/** Help of `tessera backup` and `tessera restore` (kept apart so that --help loads nothing else). */
export const DATABASE_HELP: Record<string, string> = {
  backup: `Usage: tessera backup --out FILE

Writes a consistent copy of the embedded database to FILE (a new file, mode 0600). While a
server runs on the data directory, the server takes the copy between two transactions, through
its control socket, and keeps serving; otherwise the command opens the database itself, as it
is (no migration is applied first). The copy holds sealed secrets but not the key-encryption
key (TESSERA_KEK or its key file): keep that apart from the backup, and both safe.
On PostgreSQL (DATABASE_URL), use pg_dump instead (docs/operations.md#backups).

Options:
  --out FILE    Where to write the backup
  --help        Show this help`,
  restore: `Usage: tessera restore FILE

Restores a backup written by 'tessera backup' into the data directory (TESSERA_DATA_DIR),
which must be empty or hold only the key file. Start the server afterwards with the
key-encryption key the backup was taken with; it applies any pending migration.
On PostgreSQL (DATABASE_URL), use pg_restore instead (docs/operations.md#backups).

Options:
  --help        Show this help`,
};
