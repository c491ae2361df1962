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
import { difference, openBacking, pause, probeAction, readCounters, startTesseraNode } from './nodes.mjs';

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
/** Refresh chains; each is refreshed operations / CHAINS times in turn. */
const CHAINS = 10;
/** The idle phase: how long the node is watched doing nothing. */
const IDLE_SECONDS = 5;

/**
 * Runs `task` `count` times, `concurrency` at a time; any failure fails the run.
 * @param {number} count
 * @param {(index: number) => Promise<import('./flow-load.mjs').Outcome | void>} task
 */
async function repeat(count, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const outcome = await task(next++);
        if (outcome && !outcome.ok) throw new Error(outcome.problem);
      }
    }),
  );
}

/**
 * Waits until the node's statement count stops moving (follow-up work of the last answers), at most 3 s.
 * @param {string} probeUrl
 */
async function settle(probeUrl) {
  const total = async () =>
    Object.values((await readCounters(probeUrl)).statements).reduce((sum, value) => sum + value, 0);
  let previous = await total();
  for (let attempt = 0; attempt < 15; attempt++) {
    await pause(200);
    const current = await total();
    if (current === previous) return;
    previous = current;
  }
}

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
  const discovery = await (await fetch(`${ready.publicUrl}/.well-known/openid-configuration`)).json();
  const clientAuth = `Basic ${Buffer.from(`${encodeURIComponent(ready.clientId)}:${encodeURIComponent(ready.clientSecret)}`).toString('base64')}`;
  const form = { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' };

  /**
   * One POST/GET whose answer must be 200 with `check` passing.
   * @param {string} url
   * @param {{ method?: string, headers?: Record<string, string>, body?: string }} init
   * @param {(body: any) => boolean} check
   * @param {string} what
   */
  const expectOk = async (url, init, check, what) => {
    const answer = await http.send(url, init);
    if (answer.status !== 200 || !check(JSON.parse(answer.body)))
      throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
  };
  const clientCredentials = () =>
    expectOk(
      discovery.token_endpoint,
      { method: 'POST', headers: form, body: 'grant_type=client_credentials&scope=api' },
      (body) => typeof body.access_token === 'string',
      'client credentials',
    );
  const introspectedToken = await (async () => {
    const answer = await http.send(discovery.token_endpoint, {
      method: 'POST',
      headers: form,
      body: 'grant_type=client_credentials&scope=api',
    });
    return JSON.parse(answer.body).access_token;
  })();

  /**
   * @typedef {object} Phase
   * @property {string} name
   * @property {number} count operations in the phase (per-operation figures divide by it)
   * @property {string} unit what one operation is
   * @property {() => Promise<unknown>} run
   * @property {() => Promise<unknown>} [before] preparation, outside the counted window
   */
  /** What the last housekeeping phase purged, by table. @type {Record<string, number>} */
  let housekeepingPurged = {};
  /**
   * One housekeeping run as if `hours` had passed: after 25 h every short-lived row (pending request, code, login
   * state) is past its retention; after 400 days sessions and refresh-token families have ended too.
   * @param {string} name
   * @param {number} hours
   * @returns {Phase}
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
  /** @type {import('./flows.mjs').MintedCode[]} */
  let codes = [];
  /** @type {import('./flows.mjs').Chain[]} */
  let chains = [];
  /** @type {Phase[]} */
  const phases = [
    { name: 'idle', count: IDLE_SECONDS, unit: 'second', run: () => pause(IDLE_SECONDS * 1000) },
    {
      name: 'key_maintenance',
      count: 1,
      unit: 'run (every 30 s per node)',
      run: () => probeAction(probeUrl, '/key-maintenance'),
    },
    {
      name: 'client_credentials',
      count: operations,
      unit: 'token',
      run: () => repeat(operations, clientCredentials),
    },
    {
      name: 'introspection',
      count: operations,
      unit: 'request',
      run: () =>
        repeat(operations, () =>
          expectOk(
            discovery.introspection_endpoint,
            {
              method: 'POST',
              headers: form,
              body: new URLSearchParams({ token: introspectedToken }).toString(),
            },
            (body) => body.active === true,
            'introspection',
          ),
        ),
    },
    {
      name: 'userinfo',
      count: operations,
      unit: 'request',
      run: () =>
        repeat(operations, () =>
          expectOk(
            discovery.userinfo_endpoint,
            { headers: { authorization: `Bearer ${ready.userAccessToken}` } },
            (body) => typeof body.sub === 'string',
            'userinfo',
          ),
        ),
    },
    {
      name: 'authorize_signed_in',
      count: operations,
      unit: 'code (signed-in browser, consent remembered)',
      run: async () => {
        codes = await flows.mintCodes(http, operations);
      },
    },
    {
      name: 'code_exchange',
      count: operations,
      unit: 'exchange',
      run: () => repeat(operations, (index) => flows.exchange(http, codes[index])),
    },
    {
      name: 'refresh',
      count: operations,
      unit: 'refresh (rotation, reuse detection)',
      before: async () => {
        chains = await flows.openChains(http, CHAINS);
      },
      // One refresh per chain at a time: a chain's next token is the answer to its previous refresh.
      run: async () => {
        let next = 0;
        await Promise.all(
          chains.map(async (chain) => {
            while (next < operations) {
              next += 1;
              const outcome = await flows.refresh(http, chain);
              if (!outcome.ok) throw new Error(outcome.problem);
            }
          }),
        );
      },
    },
    {
      name: 'sign_in',
      count: signIns,
      unit: 'sign-in (authorize, OPAQUE approving the request, code exchange)',
      run: () => repeat(signIns, (index) => flows.signIn(http, flows.users[index % flows.users.length])),
    },
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
    if (backing.statementStats) await backing.admin.query('SELECT pg_stat_statements_reset()');
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
      // The node's statements only: this script's own counter queries are left out.
      const { rows: top } = await backing.admin.query(
        `SELECT calls, rows, wal_bytes::bigint AS wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'
            AND query NOT LIKE '%pg_wal_lsn_diff%'
          ORDER BY calls DESC, wal_bytes DESC`,
      );
      result.statementStats = {
        calls: top.reduce((sum, row) => sum + Number(row.calls), 0),
        walBytes: top.reduce((sum, row) => sum + Number(row.wal_bytes), 0),
        top: top
          .slice(0, 40)
          .map((row) => ({ ...row, calls: Number(row.calls), wal_bytes: Number(row.wal_bytes) })),
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
