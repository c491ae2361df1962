#!/usr/bin/env node
import { basename, isAbsolute, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { INSTALL_HELP } from './admin/install-help.js';
import { ADMIN_TOKENS_HELP } from './admin/tokens-cli-help.js';
import { startBanner } from './app/banner.js';
import { speedUpModuleResolution } from './app/module-resolution.js';
import { INITIAL_ACCESS_TOKENS_HELP } from './client-registration/cli-help.js';
import { CLIENTS_HELP } from './clients/cli-help.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { DATABASE_HELP } from './control/database-cli-help.js';
import { type ControlChannel, ControlError } from './control/protocol.js';
import { KeyringError } from './crypto/keyring.js';
import { DataDirectoryInUseError } from './db/data-dir-lock.js';
import { VERSION } from './version.js';

// Only what every command needs is imported above: the rest loads with the command that uses it (import() below),
// so `--help`, an unknown command or a bad option answers without loading the server.
speedUpModuleResolution();

const USAGE = `Usage: tessera <command> [options]

Commands:
  serve [--workers N]     Start the public and admin listeners
  migrate                 Apply pending database migrations and exit
  keys rotate [--alg A]   Start a signing-key rotation (all algorithms, or A = RS256 | ES256 | EdDSA)
  kek rotate              Re-seal every secret at rest under a new key-encryption key
  clients create|list|rotate-secret
                          Register and manage OAuth clients headlessly
  admin-tokens create|list|revoke
                          Manage admin API tokens (docs/admin-api-tokens.md)
  initial-access-tokens create|list|revoke
                          Manage tokens for Dynamic Client Registration (docs/client-registration.md)
  install --admin-email E First-run install without the browser (admin password on stdin)
  backup --out FILE       Write a consistent copy of the embedded database (also while it runs)
  restore FILE            Restore a backup into an empty data directory
  doctor                  Check the configuration against the production checklist
  --version               Print the release's version and exit

Configuration comes from the environment (see docs/configuration.md).
One process at a time may open the embedded database: while a server runs on it, the other
commands do their work through that server (migrate is refused, with exit status 2).
Run 'tessera <command> --help' for a command's options.`;

const HELP: Record<string, string> = {
  ...CLIENTS_HELP,
  ...ADMIN_TOKENS_HELP,
  ...INITIAL_ACCESS_TOKENS_HELP,
  install: INSTALL_HELP,
  serve: `Usage: tessera serve [--workers N]

Starts the public listener (TESSERA_PUBLIC_PORT, default 9080) and the admin listener
(TESSERA_ADMIN_PORT, default 9081), applying pending migrations first.

Options:
  --workers N   Fork N worker processes with node:cluster (needs DATABASE_URL;
                the embedded database serves a single process). Default 1.
  --help        Show this help

SIGTERM or SIGINT stops it cleanly: no new connections, in-flight requests get
TESSERA_SHUTDOWN_GRACE_SECONDS (default 10) to finish, then it exits 0.`,
  migrate: `Usage: tessera migrate [--status]

Applies every pending SQL migration under a Postgres advisory lock and exits.
Safe to run while other nodes start. On the embedded database while a server runs on it,
refused with exit status 2: the server applied every migration when it started.

Options:
  --status      List the applied and the pending migrations; change nothing
  --help        Show this help`,
  ...DATABASE_HELP,
  doctor: `Usage: tessera doctor

Checks the configuration (the environment, and TESSERA_CONFIG) against the production
checklist of docs/production.md: production mode, an https base URL, the KEK from a secret,
PostgreSQL, Redis, SMTP (read from the database), an explicit trusted proxy and a private
admin port. Prints each item; exit status 1 when one is missing.

Options:
  --help        Show this help`,
  'keys rotate': `Usage: tessera keys rotate [--alg RS256|ES256|EdDSA]

Starts a signing-key rotation: each algorithm's published 'next' key becomes 'current' once it
has been published for signing.next_key_publish_seconds (at once if it already has), the old
current key is retired (still published until signing.retired_key_keep_seconds pass), and a new
'next' key is published. While a server runs on the embedded database, that server does it.

Options:
  --alg A       Rotate only this algorithm (repeatable). Default: all.
  --help        Show this help`,
  'kek rotate': `Usage: tessera kek rotate

Re-seals every secret at rest under a new key-encryption key, row by row, while the service runs.
  - Key file (TESSERA_KEK_FILE, the default): a new key version is added to the file and made
    current; running nodes pick it up from the file. Old versions stay in the file.
  - TESSERA_KEK: put the new key first, e.g. TESSERA_KEK="v2:<new>,v1:<old>", restart the nodes,
    then run this command to re-seal everything under the highest version.
While a server runs on the embedded database, that server adds the key and re-seals.

Options:
  --help        Show this help`,
};

function fail(message: string): never {
  process.stderr.write(`tessera: ${message}\n`);
  process.exit(1);
}

/** Exit status 2: refused because another process holds the embedded database; nothing was done. */
function refuse(message: string): never {
  process.stderr.write(`tessera: ${message}\n`);
  process.exit(2);
}

function helpOrNull(command: string, args: string[]): boolean {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${HELP[command]}\n`);
    return true;
  }
  return false;
}

async function serve(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true });
  const workers = values.workers === undefined ? 1 : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    fail('--workers must be a whole number from 1 to 64');
  if (workers > 1 && !config.databaseUrl) {
    fail('--workers needs DATABASE_URL: the embedded database serves a single process');
  }
  const [{ default: cluster }, { createLogger }, { openDatabase }, { migrate }] = await Promise.all([
    import('node:cluster'),
    import('./app/logging.js'),
    import('./db/client.js'),
    import('./db/migrate.js'),
  ]);
  const logger = createLogger(config);

  if (workers > 1 && cluster.isPrimary) {
    const { runClusterPrimary } = await import('./app/cluster-primary.js');
    // Migrate once in the primary, then fork; workers skip migrations and share the listening sockets.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: null });
    await migrate(database);
    await database.close();
    runClusterPrimary({
      workers,
      graceSeconds: config.shutdownGraceSeconds,
      logger,
      onReady: () => printUrls(config, workers),
    });
    return;
  }

  const [{ ShutdownOnSignal }, { startServer }, { tracingSettingsFrom }] = await Promise.all([
    import('./app/shutdown-on-signal.js'),
    import('./app/server.js'),
    import('./telemetry/tracing.js'),
  ]);
  // Before starting, so that a SIGTERM during start-up still ends in a clean stop.
  const shutdown = new ShutdownOnSignal(config.shutdownGraceSeconds, logger);
  // Tracing is off unless the OTEL_* variables ask for it; only then is the SDK loaded (docs/observability.md).
  let tracingWanted: boolean;
  try {
    tracingWanted = tracingSettingsFrom(process.env) !== null;
  } catch (error) {
    fail((error as Error).message);
  }
  const tracing = tracingWanted
    ? (await import('./telemetry/tracing-sdk.js')).startTracing(process.env)
    : null;
  const server = await startServer(config, logger, { migrate: !cluster.isWorker });
  const installToken = cluster.isWorker ? null : await server.context.admin.install.issueToken();
  shutdown.attach(
    tracing
      ? {
          ...server,
          // The spans of the last requests are exported before the process exits.
          async shutdown(graceMs) {
            const cutOff = await server.shutdown(graceMs);
            await tracing
              .shutdown()
              .catch((error: unknown) => logger.warn({ err: error }, 'exporting the last spans failed'));
            return cutOff;
          },
        }
      : server,
  );
  if (!cluster.isWorker) printUrls(config, 1, installToken);
}

/**
 * How the operator can run this command again from here: `tessera` when it was started through the package's
 * bin, otherwise `node` and the script's path (relative when under the working directory), which is what
 * `npm start` in a checkout needs, since a workspace's bin is not on the PATH.
 */
function commandLine(): string {
  const script = process.argv[1] ?? 'tessera';
  if (basename(script) === 'tessera') return 'tessera';
  const fromHere = relative(process.cwd(), script);
  const path = fromHere.startsWith('..') || isAbsolute(fromHere) ? script : fromHere;
  return `node ${path.includes(' ') ? JSON.stringify(path) : path}`;
}

function printUrls(config: Config, workers: number, installToken: string | null = null): void {
  process.stdout.write(
    startBanner(config, { version: VERSION, workers, installToken, commandLine: commandLine() }),
  );
}

async function runMigrate(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { status: { type: 'boolean' } }, strict: true });
  if (values.status) return runDatabaseCommand(config, 'migrate --status', args);
  const [{ embeddedDatabaseDirectory }, { openDatabase }, { migrate }] = await Promise.all([
    import('./app/context.js'),
    import('./db/client.js'),
    import('./db/migrate.js'),
  ]);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: embeddedDatabaseDirectory(config),
  });
  try {
    const applied = await migrate(database);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.close();
  }
}

/** The commands that work on the database's contents: here, or through the server that holds the database. */
async function runThroughChannel(config: Config, command: string, args: string[]): Promise<void> {
  // Only the command's own module: the server's modules load only if it opens the database itself (control/channel.ts).
  const run = async (channel: ControlChannel): Promise<void> => {
    switch (command) {
      case 'keys rotate':
        return (await import('./crypto/keys-cli.js')).runKeysRotateCommand(channel, args);
      case 'kek rotate':
        return (await import('./crypto/keys-cli.js')).runKekRotateCommand(channel, config);
      case 'install':
        return (await import('./admin/install-cli.js')).runInstallCommand(channel, args);
      default:
        if (command.startsWith('admin-tokens '))
          return (await import('./admin/tokens-cli.js')).runAdminTokensCommand(channel, command, args);
        if (command.startsWith('initial-access-tokens '))
          return (await import('./client-registration/cli.js')).runInitialAccessTokensCommand(
            channel,
            command,
            args,
          );
        return (await import('./clients/cli.js')).runClientsCommand(channel, command, args);
    }
  };
  const [{ withControlChannel }, { refusalMessage }] = await Promise.all([
    import('./control/channel.js'),
    import('./control/operations.js'),
  ]);
  try {
    await withControlChannel(config, run);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) throw error;
    if (error instanceof ControlError && error.code === 'unavailable') refuse(error.message);
    const message = refusalMessage(error);
    if (message !== null) fail(message);
    throw error;
  }
}

/** backup, restore and migrate --status: they never migrate the database they look at. */
async function runDatabaseCommand(config: Config, command: string, args: string[]): Promise<void> {
  const { runBackupCommand, runRestoreCommand, runMigrateStatusCommand } = await import(
    './control/database-cli.js'
  );
  const { refusalMessage } = await import('./control/operations.js');
  try {
    if (command === 'backup') return await runBackupCommand(config, args);
    if (command === 'restore') return await runRestoreCommand(config, args);
    return await runMigrateStatusCommand(config);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) throw error;
    if (error instanceof ControlError && error.code === 'unavailable') refuse(error.message);
    const message = refusalMessage(error);
    if (message !== null) fail(message);
    throw error;
  }
}

/** One line saying who holds the embedded database and what to do about it. */
function inUseMessage(command: string, error: DataDirectoryInUseError): string {
  if (error.holder.role === 'command') return `${error.message}; try again when it has finished`;
  if (command === 'migrate')
    return `${error.message}, which applied every migration when it started; stop it to run 'tessera migrate'`;
  if (command === 'restore') return `${error.message}; restore into a new, empty data directory`;
  return `${error.message}; one process at a time may open an embedded database: stop that server first, or use PostgreSQL (DATABASE_URL) to run several (to copy its data while it runs: 'tessera backup --out FILE')`;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const grouped =
    command === 'keys' ||
    command === 'kek' ||
    command === 'clients' ||
    command === 'admin-tokens' ||
    command === 'initial-access-tokens';
  if (grouped && (rest[0] === undefined || rest[0] === '--help' || rest[0] === '-h')) {
    // `tessera clients --help`: every subcommand's help; without --help the subcommand is missing.
    const group = Object.keys(HELP).filter((name) => name.startsWith(`${command} `));
    const text = group.map((name) => HELP[name]).join('\n\n');
    if (rest[0] === undefined) {
      process.stderr.write(`${text}\n`);
      fail(`'${command}' needs a subcommand: ${group.map((name) => name.split(' ')[1]).join(', ')}`);
    }
    process.stdout.write(`${text}\n`);
    return;
  }
  const twoWord = grouped ? `${command} ${rest[0] ?? ''}`.trim() : command;
  const args = grouped ? rest.slice(1) : rest;
  if (!HELP[twoWord]) {
    fail(`unknown command '${twoWord}'. Run 'tessera --help'.`);
  }
  if (helpOrNull(twoWord, args)) return;

  if (twoWord === 'doctor') {
    // Before loading the configuration: what production would refuse at start is listed, not thrown.
    parseArgs({ args, options: {}, strict: true });
    const { runDoctorCommand } = await import('./config/doctor.js');
    process.exitCode = await runDoctorCommand(process.env);
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
  try {
    switch (twoWord) {
      case 'serve':
        return await serve(config, args);
      case 'migrate':
        return await runMigrate(config, args);
      case 'backup':
      case 'restore':
        return await runDatabaseCommand(config, twoWord, args);
      default:
        return await runThroughChannel(config, twoWord, args);
    }
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) refuse(inUseMessage(twoWord, error));
    throw error;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof KeyringError)
    fail(`configuration error: ${error.message}`);
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    fail(error.message);
  }
  process.stderr.write(`tessera: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
