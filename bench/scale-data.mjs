/**
 * `npm run bench:scale-data`: what Tessera's operations cost as its data grows. Two fresh databases (PostgreSQL,
 * or embedded with `--database=embedded`) are migrated; one is seeded in bulk
 * (packages/server/src/testing/scale-seed.ts: users with sessions, clients, grants with refresh-token families and
 * their redeemed codes, audit events, SCIM users; generate_series, indexes built after the load, no API), the
 * other stays empty. Then, on each:
 * - the protocol scenarios, by `bench/run.mjs --targets=tessera` against that database (its own client and user
 *   added to the seeded rows), per-operation server CPU and req/s;
 * - when the PostgreSQL server has pg_stat_statements loaded (always with `--private`), PostgreSQL's work per
 *   protocol operation: a Tessera node (bench/tessera-server.mjs) on that database runs each scenario `--operations`
 *   times uncounted, then `--operations` times between a pg_stat_statements_reset() and a read of the view
 *   (bench/protocol-phases.mjs, the phases of `npm run bench:capacity`): statements executed, shared buffers
 *   touched (hit + read) and execution time, per operation. Buffers touched follow the plans and the data, not the
 *   machine's load, so they compare the seeded database with the empty one to the percent where CPU time cannot;
 * - with `--instructions`, Tessera's own instructions per operation (bench/instructions.mjs under callgrind,
 *   Tessera alone on that database, `--rounds=2` of its default operations);
 * - in-process through the server's own services: the admin user search (a seeded address, a substring, no
 *   query), the audit log's first page, a page deep in the log, a filtered page and a day's range half-way
 *   back, the SCIM `userName`, `externalId` and `emails.value` filters, a member PATCH of a group of 9,999
 *   members (one in, then out) beside the same two applied to the whole group (as any other PATCH is) and a
 *   read of that group's whole member list, and the admin client list (its first page, a page half-way by its
 *   cursor, a substring search), each timed N times (p50/p99);
 * - on the seeded database: the audit export (the whole log streamed through the export's reader, each event
 *   written as a CSV row; every --export-sample events a full garbage collection, then the heap still in use:
 *   the retained growth over the baseline and its slope against the events streamed) and one housekeeping run
 *   over the seeded backlog (a third of the grants ended 60 days ago), with the growing tables' row counts before
 *   and after. The server runs in this process, so the collections are this process's: it needs
 *   `node --expose-gc`, as `npm run bench:scale-data` runs it.
 *
 * Options:
 *   --scale=1            fraction of the full size: 1,000,000 users, 100,000 clients, 5,000,000 refresh tokens,
 *                        10,000,000 audit events (and 100,000 SCIM users)
 *   --scenarios=a,b      protocol scenarios for run.mjs (default code_exchange,refresh,client_credentials,
 *                        introspection,userinfo)
 *   --duration=10        seconds per protocol measurement
 *   --samples=200        timings per admin/SCIM operation
 *   --database=postgres  or `embedded`: two data directories under the system's temp directory
 *   --keep               keep the two databases afterwards (their names and key-encryption key are printed)
 *   --reuse=SUFFIX       measure the two databases a `--keep` run left (tessera_scale_{empty,seeded}_SUFFIX) again,
 *                        without seeding; TESSERA_KEK must be the key that run printed
 *   --protocol-only      the protocol scenarios only: no admin, SCIM, export or housekeeping measurements
 *   --export-only        the audit export's memory only: one database, seeded with the audit events alone
 *                        (10,000,000 × --scale), no other measurement
 *   --export-sample=100000  events between two collections of the export's memory samples
 *   --private            a private PostgreSQL cluster with pg_stat_statements loaded (bench/nodes.mjs, as
 *                        `npm run bench:capacity -- --private`) instead of BENCH_POSTGRES_URL's server; stopped and
 *                        removed at the end (not with --keep or --reuse)
 *   --operations=200     protocol operations per statement count (and as many uncounted before it)
 *   --statements         print each count's statements (pg_stat_statements), most buffers first
 *   --instructions       also count Tessera's instructions per operation on each database (valgrind, a few
 *                        minutes per scenario and database)
 * The PostgreSQL server (without --private): BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), a superuser (the seed turns foreign-key triggers off while it writes
 * rows that reference each other by construction).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  SEEDED_SCIM_GROUP,
  scaleSeedStatements,
  seededEmail,
} from '../packages/server/src/testing/scale-seed.ts';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import {
  openBacking,
  readCounters,
  readStatementStats,
  resetStatementStats,
  startTesseraNode,
} from './nodes.mjs';
import { positive } from './options.mjs';
import { protocolPhases, settle } from './protocol-phases.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const dist = new URL('../packages/server/dist/', import.meta.url);
/** @type {typeof import('../packages/server/dist/app/server.js')} */
const { startServer } = await import(new URL('app/server.js', dist).href);
/** @type {typeof import('../packages/server/dist/app/logging.js')} */
const { createLogger } = await import(new URL('app/logging.js', dist).href);
/** @type {typeof import('../packages/server/dist/config/config.js')} */
const { loadConfig } = await import(new URL('config/config.js', dist).href);
/** @type {typeof import('../packages/server/dist/db/client.js')} */
const { openDatabase } = await import(new URL('db/client.js', dist).href);
/** @type {typeof import('../packages/server/dist/scim/store.js')} */
const { ScimStore } = await import(new URL('scim/store.js', dist).href);
/** @type {typeof import('../packages/server/dist/scim/patch.js')} */
const { applyPatch, PATCH_OP_SCHEMA } = await import(new URL('scim/patch.js', dist).href);
/** @type {typeof import('../packages/server/dist/scim/resource.js')} */
const { readGroup } = await import(new URL('scim/resource.js', dist).href);
/** @type {typeof import('../packages/server/dist/scim/views.js')} */
const { groupResource } = await import(new URL('scim/views.js', dist).href);
/** @type {typeof import('../packages/server/dist/scim/attributes.js')} */
const { GROUP_ATTRIBUTES, GROUP_SCHEMA } = await import(new URL('scim/attributes.js', dist).href);
/** @type {typeof import('../packages/server/dist/audit/audit-log.js')} */
const { csvRow } = await import(new URL('audit/audit-log.js', dist).href);

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    scenarios: { type: 'string', default: 'code_exchange,refresh,client_credentials,introspection,userinfo' },
    duration: { type: 'string', default: '10' },
    samples: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string', default: 'postgres' },
    'protocol-only': { type: 'boolean', default: false },
    'export-only': { type: 'boolean', default: false },
    'export-sample': { type: 'string', default: '100000' },
    reuse: { type: 'string' },
    private: { type: 'boolean', default: false },
    operations: { type: 'string', default: '200' },
    statements: { type: 'boolean', default: false },
    instructions: { type: 'boolean', default: false },
  },
});
if (!['postgres', 'embedded'].includes(options.database))
  throw new Error('--database is postgres or embedded');
