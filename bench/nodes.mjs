/**
 * What the capacity, memory, scale-out and instructions scripts share: a database and Redis for one run (a fresh
 * database on a PostgreSQL server, or a private PostgreSQL cluster and Redis of their own), Tessera nodes (and the
 * peer) as separate processes (bench/tessera-server.mjs, bench/peer-server.mjs), and the counters read around each
 * measured phase.
 *
 * A private cluster (`--private`) makes the counts clean on a shared machine: WAL positions are cluster-wide and
 * Redis' command statistics server-wide, so other users of the shared servers would be counted too; it also loads
 * pg_stat_statements (which needs a server start), for the statement-by-statement view. Its settings keep the
 * run's own work alone in the WAL: no autovacuum, no checkpoint within the run.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { READY_PREFIX } from './child.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const serverRequire = createRequire(join(BENCH_DIR, '../packages/server/package.json'));
/** node-postgres and ioredis as the server resolves them (the bench declares no copy of its own). */
const pg = serverRequire('pg');
const { Redis } = serverRequire('ioredis');
/** PostgreSQL's server programs for a private cluster (Debian's path for PostgreSQL 15 unless PG_BIN says). */
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const READY_TIMEOUT_MS = 180_000;

/**
 * What to undo if the run is interrupted (SIGINT, SIGTERM): nodes stopped, the run's database dropped, a private
 * cluster and Redis stopped. Without it an interrupted run would leave them behind.
 * @type {Set<() => Promise<unknown>>}
 */
const pendingCleanups = new Set();
let interruptHandled = false;

/**
 * Registers a clean-up for an interruption; returns the function that unregisters it (once done normally).
 * @param {() => Promise<unknown>} cleanup
 */
function onInterrupt(cleanup) {
  if (!interruptHandled) {
    interruptHandled = true;
    const run = async () => {
      // The latest first: nodes before the database they use.
      for (const pending of [...pendingCleanups].reverse()) await pending().catch(() => {});
      process.exit(130);
    };
    process.once('SIGINT', run);
    process.once('SIGTERM', run);
  }
  pendingCleanups.add(cleanup);
  return () => {
    pendingCleanups.delete(cleanup);
  };
}

/** @param {number} ms */
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback port that was free a moment ago. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs a PostgreSQL program as the postgres user (initdb and postgres refuse to run as root).
 * @param {string} program
 * @param {string[]} args
 */
function asPostgres(program, args) {
  const isRoot = process.getuid?.() === 0;
  return isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
}

/**
 * @typedef {object} Backing the database and Redis of one run
 * @property {string} databaseUrl a fresh database
 * @property {string} redisUrl
 * @property {boolean} privateCluster
 * @property {boolean} statementStats whether pg_stat_statements is loaded in the run's database
 * @property {import('pg').Client} admin a connection to the run's database, for the counters
 * @property {() => Promise<Snapshot>} snapshot
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} Snapshot counters of the database and Redis at one moment
 * @property {string} walLsn
 * @property {Record<string, number>} redisCalls calls by command, server-wide
 */

/**
 * Opens the backing of one run: with `privateCluster`, a PostgreSQL cluster and a Redis of its own on free
 * loopback ports in a temp dir; otherwise a fresh database on `databaseUrl`'s server and `redisUrl`.
 * @param {{ privateCluster: boolean, databaseUrl: string, redisUrl: string }} options
 * @returns {Promise<Backing>}
 */
