/**
 * `npm run bench:capacity`: what each kind of operation costs PostgreSQL and Redis, in counts rather than time, so
 * the figures repeat on a busy machine and feed the capacity model in docs/scaling.md.
 *
 * One Tessera node (bench/tessera-server.mjs, its own process on 127.0.0.1) on a fresh PostgreSQL database and
 * Redis. Each operation kind runs alone in a phase of its own (`--operations` times, a few at a time, every answer
 * checked as in the load bench): before and after the phase the script reads
 *   - the SQL statements the node sent, by command tag, the rows its INSERTs, UPDATEs and DELETEs affected, and
 *     its committed write transactions (counted inside the node from node-postgres' answers: bench/probe.mjs),
 *   - the WAL position (pg_wal_lsn_diff of pg_current_wal_lsn()),
 *   - Redis' per-command call counts (INFO commandstats),
 * and prints them per operation. The node's background timers (housekeeping, signing-key maintenance) are off
 * during the phases and measured in phases of their own, beside the idle node's own traffic, so every statement
 * is accounted: `housekeeping_25h` purges what the operations before it left behind as if 25 hours had passed
 * (past every short-lived row's retention), `housekeeping_400d` what is left once sessions and refresh-token
 * families have ended too.
 *
 * Options:
 *   --operations=200     operations per phase (sign-ins: a quarter of it, at least 10)
 *   --concurrency=4      operations in flight at once
 *   --private            a private PostgreSQL cluster (pg_stat_statements loaded, no autovacuum, no checkpoint in
 *                        the run) and Redis of its own: clean WAL and Redis figures on a shared machine
 *                        (needs initdb and postgres in PG_BIN, default /usr/lib/postgresql/15/bin, and
 *                        redis-server on the PATH; as root, the cluster runs as the postgres user)
 *   --database-url=URL   the PostgreSQL server to make the fresh database on (default postgres://postgres@127.0.0.1:5432/postgres)
 *   --redis-url=URL      (default redis://127.0.0.1:6379)
 *   --statements         print each phase's statements from pg_stat_statements (with --private)
 *   --json=FILE          also write the figures as JSON
 * Without --private, WAL and Redis figures include whatever else uses those servers at the time.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import {
  difference,
  openBacking,
  pause,
  probeAction,
  readCounters,
  readStatementStats,
  resetStatementStats,
  startTesseraNode,
} from './nodes.mjs';
import { protocolPhases, settle } from './protocol-phases.mjs';

const { values: options } = parseArgs({
  options: {
    operations: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    private: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    statements: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const operations = Math.floor(Number(options.operations));
const concurrency = Math.floor(Number(options.concurrency));
if (!(operations >= 1) || !(concurrency >= 1)) throw new Error('--operations and --concurrency must be ≥ 1');
const signIns = Math.max(10, Math.floor(operations / 4));
/** Users who sign in (each several times) and whose sessions mint the codes. */
const USERS = 10;
/** The idle phase: how long the node is watched doing nothing. */
const IDLE_SECONDS = 5;

/** The tables the operations add rows to (the audit log aside: it is kept). */
const GROWING_TABLES = [
  'authorization_requests',
  'opaque_logins',
  'sessions',
  'authorization_codes',
  'grants',
  'refresh_tokens',
  'audit_events',
];

/**
 * Rows and average tuple size of each growing table (pg_column_size of the whole row: its data, not the page or
 * index overhead).
 */
async function tableFootprint() {
  const footprint = [];
  for (const table of GROWING_TABLES) {
    const { rows } = await backing.admin.query(
      `SELECT count(*)::int AS rows, coalesce(avg(pg_column_size(t.*)), 0)::float AS bytes FROM ${table} t`,
    );
    footprint.push({ table, rows: rows[0].rows, tupleBytes: rows[0].bytes });
  }
  return footprint;
}

