/**
 * `npm run bench:scale-out`: one node against two on one PostgreSQL and Redis, with the same load, and a
 * redemption race across the two nodes under that load.
 *
 * Two Tessera processes (bench/tessera-server.mjs) on 127.0.0.1 share a fresh database, Redis, the key-encryption
 * key and the issuer (the second node serves the first one's issuer on a port of its own; the load generator
 * sends each request to its node directly, no load balancer in between). For each scenario:
 *   1 node:  `--connections` workers against node A for `--duration` seconds;
 *   2 nodes: the same number of workers, half against A and half against B, at the same time;
 * and the server CPU per completed operation of each node (from /proc/<pid>/stat, as in bench/run.mjs). The
 * issue's target: a node's CPU per request with two nodes within 10 % of the single node's (nothing serialised
 * on a shared lock, no per-request cross-node chatter). CPU figures are only meaningful on an otherwise idle
 * machine (the "other load" column says how idle it was).
 *
 * The race (`--race-codes` codes and as many refresh tokens): while refresh load runs on both nodes, each
 * authorization code is redeemed `--race-parallel` times at once, alternately on A and B, and each refresh token
 * presented as many times at once; afterwards exactly one redemption of each must have succeeded (the others
 * `invalid_grant`), and the database must hold exactly one grant per code. The race's result does not depend on
 * the machine being idle: it is a correctness check.
 *
 * Options:
 *   --connections=8        workers in each measurement (split between the nodes in the two-node one)
 *   --duration=10          seconds per measurement
 *   --warmup=2             seconds of load on both nodes before each scenario's measurements (not measured)
 *   --scenarios=client_credentials,refresh,sign_in
 *   --race-codes=50        codes (and refresh tokens) raced; 0 skips the race
 *   --race-parallel=6      simultaneous redemptions of each
 *   --race-only            skip the CPU measurements
 *   --private, --database-url=URL, --redis-url=URL   as in bench/capacity.mjs
 *   --json=FILE
 * Exit status 1 when the race finds a code or token redeemed other than exactly once, or any operation fails.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { reusableSupply, runFlowLoad } from './flow-load.mjs';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import { runLoad } from './measure.mjs';
import { openBacking, reroutedClient, startTesseraNode } from './nodes.mjs';
import { listOf } from './options.mjs';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    scenarios: { type: 'string', default: 'client_credentials,refresh,sign_in' },
    'race-codes': { type: 'string', default: '50' },
    'race-parallel': { type: 'string', default: '6' },
    'race-only': { type: 'boolean', default: false },
    private: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    json: { type: 'string' },
  },
});
const connections = Math.floor(Number(options.connections));
const durationSeconds = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const raceCodes = Math.floor(Number(options['race-codes']));
const raceParallel = Math.floor(Number(options['race-parallel']));
if (!(connections >= 2) || connections % 2 !== 0) throw new Error('--connections must be an even number ≥ 2');
if (!(durationSeconds > 0) || !(warmupSeconds >= 0))
  throw new Error('--duration must be positive, --warmup ≥ 0');
if (!(raceCodes >= 0) || !(raceParallel >= 2)) throw new Error('--race-codes ≥ 0 and --race-parallel ≥ 2');
const SCENARIOS = ['client_credentials', 'refresh', 'sign_in'];
const scenarios = options['race-only'] ? [] : listOf('scenario', options.scenarios, SCENARIOS);
const REDIRECT_URI = 'https://rp.example/cb';
const MAX_OPERATIONS = 2_000_000;
/** Items (codes, refresh tokens) raced at the same time, each presented `--race-parallel` times at once. */
const RACE_BATCH = 4;

