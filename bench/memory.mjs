/**
 * `npm run bench:memory`: whether a node's memory stays flat under a long run of the three operations that create
 * state — client-credential tokens, sign-ins and refreshes — on the embedded database and on PostgreSQL.
 *
 * One Tessera node (bench/tessera-server.mjs, its own process on 127.0.0.1, started with --expose-gc) per
 * database. It runs, in this order and each in `--samples` equal steps:
 *   100,000 client-credential tokens, 10,000 sign-ins (the whole flow: authorize, OPAQUE approving the request, code
 *   exchange), 100,000 refreshes (rotation on, each token used once),
 * all multiplied by `--scale`, every answer checked. After each step the node's resident set size is read from
 * /proc/<pid>/status (VmRSS), twice: as it is, and after a full garbage collection in the node (its control port,
 * bench/probe.mjs), with the V8 heap still used after that collection. The first figure moves with the garbage
 * collector's timing (GC noise); the heap after a full GC is what the node's JavaScript keeps (a leak shows there
 * first), and RSS after GC what the process holds from the system (V8 returns freed pages lazily). On the embedded database the database itself (PGlite) lives
 * in the node's memory: its page cache grows with the data up to its limit, and WebAssembly memory never shrinks.
 *
 * Options:
 *   --scale=1              multiplies the operation counts (0.01 for a quick check)
 *   --samples=10           RSS samples per operation kind
 *   --concurrency=8        operations in flight
 *   --databases=embedded,postgres
 *   --loads=client_credentials,sign_in,refresh   a subset, in that order
 *   --private, --database-url=URL, --redis-url=URL   the PostgreSQL run's backing, as in bench/capacity.mjs
 *   --json=FILE
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import { openBacking, probeAction, startTesseraNode } from './nodes.mjs';
import { residentBytes } from './probe.mjs';
import { refreshInTurn, repeat as repeatTask } from './protocol-phases.mjs';

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    samples: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    databases: { type: 'string', default: 'embedded,postgres' },
    loads: { type: 'string', default: 'client_credentials,sign_in,refresh' },
    private: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    json: { type: 'string' },
  },
});
const scale = Number(options.scale);
const samples = Math.floor(Number(options.samples));
const concurrency = Math.floor(Number(options.concurrency));
if (!(scale > 0) || !(samples >= 1) || !(concurrency >= 1))
  throw new Error('bad --scale, --samples or --concurrency');
const databases = options.databases.split(',');
for (const name of databases)
  if (name !== 'embedded' && name !== 'postgres') throw new Error(`unknown database ${name}`);
/** @type {Record<string, number>} */
const FULL_COUNTS = { client_credentials: 100_000, sign_in: 10_000, refresh: 100_000 };
/** The loads to run, in order, with their operation counts. @type {Record<string, number>} */
const COUNTS = {};
for (const name of options.loads.split(',')) {
  if (!(name in FULL_COUNTS)) throw new Error(`unknown load ${name}`);
  COUNTS[name] = Math.max(samples, Math.round(FULL_COUNTS[name] * scale));
}

/**
 * Runs `task` `count` times, `concurrency` at a time; any failure fails the run.
 * @param {number} count
 * @param {(index: number) => Promise<import('./flow-load.mjs').Outcome | void>} task
 */
const repeat = (count, task) => repeatTask(count, concurrency, task);

const MIB = 1024 * 1024;

/**
 * The series of one database.
 * @param {'embedded' | 'postgres'} database
 */