const embedded = options.database === 'embedded';
if (embedded && (options.private || options.instructions))
  throw new Error('--private and --instructions measure PostgreSQL: not with --database=embedded');
if (options.private && (options.keep || options.reuse))
  throw new Error('a private cluster is removed at the end: --keep and --reuse are for a server of your own');
if (options.reuse && !process.env.TESSERA_KEK)
  throw new Error('--reuse needs the TESSERA_KEK the --keep run printed');
const countedOperations = Math.floor(positive('operations', options.operations));
const exportOnly = options['export-only'];
if (exportOnly && options['protocol-only'])
  throw new Error('--export-only and --protocol-only exclude each other');
const exportSample = Math.floor(positive('export-sample', options['export-sample']));
// The export's memory is sampled after forced full collections (heapUsed alone counts garbage not yet collected).
if (!options['protocol-only'] && typeof globalThis.gc !== 'function')
  throw new Error('the export measurement needs node --expose-gc (npm run bench:scale-data passes it)');
const gc = /** @type {() => void} */ (globalThis.gc);
const scale = Number(options.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const FULL = {
  users: 1_000_000,
  clients: 100_000,
  refreshTokens: 5_000_000,
  auditEvents: 10_000_000,
  scimUsers: 100_000,
};
const counts = Object.fromEntries(
  Object.entries(FULL).map(([name, n]) => [
    name,
    exportOnly && name !== 'auditEvents' ? 0 : Math.round(n * scale),
  ]),
);
const samples = Number(options.samples);
/** One key encryption key for every server of the run: the databases' sealed keys open only under it. */
const KEK = process.env.TESSERA_KEK || randomBytes(32).toString('base64url');
/** With --private, the cluster's and its Redis' (unused by this script), stopped at the end. */
const backing = options.private
  ? await openBacking({
      privateCluster: true,
      databaseUrl: '',
      redisUrl: '',
    })
  : null;
const baseUrl = backing
  ? Object.assign(new URL(backing.databaseUrl), { pathname: '/postgres' }).href
  : (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/** @param {string} name */
function databaseUrl(name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * One database of the run: a PostgreSQL database (`url`) or an embedded one (`dataDir`, the server's data
 * directory; the database is its `db` folder).
 * @typedef {{ name: string, url: string | null, dataDir: string | null }} Target
 */

/** @param {string} name @returns {Target} */
function targetNamed(name) {
  return embedded
    ? { name, url: null, dataDir: mkdtempSync(join(tmpdir(), `${name}-`)) }
    : { name, url: databaseUrl(name), dataDir: null };
}

/** Opens the target's database (only one handle at a time for an embedded one). @param {Target} target */
function openTarget(target) {
  return target.url
    ? openDatabase({ databaseUrl: target.url, embeddedDir: null, poolSize: 5 })
    : openDatabase({
        databaseUrl: null,
        embeddedDir: join(/** @type {string} */ (target.dataDir), 'db'),
        lockRole: 'server',
      });
}

/** The server's environment for the target: its database, and no other. @param {Target} target */
function targetEnv(target) {
  const env = { ...process.env, TESSERA_KEK: KEK };
  delete env.DATABASE_URL;
  if (target.url) env.DATABASE_URL = target.url;
  else env.TESSERA_DATA_DIR = /** @type {string} */ (target.dataDir);
  return env;
}

/** @param {(client: pg.Client) => Promise<void>} fn @param {string} [url] */
async function withClient(fn, url = baseUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/** A loopback port that was free a moment ago. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server in-process on the target (which migrates it); the caller closes it. @param {Target} target */
async function serverOn(target) {
  const dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'tessera-scale-'));
  const [publicPort, adminPort] = [await freePort(), await freePort()];
  const config = loadConfig({
    ...targetEnv(target),
    TESSERA_PUBLIC_HOST: '127.0.0.1',
    TESSERA_ADMIN_HOST: '127.0.0.1',
    TESSERA_PUBLIC_PORT: String(publicPort),
    TESSERA_ADMIN_PORT: String(adminPort),
    TESSERA_BASE_URL: `http://127.0.0.1:${publicPort}`,
    TESSERA_DATA_DIR: dataDir,
    TESSERA_LOG_LEVEL: 'error',
  });
  const database = await openTarget(target);
  const server = await startServer(config, createLogger(config, process.stderr), {
    database,
    housekeepingMs: 0,
    keyMaintenanceMs: 0,
  });
  return {
    server,
    database,
    async close() {
      await server.close();
      await database.close();
      if (!target.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Times `fn` `times` times after 10 warm-up calls (none for a single call); p50 and p99 in ms.
 * @param {() => Promise<unknown>} fn
 */
async function timed(fn, count = samples) {
  for (let i = 0; count > 1 && i < 10; i += 1) await fn();
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/**
 * The admin and SCIM operations, timed in-process on the server on `target`.
 * @param {Target} target @param {string} connectionId @param {boolean} seeded
 */
async function adminOperations(target, connectionId, seeded) {
  const running = await serverOn(target);
  const { context } = running.server;
  const scim = new ScimStore(running.database.db);
  const newest = (await context.audit.list({}, 1))[0]?.id ?? 1;
  const n = Math.max(1, Math.floor(counts.users / 2));
  /** @type {Record<string, {p50: number, p99: number}>} */
  const results = {};
  results['admin search: one address'] = await timed(() =>
    context.accounts.users.page({ query: seededEmail(n), offset: 0, limit: 50 }),
  );
  results['admin search: substring "user-4242"'] = await timed(() =>
    context.accounts.users.page({ query: 'user-4242', offset: 0, limit: 50 }),
  );
  results['admin list: no query, first page'] = await timed(() =>
    context.accounts.users.page({ query: '', offset: 0, limit: 50 }),
  );
  results['audit: first page'] = await timed(() => context.audit.list({}, 50));
  results['audit: page half-way (keyset)'] = await timed(() =>
    context.audit.list({ before: Math.max(2, Math.floor(newest / 2)) }, 50),
  );
  results['audit: by actor'] = await timed(() =>
    context.audit.list({ actor: `seed-u-${Math.max(1, n - 1)}` }, 50),
  );
  // A day half-way back through the seeded log (one event a second), as the portal's date filter asks for it.
  const halfWayBack = Date.now() - (counts.auditEvents / 2) * 1000;
  const day = { from: new Date(halfWayBack - 86_400_000), to: new Date(halfWayBack) };
  results["audit: a day's range half-way back"] = await timed(() => context.audit.list(day, 50));
  if (seeded) {
    results['SCIM: userName eq'] = await timed(() =>
      scim.listUsers(
        connectionId,
        [{ attribute: 'userName', value: seededEmail(Math.max(1, counts.scimUsers >> 1)) }],
        0,
        100,
      ),
    );
    results['SCIM: externalId eq'] = await timed(() =>
      scim.listUsers(
        connectionId,
        [{ attribute: 'externalId', value: `ext-${Math.max(1, counts.scimUsers >> 2)}` }],
        0,
        100,
      ),
    );
    results['SCIM: emails.value eq'] = await timed(() =>
      scim.listUsers(
        connectionId,
        [{ attribute: 'email', value: seededEmail(Math.max(1, counts.scimUsers >> 3)) }],
        0,
        100,
      ),
    );
    // Entra ID keeping a large group (testing/scale-seed.ts) in step: a PATCH that adds one user, then one that removes it again, as the
    // SCIM route applies them (groups.ts patchMembers), against a read of the group's whole member list: what
    // every such PATCH read, twice, when it was applied to the whole resource.
    const connection = await context.scim.connections.find(connectionId);
    const member = [{ value: 'seed-scim-1' }];
    results['SCIM: large group, member PATCH in and out'] = await timed(async () => {
      for (const step of [
        { op: 'add', members: member },
        { op: 'remove', id: 'seed-scim-1' },
      ])
        if (!(await context.scim.groups.patchMembers(connection, SEEDED_SCIM_GROUP, [step])))
          throw new Error('the member PATCH was not applied as a change of members');
    });
    // The same two PATCHes applied to the whole resource, as every PATCH that is not a change of members alone
    // still is: the group rendered with its members, patched, read back and replaced.
    const wholeResourcePatch = async (/** @type {Record<string, unknown>} */ operation) => {
      const group = await context.scim.groups.get(connection, SEEDED_SCIM_GROUP);
      const members = (await context.scim.groups.members([group.id])).get(group.id) ?? [];
      const patched = applyPatch(
        groupResource('https://bench.example/scim/v2', group, members),
        { schemas: [PATCH_OP_SCHEMA], Operations: [operation] },
        { core: GROUP_ATTRIBUTES, extensions: new Map(), readOnly: new Set() },
        GROUP_SCHEMA,
      );
      await context.scim.groups.replace(connection, group.id, readGroup(patched));
    };
    results['SCIM: large group, the same applied to the whole group'] = await timed(
      async () => {
        await wholeResourcePatch({ op: 'add', path: 'members', value: member });
        await wholeResourcePatch({ op: 'remove', path: 'members[value eq "seed-scim-1"]' });
      },
      Math.min(samples, 20),
    );
    results["SCIM: large group's whole member list"] = await timed(
      () => context.scim.groups.members([SEEDED_SCIM_GROUP]),
      Math.min(samples, 20),
    );
  }
  // What GET /admin/clients reads: one page by keyset, each client with its secret's metadata, in one statement.
  const { registry } = context.clients;
  const halfway = Math.max(1, Math.floor(counts.clients / 2));
  results['admin clients: first page'] = await timed(() =>
    registry.page({ search: '', after: null, limit: 50 }),
  );
  results['admin clients: page half-way (keyset)'] = await timed(() =>
    registry.page({
      search: '',
      after: { name: `Seeded client ${halfway}`, id: `seed-c-${halfway}` },
      limit: 50,
    }),
  );
  results['admin clients: substring "client 1234"'] = await timed(() =>
    registry.page({ search: 'client 1234', after: null, limit: 50 }),
  );
  await running.close();
  return results;
}

/**
 * Least-squares slope of `y` against `x`. @param {{x: number, y: number}[]} points
 */
function slope(points) {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxy = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

/**
 * Streams the whole audit log through the export's reader, each event written as the CSV export writes it, and
 * samples the memory the process retains: every `exportSample` events (and after the last) a forced full collection, then `heapUsed` (and `external`: an embedded database's WebAssembly memory) over
 * the baseline taken the same way before the first page. What a buffering reader would keep grows with the events
 * streamed; garbage does not survive a full collection, so constant memory shows as a slope near zero.
 * @param {Target} target
 */
async function auditExport(target) {
  const running = await serverOn(target);
  const retained = () => {
    gc();
    const { heapUsed, external } = process.memoryUsage();
    return { heapUsed, external };
  };
  const baseline = retained();
  /** @type {{events: number, heapMb: number, externalMb: number}[]} */
  const samples = [];
  const sample = (/** @type {number} */ at) => {
    const now = retained();
    samples.push({
      events: at,
      heapMb: Number(((now.heapUsed - baseline.heapUsed) / 2 ** 20).toFixed(2)),
      externalMb: Number(((now.external - baseline.external) / 2 ** 20).toFixed(2)),
    });
  };
  let events = 0;
  let bytes = 0;
  let gcSeconds = 0;
  const start = process.hrtime.bigint();
  const stream = running.server.context.audit.stream({});
  for await (const event of stream) {
    bytes += csvRow(event).length;
    events += 1;
    if (events % exportSample === 0) {
      const gcStart = process.hrtime.bigint();
      sample(events);
      gcSeconds += since(gcStart);
    }
  }
  // The end, unless the last page ended on a sample.
  if (events % exportSample !== 0) sample(events);
  const seconds = since(start) - gcSeconds;
  await running.close();
  const heapSlope = slope(samples.map((s) => ({ x: s.events, y: s.heapMb })));
  return {
    events,
    csvMb: bytes / 2 ** 20,
    seconds,
    eventsPerSecond: events / seconds,
    collections: samples.length,
    baselineHeapMb: baseline.heapUsed / 2 ** 20,
    maxRetainedHeapGrowthMb: Math.max(...samples.map((s) => s.heapMb)),
    maxRetainedExternalGrowthMb: Math.max(...samples.map((s) => s.externalMb)),
    /** Retained heap growth per million events streamed, least squares over the samples. */
    heapSlopeMbPerMillionEvents: heapSlope * 1e6,
    samples,
  };
}

const GROWING = ['users', 'sessions', 'grants', 'refresh_tokens', 'authorization_codes', 'audit_events'];

/** @param {Target} target */
async function rowCounts(target) {
  /** @type {Record<string, number>} */
  const rows = {};
  const database = await openTarget(target);
  try {
    await database.withConnection(async (connection) => {
      for (const table of GROWING) {
        const [{ n }] = await connection.query(`select count(*)::bigint as n from ${table}`);
        rows[table] = Number(n);
      }
    });
  } finally {
    await database.close();
  }
  return rows;
}

/** One housekeeping run over the seeded backlog. @param {Target} target */
async function housekeeping(target) {
  const before = await rowCounts(target);
  const running = await serverOn(target);
  const start = process.hrtime.bigint();
  const run = await running.server.context.housekeeping.runOnce();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await running.close();
  return { seconds, run, before, after: await rowCounts(target) };
}

/**
 * Runs a bench script of this directory on the target's database; fails when it fails.
 * @param {string} script
 * @param {string[]} args
 * @param {Target} target
 */
function runScript(script, args, target) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(BENCH_DIR, script), ...args], {
      env: targetEnv(target),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

/** run.mjs against the target's database, Tessera only; its JSON results. @param {Target} target */
async function protocol(target) {
  const json = join(mkdtempSync(join(tmpdir(), 'tessera-scale-run-')), 'run.json');
  await runScript(
    'run.mjs',
    [
      '--targets=tessera',
      '--connections=10',
      `--duration=${options.duration}`,
      `--scenarios=${options.scenarios}`,
      `--json=${json}`,
    ],
    target,
  );
  return JSON.parse(readFileSync(json, 'utf8'));
}

/** The protocol scenarios both counts cover (bench/protocol-phases.mjs, bench/instructions.mjs). */
const COUNTED = ['code_exchange', 'refresh', 'client_credentials', 'introspection', 'userinfo'];
const scenarios = options.scenarios.split(',');

/**
 * PostgreSQL's work per protocol operation on the target (pg_stat_statements of its database): a Tessera node on
 * it runs each scenario once uncounted (caches, buffers warm), then once counted; null when the server has no
 * pg_stat_statements loaded.
 * @param {Target} target
 */
async function statementCounts(target) {
  const admin = new pg.Client({ connectionString: /** @type {string} */ (target.url) });
  await admin.connect();
  try {
    try {
      await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await admin.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    } catch (error) {
      console.log(`no statement counts: ${/** @type {Error} */ (error).message}`);
      return null;
    }
    const node = await startTesseraNode({
      label: `tessera ${target.name}`,
      env: { DATABASE_URL: /** @type {string} */ (target.url), TESSERA_KEK: KEK, BENCH_PROBE: '1' },
    });
    const http = createHttpClient(16);
    try {
      const { ready } = node;
      const probeUrl = /** @type {string} */ (ready.probeUrl);
      const flows = await prepareFlows(ready, http, { userCount: 10 });
      const phases = await protocolPhases({
        ready,
        http,
        flows,
        operations: countedOperations,
        signIns: 1,
        concurrency: 4,
      });
      /** @type {Record<string, any>} */
      const results = {};
      for (const phase of phases.filter((candidate) => scenarios.includes(candidate.name))) {
        await phase.before?.();
        await phase.run();
        await phase.before?.();
        await settle(probeUrl);
        await resetStatementStats(admin);
        const before = await readCounters(probeUrl);
        await phase.run();
        await settle(probeUrl);
        const stats = await readStatementStats(admin);
        const after = await readCounters(probeUrl);
        const sent =
          Object.values(after.statements).reduce((sum, n) => sum + n, 0) -
          Object.values(before.statements).reduce((sum, n) => sum + n, 0);
        const per = (/** @type {number} */ value) => value / phase.count;
        results[phase.name] = {
          operations: phase.count,
          statements: per(stats.calls),
          topLevelStatements: per(stats.topLevelCalls),
          statementsSent: per(sent),
          buffersHit: per(stats.buffersHit),
          buffersRead: per(stats.buffersRead),
          buffers: per(stats.buffersHit + stats.buffersRead),
          execMs: per(stats.execMs),
          top: stats.statements
            .map((row) => ({ ...row, buffers: row.shared_blks_hit + row.shared_blks_read }))
            .sort((a, b) => b.buffers - a.buffers)
            .slice(0, 20),
        };
        const result = results[phase.name];
        console.log(
          `${phase.name}: ${result.topLevelStatements.toFixed(2)} statements/op (node sent ${result.statementsSent.toFixed(2)}; ` +
            `${result.statements.toFixed(2)} with those run inside them), ` +
            `${result.buffers.toFixed(1)} buffers/op (${result.buffersRead.toFixed(2)} read), ` +
            `${result.execMs.toFixed(3)} ms PostgreSQL execution/op`,
        );
        if (options.statements)
          for (const row of result.top)
            console.log(
              `    ${row.calls} × ${row.buffers} buffers (${row.shared_blks_read} read), ${row.exec_ms.toFixed(1)} ms` +
                `${row.toplevel ? '' : ' (inside another)'}: ${row.query}`,
            );
      }
      return results;
    } finally {
      http.close();
      await node.stop();
    }
  } finally {
    await admin.end();
  }
}

/**
 * Tessera's instructions per operation on the target: bench/instructions.mjs (Tessera alone, under callgrind) with
 * the target as its DATABASE_URL; its JSON results.
 * @param {Target} target
 */
async function instructionCounts(target) {
  const counted = COUNTED.filter((name) => scenarios.includes(name));
  if (counted.length === 0) return [];
  const json = join(mkdtempSync(join(tmpdir(), 'tessera-scale-instructions-')), 'instructions.json');
  await runScript(
    'instructions.mjs',
    ['--targets=tessera', `--scenarios=${counted.join(',')}`, '--rounds=2', `--json=${json}`],
    target,
  );
  return JSON.parse(readFileSync(json, 'utf8'));
}

/** Seconds since `start` (a process.hrtime.bigint()). @param {bigint} start */
function since(start) {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * The table of the counts: per scenario, each figure on the empty and the seeded database and their ratio.
 * @param {any} report
 */
function printCounts(report) {
  const ratio = (/** @type {number} */ seededValue, /** @type {number} */ emptyValue) =>
    emptyValue > 0 ? `${(seededValue / emptyValue).toFixed(3)}×` : '';
  /** Tessera's instructions of a scenario, the mean of the rounds, in millions. @param {any[]} results @param {string} name */
  const instructions = (results, name) => {
    const rounds = (results ?? []).filter((result) => result.scenario === name);
    return rounds.length === 0
      ? Number.NaN
      : rounds.reduce((sum, result) => sum + result.instructionsPerOperation, 0) / rounds.length / 1e6;
  };
  console.log(
    '\n| scenario | statements/op (empty → seeded) | buffers/op (empty → seeded) | seeded/empty | PG exec ms/op (empty → seeded) | Tessera M instructions/op (empty → seeded) | seeded/empty |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const name of COUNTED.filter((candidate) => scenarios.includes(candidate))) {
    const e = report.empty.statementCounts?.[name];
    const s = report.seeded.statementCounts?.[name];
    const ei = instructions(report.empty.instructions, name);
    const si = instructions(report.seeded.instructions, name);
    console.log(
      `| ${name} | ${e ? `${e.topLevelStatements.toFixed(2)} → ${s.topLevelStatements.toFixed(2)}` : ''} | ` +
        `${e ? `${e.buffers.toFixed(1)} → ${s.buffers.toFixed(1)}` : ''} | ${e ? ratio(s.buffers, e.buffers) : ''} | ` +
        `${e ? `${e.execMs.toFixed(3)} → ${s.execMs.toFixed(3)}` : ''} | ` +
        `${Number.isNaN(ei) ? '' : `${ei.toFixed(2)} → ${si.toFixed(2)}`} | ${Number.isNaN(ei) ? '' : ratio(si, ei)} |`,
    );
  }
}

const suffix = options.reuse ?? randomBytes(4).toString('hex');
const empty = targetNamed(`tessera_scale_empty_${suffix}`);
const seeded = targetNamed(`tessera_scale_seeded_${suffix}`);
if (!embedded && !options.reuse) {
  await withClient(async (client) => {
    if (!exportOnly) await client.query(`create database ${empty.name}`);
    await client.query(`create database ${seeded.name}`);
  });
}
console.log(
  `${options.database} databases: ${exportOnly ? '' : `${empty.url ?? empty.dataDir}, `}${seeded.url ?? seeded.dataDir}; ` +
    `${options.reuse ? 'seeded before' : 'seeding'} ${JSON.stringify(counts)}` +
    `${options.keep ? `; kept, with TESSERA_KEK=${KEK}` : ''}`,
);
try {
  // Migrate both (a server start does), and give each a SCIM connection to filter in.
  const connectionId = `seed-scim-connection-${suffix}`;
  let seedSeconds = null;
  if (!options.reuse) {
    for (const target of exportOnly ? [seeded] : [empty, seeded]) {
      const running = await serverOn(target);
      await running.close();
      const database = await openTarget(target);
      await database.withConnection(async (connection) => {
        await connection.exec(
          `insert into organizations (id, name, slug) values ('seed-org', 'Seeded', 'seeded')`,
        );
        await connection.exec(
          `insert into scim_connections (id, name, organization_id) values ('${connectionId}', 'Seeded IdP', 'seed-org')`,
        );
      });
      await database.close();
    }
    const seedStart = process.hrtime.bigint();
    const database = await openTarget(seeded);
    await database.withConnection(async (connection) => {
      for (const statement of scaleSeedStatements(counts, connectionId)) {
        const start = process.hrtime.bigint();
        await connection.exec(statement);
        console.log(`  ${since(start).toFixed(1)} s  ${statement.trim().split('\n')[0].slice(0, 60)}`);
      }
    });
    await database.close();
    seedSeconds = since(seedStart);
    console.log(`seeded in ${seedSeconds.toFixed(0)} s`);
  }

  const measureStart = process.hrtime.bigint();
  /** @type {any} */
  const report = { database: options.database, counts, seedSeconds, empty: {}, seeded: {} };
  for (const [label, target] of exportOnly
    ? []
    : /** @type {const} */ ([
        ['empty', empty],
        ['seeded', seeded],
      ])) {
    if (!options['protocol-only']) {
      console.log(`\n== ${label} database: admin and SCIM operations`);
      report[label].admin = await adminOperations(target, connectionId, label === 'seeded');
      console.table(report[label].admin);
    }
    console.log(`\n== ${label} database: protocol scenarios`);
    report[label].protocol = await protocol(target);
    if (!embedded) {
      console.log(`\n== ${label} database: PostgreSQL's work per protocol operation`);
      report[label].statementCounts = await statementCounts(target);
    }
    if (options.instructions) {
      console.log(`\n== ${label} database: Tessera's instructions per protocol operation`);
      report[label].instructions = await instructionCounts(target);
    }
  }
  if (report.empty.statementCounts || options.instructions) printCounts(report);
  if (!options['protocol-only']) {
    console.log('\n== seeded database: audit export');
    report.export = await auditExport(seeded);
    const { samples: exportSamples, ...exportSummary } = report.export;
    console.table(exportSamples);
    console.log(exportSummary);
  }
  if (!options['protocol-only'] && !exportOnly) {
    console.log('\n== seeded database: housekeeping over the backlog');
    report.housekeeping = await housekeeping(seeded);
    console.log(JSON.stringify(report.housekeeping, null, 2));
  }
  report.measureSeconds = since(measureStart);
  console.log(`measured in ${report.measureSeconds.toFixed(0)} s`);
  console.log(`\nREPORT ${JSON.stringify(report)}`);
} finally {
  if (!options.keep) {
    if (embedded) {
      for (const target of [empty, seeded])
        rmSync(/** @type {string} */ (target.dataDir), { recursive: true, force: true });
    } else {
      await withClient(async (client) => {
        await client.query(`drop database if exists ${empty.name} with (force)`);
        await client.query(`drop database if exists ${seeded.name} with (force)`);
      });
    }
  }
  await backing?.close();
}
