#!/usr/bin/env node
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { INSTALL_HELP, runInstallCommand } from './admin/install-cli.js';
import { runClusterPrimary } from './app/cluster-primary.js';
import { createContext, openKeyring } from './app/context.js';
import { createLogger } from './app/logging.js';
import { startServer } from './app/server.js';
import { ShutdownOnSignal } from './app/shutdown-on-signal.js';
import { CLIENTS_HELP, runClientsCommand } from './clients/cli.js';
import { ClientValidationError } from './clients/model.js';
import { ClientNotFoundError } from './clients/service.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { resealAll } from './crypto/kek-rotation.js';
import { addKeyToFile, KeyringError } from './crypto/keyring.js';
import { Sealer } from './crypto/seal.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from './crypto/signing-keys.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';

const USAGE = `Usage: tessera <command> [options]

Commands:
  serve [--workers N]     Start the public and admin listeners
  migrate                 Apply pending database migrations and exit
  keys rotate [--alg A]   Start a signing-key rotation (all algorithms, or A = RS256 | ES256 | EdDSA)
  kek rotate              Re-seal every secret at rest under a new key-encryption key
  clients create|list|rotate-secret
                          Register and manage OAuth clients headlessly
  install --admin-email E First-run install without the browser (admin password on stdin)

Configuration comes from the environment (see docs/configuration.md).
Run 'tessera <command> --help' for a command's options.`;

const HELP: Record<string, string> = {
  ...CLIENTS_HELP,
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
  migrate: `Usage: tessera migrate

Applies every pending SQL migration under a Postgres advisory lock and exits.
Safe to run while other nodes start.

Options:
  --help        Show this help`,
  'keys rotate': `Usage: tessera keys rotate [--alg RS256|ES256|EdDSA]

Starts a signing-key rotation: each algorithm's published 'next' key becomes 'current' once it
has been published for signing.next_key_publish_seconds (at once if it already has), the old
current key is retired (still published until signing.retired_key_keep_seconds pass), and a new
'next' key is published.

Options:
  --alg A       Rotate only this algorithm (repeatable). Default: all.
  --help        Show this help`,
  'kek rotate': `Usage: tessera kek rotate

Re-seals every secret at rest under a new key-encryption key, row by row, while the service runs.
  - Key file (TESSERA_KEK_FILE, the default): a new key version is added to the file and made
    current; running nodes pick it up from the file. Old versions stay in the file.
  - TESSERA_KEK: put the new key first, e.g. TESSERA_KEK="v2:<new>,v1:<old>", restart the nodes,
    then run this command to re-seal everything under the highest version.

Options:
  --help        Show this help`,
};

function fail(message: string): never {
  process.stderr.write(`tessera: ${message}\n`);
  process.exit(1);
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
  const logger = createLogger(config);

  if (workers > 1 && cluster.isPrimary) {
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

  // Before starting, so that a SIGTERM during start-up still ends in a clean stop.
  const shutdown = new ShutdownOnSignal(config.shutdownGraceSeconds, logger);
  const server = await startServer(config, logger, { migrate: !cluster.isWorker });
  const installToken = cluster.isWorker ? null : await server.context.install.issueToken();
  shutdown.attach(server);
  if (!cluster.isWorker) printUrls(config, 1, installToken);
}

function printUrls(config: Config, workers: number, installToken: string | null = null): void {
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  process.stdout.write(
    [
      '',
      `Tessera is running (${workers} process${workers > 1 ? 'es' : ''}, ${storage}).`,
      `  Public:  ${config.baseUrl}  (issuer; listening on ${config.publicHost}:${config.publicPort})`,
      `  Admin:   ${config.adminUrl}  (listening on ${config.adminHost}:${config.adminPort}; keep it private)`,
      `  Hosted UI: ${config.baseUrl}/ui/`,
      ...(installToken
        ? [
            '',
            'First-run install: open this one-time link (valid 24 hours) to create the first admin:',
            `  ${config.adminUrl}/setup#token=${installToken}`,
            "  or run 'tessera install --admin-email you@example.com' with the password on standard input.",
          ]
        : []),
      '',
    ].join('\n'),
  );
}

async function runMigrate(config: Config): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: `${config.dataDir}/db`,
  });
  try {
    const applied = await migrate(database);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.close();
  }
}