const backing = await openBacking({
  privateCluster: options.private,
  databaseUrl: options['database-url'],
  redisUrl: options['redis-url'],
});
/** @type {import('./nodes.mjs').TesseraNode[]} */
const nodes = [];
let exitCode = 1;
try {
  const shared = {
    DATABASE_URL: backing.databaseUrl,
    REDIS_URL: backing.redisUrl,
    TESSERA_KEK: randomBytes(32).toString('base64url'),
  };
  // A first (it migrates and seeds), then B on the same database and issuer.
  nodes.push(await startTesseraNode({ label: 'node A', env: shared }));
  const a = nodes[0].ready;
  nodes.push(
    await startTesseraNode({
      label: 'node B',
      env: { ...shared, BENCH_SEED: '0', TESSERA_BASE_URL: a.publicUrl },
    }),
  );
  const b = nodes[1].ready;
  console.log(
    `${a.server}: node A pid ${a.pid} ${a.publicUrl}, node B pid ${b.pid} ${b.publicUrl} (issuer ${a.publicUrl})`,
  );

  /** A client for node `which` (requests named for the issuer go to that node's port). */
  const clientFor = (/** @type {'A' | 'B'} */ which, /** @type {number} */ sockets) => {
    const client = createHttpClient(sockets);
    return which === 'A' ? client : reroutedClient(client, a.publicUrl, b.publicUrl);
  };
  const setup = createHttpClient(16);
  const userCount = Math.max(connections, 4);
  const flows = await prepareFlows(a, setup, { userCount });
  // Node B must answer for the issuer too: discovery through it names A's issuer.
  const discoveryB = await (await fetch(`${b.publicUrl}/.well-known/openid-configuration`)).json();
  if (discoveryB.issuer !== a.publicUrl) throw new Error(`node B's issuer is ${discoveryB.issuer}`);
  const tokenPath = new URL(discoveryB.token_endpoint).pathname;
  const clientAuth = `Basic ${Buffer.from(`${encodeURIComponent(a.clientId)}:${encodeURIComponent(a.clientSecret)}`).toString('base64')}`;
  const form = { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' };

  /** @type {any[]} */
  const measurements = [];
  /** @type {string[]} */
  const failures = [];

  /**
   * One node's share of a measurement.
   * @param {string} name
   * @param {'A' | 'B'} which
   * @param {number} workers
   * @param {any[]} items the chains or users this node's workers use
   * @param {number} [seconds]
   */
  const loadOn = async (name, which, workers, items, seconds = durationSeconds) => {
    const ready = which === 'A' ? a : b;
    if (name === 'client_credentials') {
      return runLoad({
        pid: ready.pid,
        connections: workers,
        durationSeconds: seconds,
        maxRequests: MAX_OPERATIONS,
        url: `${ready.publicUrl}${tokenPath}`,
        method: 'POST',
        headers: form,
        body: 'grant_type=client_credentials&scope=api',
      });
    }
    const client = clientFor(which, workers);
    try {
      return await runFlowLoad({
        pid: ready.pid,
        connections: workers,
        durationSeconds: seconds,
        maxOperations: MAX_OPERATIONS,
        supply: reusableSupply(items),
        operation: (item) => (name === 'refresh' ? flows.refresh(client, item) : flows.signIn(client, item)),
      });
    } finally {
      client.close();
    }
  };

  for (const name of scenarios) {
    // Refresh chains are one-use per answer: each measurement gets fresh ones.
    const itemsFor = async () =>
      name === 'refresh' ? await flows.openChains(setup, connections) : name === 'sign_in' ? flows.users : [];
    const half = connections / 2;
    /** @param {any[]} items @param {number} [seconds] */
    const onBoth = (items, seconds) =>
      Promise.all([
        loadOn(name, 'A', half, items.slice(0, Math.ceil(items.length / 2)), seconds),
        loadOn(name, 'B', half, items.slice(Math.ceil(items.length / 2)), seconds),
      ]);
    // Both nodes warmed up (JIT, caches, connection pools) before either is measured.
    if (warmupSeconds > 0) await onBoth(await itemsFor(), warmupSeconds);
    const single = await loadOn(name, 'A', connections, await itemsFor());
    const items = await itemsFor();
    const [onA, onB] = await onBoth(items);
    for (const [label, run] of /** @type {const} */ ([
      ['1 node: A', single],
      ['2 nodes: A', onA],
      ['2 nodes: B', onB],
    ])) {
      if (run.non2xx + run.errors > 0)
        failures.push(
          `${name} ${label}: ${run.non2xx} unexpected statuses, ${run.errors} errors ${JSON.stringify(/** @type {any} */ (run).problems ?? run.statusCodes)}`,
        );
      measurements.push({ scenario: name, run: label, ...run, problems: undefined });
    }
    const twoNodeMicros =
      (onA.serverCpuMicrosPerRequest * onA.requests + onB.serverCpuMicrosPerRequest * onB.requests) /
      (onA.requests + onB.requests);
    measurements.push({
      scenario: name,
      run: 'ratio',
      ratio: twoNodeMicros / single.serverCpuMicrosPerRequest,
    });
  }
  if (scenarios.length > 0) {
    console.log('');
    console.log('| scenario | run | ops | ops/s | server µs/op | server cores | other load (cores) |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const m of measurements) {
      if (m.run === 'ratio') continue;
      console.log(
        `| ${m.scenario} | ${m.run} | ${m.requests} | ${m.requestsPerSecond.toFixed(0)} | ${m.serverCpuMicrosPerRequest.toFixed(0)} | ${m.serverCoreShare.toFixed(2)} | ${m.otherCoreShare.toFixed(2)} |`,
      );
    }
    for (const m of measurements) {
      if (m.run !== 'ratio') continue;
      console.log(
        `${m.scenario}: CPU per op with 2 nodes / 1 node = ${m.ratio.toFixed(2)} (target ≤ 1.10: ${m.ratio <= 1.1 ? 'met' : 'missed'}; only meaningful on an idle machine)`,
      );
    }
  }

  /** @type {any} */
  let race = null;
  if (raceCodes > 0) {
    race = await runRace();
    console.log('');
    console.log(
      `race under load: ${raceCodes} codes × ${raceParallel} simultaneous redemptions across A and B: ` +
        `${race.codes.exactlyOnce}/${raceCodes} redeemed exactly once, statuses ${JSON.stringify(race.codes.statuses)}, ` +
        `grants created ${race.codes.grantsCreated} (expected ${raceCodes})`,
    );
    console.log(
      `race under load: ${raceCodes} refresh tokens × ${raceParallel} simultaneous refreshes across A and B: ` +
        `${race.refresh.exactlyOnce}/${raceCodes} used exactly once, statuses ${JSON.stringify(race.refresh.statuses)}`,
    );
    console.log(
      `background refresh load during the race: ${race.load.A.requests} + ${race.load.B.requests} refreshes, ` +
        `${race.load.A.non2xx + race.load.B.non2xx + race.load.A.errors + race.load.B.errors} failed`,
    );
    const good =
      race.codes.exactlyOnce === raceCodes &&
      race.refresh.exactlyOnce === raceCodes &&
      race.codes.grantsCreated === raceCodes &&
      race.codes.unexpected.length + race.refresh.unexpected.length === 0;
    if (!good)
      failures.push(
        `race: ${JSON.stringify({ codes: race.codes.unexpected, refresh: race.refresh.unexpected })}`,
      );
    console.log(
      `race: ${good ? 'PASS' : 'FAIL'} (exactly one success per code and per refresh token; every loser invalid_grant)`,
    );
  }
  setup.close();

  if (options.json) {
    writeFileSync(
      options.json,
      `${JSON.stringify({ date: new Date().toISOString(), server: a.server, connections, durationSeconds, measurements, race }, null, 2)}\n`,
    );
  }
  if (failures.length > 0) {
    console.log('');
    console.log(`FAILED: ${failures.length}`);
    for (const failure of failures) console.log(`  ${failure}`);
  } else exitCode = 0;

  /**
   * The redemption race, with refresh load on both nodes for as long as it lasts.
   */
  async function runRace() {
    const raceChains = await flows.openChains(setup, raceCodes);
    const loadChains = await flows.openChains(setup, connections);
    let raceDone = false;
    /** Background refresh load on one node until the race is over. @param {'A' | 'B'} which @param {any[]} chains */
    const background = async (which, chains) => {
      const client = clientFor(which, connections / 2);
      const ready = which === 'A' ? a : b;
      try {
        /** @type {any} */
        let total = { requests: 0, non2xx: 0, errors: 0 };
        while (!raceDone) {
          const run = await runFlowLoad({
            pid: ready.pid,
            connections: connections / 2,
            durationSeconds: 1,
            maxOperations: MAX_OPERATIONS,
            supply: reusableSupply(chains),
            operation: (chain) => flows.refresh(client, chain),
          });
          total = {
            requests: total.requests + run.requests,
            non2xx: total.non2xx + run.non2xx,
            errors: total.errors + run.errors,
          };
        }
        return total;
      } finally {
        client.close();
      }
    };
    const half = Math.ceil(loadChains.length / 2);
    const loads = Promise.all([
      background('A', loadChains.slice(0, half)),
      background('B', loadChains.slice(half)),
    ]);
    // Sockets enough for RACE_BATCH items' presentations at once on each node, so none waits for a socket.
    const sockets = RACE_BATCH * Math.ceil(raceParallel / 2);
    const racers = { A: clientFor('A', sockets), B: clientFor('B', sockets) };
    const tokenUrl = `${a.publicUrl}${tokenPath}`;
    const grantsBefore = await countGrants();
    /**
     * Presents one body `raceParallel` times at once, alternately to A and B; tallies the answers.
     * @param {string} body
     */
    const presentAtOnce = (body) =>
      Promise.all(
        Array.from({ length: raceParallel }, (_, index) =>
          racers[index % 2 === 0 ? 'A' : 'B'].send(tokenUrl, { method: 'POST', headers: form, body }).then(
            (answer) => ({
              status: answer.status,
              error: answer.status === 200 ? null : safeError(answer.body),
            }),
            (error) => ({ status: 0, error: String(error.message) }),
          ),
        ),
      );
    /**
     * Races `count` items RACE_BATCH at a time (each item's presentations all at once), each batch made just
     * before it is raced (an authorization code lives 60 s), so that the last item's race happens under the same
     * conditions as the first's.
     * @template T
     * @param {number} count
     * @param {(size: number, start: number) => Promise<T[]>} makeBatch
     * @param {(item: T) => string} bodyOf
     */
    const raceAll = async (count, makeBatch, bodyOf) => {
      /** @type {{ status: number, error: string | null }[][]} */
      const outcomes = [];
      for (let start = 0; start < count; start += RACE_BATCH) {
        const batch = await makeBatch(Math.min(RACE_BATCH, count - start), start);
        outcomes.push(...(await Promise.all(batch.map((item) => presentAtOnce(bodyOf(item))))));
      }
      return tally(outcomes);
    };
    const codes_ = await raceAll(
      raceCodes,
      (size) => flows.mintCodes(setup, size),
      (code) =>
        new URLSearchParams({
          grant_type: 'authorization_code',
          code: code.code,
          redirect_uri: REDIRECT_URI,
          code_verifier: code.verifier,
        }).toString(),
    );
    const grantsCreated = (await countGrants()) - grantsBefore;
    const refresh_ = await raceAll(
      raceCodes,
      async (size, start) => raceChains.slice(start, start + size),
      (chain) => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: chain.token }).toString(),
    );
    raceDone = true;
    const [loadA, loadB] = await loads;
    racers.A.close();
    racers.B.close();
    if (loadA.non2xx + loadA.errors + loadB.non2xx + loadB.errors > 0)
      failures.push('race: background load failed');
    return { codes: { ...codes_, grantsCreated }, refresh: refresh_, load: { A: loadA, B: loadB } };
  }
} catch (error) {
  console.error(`scale-out bench failed: ${/** @type {Error} */ (error).stack ?? error}`);
} finally {
  for (const node of nodes.reverse()) await node.stop();
  await backing.close();
}
process.exit(exitCode);