const backing = await openBacking({
  privateCluster: options.private,
  databaseUrl: options['database-url'],
  redisUrl: options['redis-url'],
});
/** @type {import('./nodes.mjs').TesseraNode | null} */
let node = null;
let exitCode = 1;
try {
  node = await startTesseraNode({
    label: 'tessera',
    env: {
      DATABASE_URL: backing.databaseUrl,
      REDIS_URL: backing.redisUrl,
      BENCH_PROBE: '1',
      TESSERA_LOG_LEVEL: 'warn',
    },
  });
  const { ready } = node;
  const probeUrl = /** @type {string} */ (ready.probeUrl);
  const http = createHttpClient(Math.max(concurrency, 16));
  const flows = await prepareFlows(ready, http, { userCount: USERS });
  const protocol = await protocolPhases({ ready, http, flows, operations, signIns, concurrency });
  /** What the last housekeeping phase purged, by table. @type {Record<string, number>} */
  let housekeepingPurged = {};
  /**
   * One housekeeping run as if `hours` had passed: after 25 h every short-lived row (pending request, code, login
   * state) is past its retention; after 400 days sessions and refresh-token families have ended too.
   * @param {string} name
   * @param {number} hours
   * @returns {import('./protocol-phases.mjs').Phase}
   */
  const housekeepingPhase = (name, hours) => ({
    name,
    count: 1,
    unit: `run (as if ${hours} h later)`,
    run: async () => {
      const result = await probeAction(probeUrl, `/housekeeping?hours=${hours}`);
      if (result.outcome !== 'completed') throw new Error(`housekeeping: ${JSON.stringify(result)}`);
      housekeepingPurged = result.purged;
    },
  });
  /** @type {import('./protocol-phases.mjs').Phase[]} */
  const phases = [
    { name: 'idle', count: IDLE_SECONDS, unit: 'second', run: () => pause(IDLE_SECONDS * 1000) },
    {
      name: 'key_maintenance',
      count: 1,
      unit: 'run (every 30 s per node)',
      run: () => probeAction(probeUrl, '/key-maintenance'),
    },
    ...protocol,
    housekeepingPhase('housekeeping_25h', 25),
    housekeepingPhase('housekeeping_400d', 400 * 24),
  ];

  /** @type {any[]} */
  const results = [];
  /** @type {{ table: string, rows: number, tupleBytes: number }[]} */
  let footprint = [];
  for (const phase of phases) {
    // Before housekeeping deletes anything: what the operations left in the tables that grow with them.
    if (phase.name === 'housekeeping_25h') footprint = await tableFootprint();
    await phase.before?.();
    await settle(probeUrl);
    if (backing.statementStats) await resetStatementStats(backing.admin);
    const countersBefore = await readCounters(probeUrl);
    const before = await backing.snapshot();
    await phase.run();
    await settle(probeUrl);
    const countersAfter = await readCounters(probeUrl);
    const after = await backing.snapshot();
    const { rows: walRows } = await backing.admin.query('SELECT pg_wal_lsn_diff($1, $2)::bigint AS bytes', [
      after.walLsn,
      before.walLsn,
    ]);
    // The snapshot's own INFO call is not the node's.
    const redis = difference(after.redisCalls, before.redisCalls);
    delete redis.info;
    const statements = difference(countersAfter.statements, countersBefore.statements);
    const rows = difference(countersAfter.rows, countersBefore.rows);
    /** @type {any} */
    const result = {
      phase: phase.name,
      count: phase.count,
      unit: phase.unit,
      statements,
      rowsWritten: rows,
      walBytes: Number(walRows[0].bytes),
      redisCalls: redis,
      failedStatements: countersAfter.failed - countersBefore.failed,
      writeCommits: countersAfter.writeCommits - countersBefore.writeCommits,
    };
    if (backing.statementStats) {
      const stats = await readStatementStats(backing.admin);
      result.statementStats = {
        calls: stats.calls,
        walBytes: stats.walBytes,
        top: stats.statements.slice(0, 40),
      };
    }
    if (phase.name.startsWith('housekeeping')) result.purged = housekeepingPurged;
    results.push(result);
  }
  http.close();

  console.log(
    `${ready.server} on ${backing.privateCluster ? 'a private PostgreSQL cluster (autovacuum off) and Redis' : 'a fresh database on the shared PostgreSQL and the shared Redis (WAL and Redis counts are server-wide)'}; ` +
      `${operations} operations per phase (sign-ins ${signIns}), ${concurrency} in flight`,
  );
  console.log('');
  console.log(
    '| phase | ops | statements/op | SELECT | INSERT | UPDATE | DELETE | BEGIN+COMMIT | other | rows written/op | write commits/op | WAL bytes/op | Redis cmds/op |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const per = (/** @type {number} */ value, /** @type {number} */ count) => (value / count).toFixed(2);
  for (const result of results) {
    const s = result.statements;
    const sum = (/** @type {Record<string, number>} */ map) => Object.values(map).reduce((a, b) => a + b, 0);
    const known = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'BEGIN', 'COMMIT'];
    const other = Object.entries(s)
      .filter(([key]) => !known.includes(key))
      .reduce((total, [, value]) => total + value, 0);
    console.log(
      `| ${result.phase} (per ${result.unit}) | ${result.count} | ${per(sum(s), result.count)} | ${per(s.SELECT ?? 0, result.count)} | ` +
        `${per(s.INSERT ?? 0, result.count)} | ${per(s.UPDATE ?? 0, result.count)} | ${per(s.DELETE ?? 0, result.count)} | ` +
        `${per((s.BEGIN ?? 0) + (s.COMMIT ?? 0), result.count)} | ${per(other, result.count)} | ` +
        `${per(sum(result.rowsWritten), result.count)} | ${per(result.writeCommits, result.count)} | ` +
        `${(result.walBytes / result.count).toFixed(0)} | ` +
        `${per(sum(result.redisCalls), result.count)} |`,
    );
  }
  console.log('');
  for (const result of results) {
    const redis = Object.entries(result.redisCalls)
      .map(([command, calls]) => `${command} ${per(/** @type {number} */ (calls), result.count)}`)
      .join(', ');
    const rows = Object.entries(result.rowsWritten)
      .map(([command, count]) => `${command} ${per(/** @type {number} */ (count), result.count)}`)
      .join(', ');
    const other = Object.entries(result.statements)
      .filter(([key]) => !['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'BEGIN', 'COMMIT'].includes(key))
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
    console.log(
      `${result.phase}: rows written per op by command {${rows}}; Redis per op {${redis}}` +
        `${other ? `; other statements in total {${other}}` : ''}` +
        `${result.failedStatements ? `; ${result.failedStatements} statements failed` : ''}` +
        `${result.purged ? `; purged rows ${JSON.stringify(result.purged)}` : ''}` +
        `${result.statementStats ? `; pg_stat_statements: ${result.statementStats.calls} calls, ${result.statementStats.walBytes} WAL bytes in statements` : ''}`,
    );
    if (options.statements && result.statementStats) {
      for (const row of result.statementStats.top)
        console.log(`    ${row.calls} × rows ${row.rows}, WAL ${row.wal_bytes} B: ${row.query}`);
    }
  }
  console.log('');
  console.log(
    'rows the operations left in the growing tables, and their average tuple size (pg_column_size, without page and index overhead):',
  );
  for (const { table, rows, tupleBytes } of footprint)
    console.log(`  ${table}: ${rows} rows, ${tupleBytes.toFixed(0)} B per tuple`);
  if (options.json) {
    writeFileSync(
      options.json,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          server: ready.server,
          private: backing.privateCluster,
          operations,
          results,
          footprint,
        },
        null,
        2,
      )}\n`,
    );
  }
  exitCode = 0;
} catch (error) {
  console.error(`capacity bench failed: ${/** @type {Error} */ (error).stack ?? error}`);
} finally {
  await node?.stop();
  await backing.close();
}
process.exit(exitCode);