async function rotateSigningKeys(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { alg: { type: 'string', multiple: true } }, strict: true });
  const algorithms = (values.alg ?? [...SIGNING_ALGORITHMS]) as SigningAlgorithm[];
  for (const alg of algorithms) {
    if (!SIGNING_ALGORITHMS.includes(alg))
      fail(`--alg must be one of ${SIGNING_ALGORITHMS.join(', ')} (got '${alg}')`);
  }
  const context = await createContext(config, createLogger({ logLevel: 'warn' }), { keyMaintenanceMs: 0 });
  try {
    await context.signingKeys.rotate(algorithms);
    for (const key of await context.signingKeys.list()) {
      const when =
        key.state === 'next' && key.promotionRequestedAt
          ? ` (becomes current after ${key.promoteAfter?.toISOString()})`
          : key.state === 'retired'
            ? ` (removed after ${key.removeAfter?.toISOString()})`
            : '';
      process.stdout.write(`${key.alg.padEnd(6)} ${key.state.padEnd(8)} ${key.kid}${when}\n`);
    }
  } finally {
    await context.close();
  }
}

async function rotateKek(config: Config): Promise<void> {
  if (!config.kek) {
    const version = addKeyToFile(config.kekFile);
    process.stdout.write(`added KEK version ${version} to ${config.kekFile}\n`);
  }
  const keyring = openKeyring(config);
  const sealer = new Sealer(keyring);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: `${config.dataDir}/db`,
  });
  try {
    await migrate(database);
    const reports = await resealAll(database, sealer);
    for (const report of reports) {
      process.stdout.write(`${report.table}.${report.column}: ${report.resealed} re-sealed\n`);
    }
    process.stdout.write(`every sealed value is now under KEK version ${sealer.currentVersion}\n`);
  } finally {
    await database.close();
  }
}

async function install(config: Config, args: string[]): Promise<void> {
  const context = await createContext(config, createLogger({ logLevel: 'warn' }), { keyMaintenanceMs: 0 });
  try {
    await runInstallCommand(context, args);
  } catch (error) {
    if (error instanceof Error && !(error instanceof TypeError)) fail(error.message);
    throw error;
  } finally {
    await context.close();
  }
}

async function manageClients(config: Config, command: string, args: string[]): Promise<void> {
  const context = await createContext(config, createLogger({ logLevel: 'warn' }), { keyMaintenanceMs: 0 });
  try {
    await runClientsCommand(context, command, args);
  } catch (error) {
    if (error instanceof ClientValidationError) fail(error.message);
    if (error instanceof ClientNotFoundError) fail(`no client '${error.message}'`);
    if (error instanceof Error && !(error instanceof TypeError)) fail(error.message);
    throw error;
  } finally {
    await context.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const grouped = command === 'keys' || command === 'kek' || command === 'clients';
  const twoWord = grouped ? `${command} ${rest[0] ?? ''}`.trim() : command;
  const args = grouped ? rest.slice(1) : rest;
  if (!HELP[twoWord]) {
    fail(`unknown command '${twoWord}'. Run 'tessera --help'.`);
  }
  if (helpOrNull(twoWord, args)) return;

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
  switch (twoWord) {
    case 'serve':
      return serve(config, args);
    case 'migrate':
      return runMigrate(config);
    case 'keys rotate':
      return rotateSigningKeys(config, args);
    case 'kek rotate':
      return rotateKek(config);
    case 'install':
      return install(config, args);
    default:
      return manageClients(config, twoWord, args);
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