export async function openBacking({ privateCluster, databaseUrl, redisUrl }) {
  /** @type {(() => Promise<void>)[]} */
  const cleanups = [];
  const close = async () => {
    unregister();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  const unregister = onInterrupt(close);
  try {
    let serverUrl = databaseUrl;
    let redis = redisUrl;
    if (privateCluster) {
      const directory = mkdtempSync(join(tmpdir(), 'tessera-capacity-'));
      cleanups.push(async () => rmSync(directory, { recursive: true, force: true }));
      if (process.getuid?.() === 0)
        chownSync(directory, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
      const data = join(directory, 'data');
      const [initdb, initArgs] = asPostgres('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
      ]);
      // Asynchronously: a synchronous child would hold the event loop, and with it the interrupt handler.
      await promisify(execFile)(/** @type {string} */ (initdb), /** @type {string[]} */ (initArgs));
      const pgPort = await freePort();
      const [postgres, postgresArgs] = asPostgres('postgres', [
        '-D',
        data,
        '-p',
        String(pgPort),
        '-k',
        directory,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'shared_preload_libraries=pg_stat_statements',
        '-c',
        'pg_stat_statements.track=all',
        '-c',
        'autovacuum=off',
        '-c',
        'checkpoint_timeout=1h',
        '-c',
        'max_wal_size=8GB',
        '-c',
        'max_connections=200',
      ]);
      const server = spawn(/** @type {string} */ (postgres), /** @type {string[]} */ (postgresArgs), {
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      cleanups.push(() => stopProcess(server));
      serverUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
      await until(async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.end();
      }, 'the private PostgreSQL');
      const redisPort = await freePort();
      const redisServer = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'ignore', 'ignore'] },
      );
      cleanups.push(() => stopProcess(redisServer));
      redis = `redis://127.0.0.1:${redisPort}`;
    }
    // A fresh database for the run, dropped at the end.
    const name = `tessera_bench_${randomBytes(5).toString('hex')}`;
    const maintenance = new pg.Client({ connectionString: serverUrl });
    await maintenance.connect();
    await maintenance.query(`CREATE DATABASE ${name}`);
    await maintenance.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    cleanups.push(() => admin.end());
    let statementStats = false;
    if (privateCluster) {
      await admin.query('CREATE EXTENSION pg_stat_statements');
      statementStats = true;
    }
    const redisClient = new Redis(redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await until(() => redisClient.connect(), 'Redis');
    cleanups.push(async () => {
      redisClient.disconnect();
    });
    return {
      databaseUrl: url.href,
      redisUrl: redis,
      privateCluster,
      statementStats,
      admin,
      async snapshot() {
        const { rows } = await admin.query('SELECT pg_current_wal_lsn()::text AS lsn');
        return { walLsn: rows[0].lsn, redisCalls: parseCommandStats(await redisClient.info('commandstats')) };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Calls per command from Redis' `INFO commandstats` (lines `cmdstat_<name>:calls=<n>,...`).
 * @param {string} info
 */
export function parseCommandStats(info) {
  /** @type {Record<string, number>} */
  const calls = {};
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls[match[1]] = Number(match[2]);
  return calls;
}

/**
 * Retries `attempt` every 200 ms for up to 30 s.
 * @param {() => Promise<unknown>} attempt
 * @param {string} what
 */
async function until(attempt, what) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what} did not answer: ${/** @type {Error} */ (error).message}`);
      await pause(200);
    }
  }
}

/**
 * SIGTERM, then SIGKILL after 10 s.
 * @param {import('node:child_process').ChildProcess} child
 */
function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/**
 * @typedef {object} TesseraNode
 * @property {import('./flows.mjs').FlowReady & { pid: number, probeUrl?: string, userAccessToken?: string,
 *   server: string }} ready
 * @property {() => Promise<void>} stop
 */

/**
 * Starts one Tessera node (bench/tessera-server.mjs) and waits for its ready line; its output goes to stderr,
 * prefixed with `label`.
 * @param {{ label: string, env: Record<string, string>, nodeArgs?: string[] }} options
 * @returns {Promise<TesseraNode>}
 */
export function startTesseraNode(options) {
  return startBenchServer({ ...options, script: 'tessera-server.mjs' });
}

/**
 * Starts one bench server, Tessera's or the peer's (`script`), as its own process and waits for its ready line; its
 * other output goes to stderr, prefixed with `label`. `wrapper` runs Node under another program (valgrind, for
 * bench/instructions.mjs); `onLine` sees each other line of its stdout first and keeps it (true) when it is an
 * answer meant for the caller.
 * @param {{ label: string, script: 'tessera-server.mjs' | 'peer-server.mjs', env: Record<string, string>,
 *   nodeArgs?: string[], wrapper?: string[], readyTimeoutMs?: number, onLine?: (line: string) => boolean }} options
 * @returns {Promise<TesseraNode>}
 */
export function startBenchServer({
  label,
  script,
  env,
  nodeArgs = [],
  wrapper = [],
  readyTimeoutMs = READY_TIMEOUT_MS,
  onLine = () => false,
}) {
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, join(BENCH_DIR, script)];
  const child = spawn(/** @type {string} */ (command), args, {
    cwd: BENCH_DIR,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    // stdin stays open as a lifeline: if this process dies, the child sees end-of-input and exits.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const unregister = onInterrupt(() => stopProcess(child));
  const forward = (/** @type {string} */ line) => process.stderr.write(`[${label}] ${line}\n`);
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on(
    'line',
    forward,
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} not ready in time`)), readyTimeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (code ${code}, signal ${signal})`));
    });
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on(
      'line',
      (line) => {
        if (onLine(line)) return;
        if (!line.startsWith(READY_PREFIX)) return forward(line);
        clearTimeout(timer);
        resolve({
          ready: JSON.parse(line.slice(READY_PREFIX.length)),
          stop: () => {
            unregister();
            return stopProcess(child);
          },
        });
      },
    );
  });
}

/**
 * Reads a node's statement counters (its control port, bench/probe.mjs).
 * @param {string} probeUrl
 * @returns {Promise<import('./probe.mjs').StatementCounts & { rss: number }>}
 */
export async function readCounters(probeUrl) {
  const response = await fetch(`${probeUrl}/counters`);
  if (!response.ok) throw new Error(`probe: ${response.status}`);
  return /** @type {any} */ (await response.json());
}

/**
 * Asks a node's control port to do something (housekeeping, key maintenance, gc); fails on a non-200 answer.
 * @param {string} probeUrl
 * @param {string} path
 */
export async function probeAction(probeUrl, path) {
  const response = await fetch(`${probeUrl}${path}`, { method: 'POST' });
  const text = await response.text();
  if (!response.ok) throw new Error(`probe ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/**
 * A client that sends requests for `from` (the issuer's origin, which discovery and redirects name) to `to`
 * (another node's listener): a second node of one issuer, without a load balancer in between.
 * @param {import('./http-client.mjs').HttpClient} client
 * @param {string} from
 * @param {string} to
 * @returns {import('./http-client.mjs').HttpClient}
 */
export function reroutedClient(client, from, to) {
  const origin = new URL(from).origin;
  return {
    send(url, init) {
      const target = new URL(url, from);
      const sent = target.origin === origin ? new URL(`${to}${target.pathname}${target.search}`) : target;
      return client.send(sent, init);
    },
    close: () => client.close(),
  };
}

/**
 * The difference of two counter maps (after − before), without the zero entries.
 * @param {Record<string, number>} after
 * @param {Record<string, number>} before
 */
export function difference(after, before) {
  /** @type {Record<string, number>} */
  const result = {};
  for (const [key, value] of Object.entries(after)) {
    const delta = value - (before[key] ?? 0);
    if (delta !== 0) result[key] = delta;
  }
  return result;
}

/**
 * Zeroes pg_stat_statements (every database of the server): the start of a counted window.
 * @param {import('pg').Client} client
 */
export async function resetStatementStats(client) {
  await client.query('SELECT pg_stat_statements_reset()');
}

/**
 * @typedef {object} StatementRow one statement's figures in pg_stat_statements since the last reset
 * @property {number} calls
 * @property {number} rows
 * @property {number} wal_bytes
 * @property {number} shared_blks_hit shared buffers found in PostgreSQL's buffer cache
 * @property {number} shared_blks_read shared buffers read from the operating system (its page cache or disk)
 * @property {number} exec_ms total_exec_time
 * @property {boolean} toplevel sent by a client, not run inside another statement (a foreign-key check, a function)
 * @property {string} query normalized text, whitespace folded, the first 110 characters
 */

/**
 * What the statements of `client`'s database did since the last reset (pg_stat_statements), this module's own
 * counter queries left out: calls, WAL bytes, shared buffers hit and read (buffers touched: hit + read, a count
 * that depends on the plans and the data, not on the machine's load) and execution time, in all and by
 * statement (most calls first). With `pg_stat_statements.track = all` a statement run inside another (the
 * foreign-key checks of an insert) has a row of its own, and its buffers and time are in the outer statement's
 * too: the sums of buffers and time are over the top-level statements only; `calls` counts both.
 * @param {import('pg').Client} client
 */
export async function readStatementStats(client) {
  const { rows } = await client.query(
    `SELECT calls, rows, wal_bytes::bigint AS wal_bytes, shared_blks_hit, shared_blks_read,
            total_exec_time AS exec_ms, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'
        AND query NOT LIKE '%pg_wal_lsn_diff%'
      ORDER BY calls DESC, wal_bytes DESC`,
  );
  /** @type {StatementRow[]} */
  const statements = rows.map((/** @type {Record<string, unknown>} */ row) => ({
    calls: Number(row.calls),
    rows: Number(row.rows),
    wal_bytes: Number(row.wal_bytes),
    shared_blks_hit: Number(row.shared_blks_hit),
    shared_blks_read: Number(row.shared_blks_read),
    exec_ms: Number(row.exec_ms),
    toplevel: row.toplevel === true,
    query: String(row.query),
  }));
  const sum = (/** @type {keyof StatementRow} */ field, topLevelOnly = false) =>
    statements
      .filter((row) => row.toplevel || !topLevelOnly)
      .reduce((total, row) => total + Number(row[field]), 0);
  return {
    calls: sum('calls'),
    topLevelCalls: sum('calls', true),
    walBytes: sum('wal_bytes', true),
    buffersHit: sum('shared_blks_hit', true),
    buffersRead: sum('shared_blks_read', true),
    execMs: sum('exec_ms', true),
    statements,
  };
}