async function measure(database) {
  const backing =
    database === 'postgres'
      ? await openBacking({
          privateCluster: options.private,
          databaseUrl: options['database-url'],
          redisUrl: options['redis-url'],
        })
      : null;
  /** @type {import('./nodes.mjs').TesseraNode | null} */
  let node = null;
  try {
    node = await startTesseraNode({
      label: `tessera ${database}`,
      nodeArgs: ['--expose-gc'],
      env: {
        BENCH_PROBE: '1',
        ...(backing ? { DATABASE_URL: backing.databaseUrl, REDIS_URL: backing.redisUrl } : {}),
      },
    });
    const { ready } = node;
    const probeUrl = /** @type {string} */ (ready.probeUrl);
    const http = createHttpClient(Math.max(concurrency, 16));
    const flows = await prepareFlows(ready, http, { userCount: concurrency });
    const chains = await flows.openChains(http, concurrency);
    const discovery = await (await fetch(`${ready.publicUrl}/.well-known/openid-configuration`)).json();
    const form = {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(ready.clientId)}:${encodeURIComponent(ready.clientSecret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const clientCredentials = async () => {
      const answer = await http.send(discovery.token_endpoint, {
        method: 'POST',
        headers: form,
        body: 'grant_type=client_credentials&scope=api',
      });
      if (answer.status !== 200 || typeof JSON.parse(answer.body).access_token !== 'string')
        throw new Error(`client credentials: ${answer.status} ${answer.body.slice(0, 200)}`);
    };
    /** @type {Record<string, (count: number) => Promise<void>>} */
    const steps = {
      client_credentials: (count) => repeat(count, clientCredentials),
      sign_in: (count) =>
        repeat(count, (index) => flows.signIn(http, flows.users[index % flows.users.length])),
      refresh: (count) => refreshInTurn(flows, http, chains, count),
    };
    /**
     * @type {{ phase: string, done: number, rssMiB: number, rssAfterGcMiB: number, heapAfterGcMiB: number,
     *   externalAfterGcMiB: number }[]}
     */
    const series = [];
    const sample = async (/** @type {string} */ phase, /** @type {number} */ done) => {
      const rss = residentBytes(ready.pid);
      const afterGc = await probeAction(probeUrl, '/gc');
      if (!afterGc.collected) throw new Error('the node was not started with --expose-gc');
      series.push({
        phase,
        done,
        rssMiB: rss / MIB,
        rssAfterGcMiB: afterGc.rss / MIB,
        heapAfterGcMiB: afterGc.heapUsed / MIB,
        externalAfterGcMiB: afterGc.external / MIB,
      });
      console.error(
        `${database} ${phase} ${done}: RSS ${(rss / MIB).toFixed(1)} MiB, after GC ${(afterGc.rss / MIB).toFixed(1)} MiB`,
      );
    };
    await sample('start (after set-up)', 0);
    for (const [phase, total] of Object.entries(COUNTS)) {
      const step = Math.ceil(total / samples);
      for (let done = 0; done < total; ) {
        const count = Math.min(step, total - done);
        await steps[phase](count);
        done += count;
        await sample(phase, done);
      }
    }
    http.close();
    return { database: ready.server, series };
  } finally {
    await node?.stop();
    await backing?.close();
  }
}

let exitCode = 1;
try {
  /** @type {Awaited<ReturnType<typeof measure>>[]} */
  const results = [];
  for (const database of databases)
    results.push(await measure(/** @type {'embedded' | 'postgres'} */ (database)));
  for (const { database, series } of results) {
    console.log('');
    console.log(`${database}: resident set size (VmRSS), as found and after a full GC in the node`);
    console.log(
      '| after | operations | RSS MiB | RSS after GC MiB | V8 heap used after GC MiB | external after GC MiB |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const point of series)
      console.log(
        `| ${point.phase} | ${point.done} | ${point.rssMiB.toFixed(1)} | ${point.rssAfterGcMiB.toFixed(1)} | ` +
          `${point.heapAfterGcMiB.toFixed(1)} | ${point.externalAfterGcMiB.toFixed(1)} |`,
      );
    for (const phase of Object.keys(COUNTS)) {
      const points = series.filter((point) => point.phase === phase);
      // Growth over the phase after its first step (the first step warms caches and JIT code up).
      const first = points[0];
      const last = points[points.length - 1];
      console.log(
        `${phase}: from step 1 to ${points.length} (${last.done - first.done} operations) RSS after GC ` +
          `${first.rssAfterGcMiB.toFixed(1)} → ${last.rssAfterGcMiB.toFixed(1)} MiB, V8 heap after GC ` +
          `${first.heapAfterGcMiB.toFixed(1)} → ${last.heapAfterGcMiB.toFixed(1)} MiB`,
      );
    }
  }
  if (options.json)
    writeFileSync(
      options.json,
      `${JSON.stringify({ date: new Date().toISOString(), scale, results }, null, 2)}\n`,
    );
  exitCode = 0;
} catch (error) {
  console.error(`memory bench failed: ${/** @type {Error} */ (error).stack ?? error}`);
}
process.exit(exitCode);