/** The grants in the run's database (the race's code redemptions each create one; refresh load creates none). */
async function countGrants() {
  const { rows } = await backing.admin.query('SELECT count(*)::int AS n FROM grants');
  return /** @type {number} */ (rows[0].n);
}

/** @param {string} body */
function safeError(body) {
  try {
    return String(JSON.parse(body).error);
  } catch {
    return 'not JSON';
  }
}

/**
 * Counts the answers to every item's simultaneous redemptions: items with exactly one 200, answers by status and
 * error, and the items that broke the rule (no winner, several, or a loser that was not invalid_grant).
 * @param {{ status: number, error: string | null }[][]} outcomes
 */
function tally(outcomes) {
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {string[]} */
  const unexpected = [];
  let exactlyOnce = 0;
  outcomes.forEach((answers, index) => {
    let wins = 0;
    for (const answer of answers) {
      const key = answer.status === 200 ? '200' : `${answer.status} ${answer.error}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (answer.status === 200) wins += 1;
      else if (!(answer.status === 400 && answer.error === 'invalid_grant'))
        unexpected.push(`item ${index}: ${key}`);
    }
    if (wins === 1) exactlyOnce += 1;
    else unexpected.push(`item ${index}: ${wins} successes`);
  });
  return { exactlyOnce, statuses, unexpected: unexpected.slice(0, 10) };
}
