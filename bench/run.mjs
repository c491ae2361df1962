/**
 * `npm run bench`: starts Tessera (bench/tessera-server.mjs) and the peer, oidc-provider (bench/peer-server.mjs),
 * each as its own process on 127.0.0.1, checks every endpoint answers correctly, then runs the same bounded load
 * against both at each connection count, and prints the comparison table and the issue's targets:
 * - autocannon for the stateless requests: client credentials, introspection, userinfo, discovery, JWKS;
 * - a load loop of its own (flow-load.mjs, N concurrent workers over keep-alive connections) for the stateful
 *   ones, whose every request carries a one-use value (flows.mjs): code_exchange (codes minted ahead, each used
 *   once), refresh (rotating chains, each token used once) and sign_in (the whole sign-in of a returning user);
 *   and the key scenarios (key-flows.mjs), each request with a one-use proof or assertion signed ahead:
 *   client_credentials_dpop (a DPoP-bound token) and client_credentials_private_key_jwt (a private_key_jwt client).
 *
 * Options (all optional):
 *   --connections=10,50      connection counts, in order
 *   --duration=10            seconds per measurement (after a warm-up)
 *   --warmup=2               seconds of warm-up load before each measurement
 *   --first-warmup=10        seconds of warm-up load before a server's first measurement of a scenario: a server
 *                            fresh to a scenario is still compiling its hot paths (V8 tiers JavaScript and
 *                            WebAssembly up as they run) and sizing its heap for it; two seconds left both servers'
 *                            sign-ins 5-20 % above their steady cost, and by different amounts
 *   --max-requests=500000    cap on responses per measurement
 *   --rounds=1               repeat the whole matrix; each cell keeps its best round (highest req/s), which
 *                            is the least disturbed by other load on a shared machine; with three rounds or more
 *                            the targets are judged by the median of each round's paired ratio (report.mjs)
 *   --scenarios=a,b          subset of client_credentials,introspection,userinfo,discovery,jwks,code_exchange,
 *                            refresh,sign_in,client_credentials_dpop,client_credentials_private_key_jwt
 *                            (default: all)
 *   --targets=...            subset of servers to start and load: tessera, peer (oidc-provider in memory, a
 *                            constant-time password compare: the floor), peer-pg (oidc-provider on PostgreSQL
 *                            through bench/peer-pg-adapter.mjs; needs DATABASE_URL or BENCH_PEER_DATABASE_URL;
 *                            measured in code_exchange and refresh only), peer-argon2 (in memory, passwords
 *                            checked with Argon2id at OWASP's minimum; measured in sign_in only). Default:
 *                            tessera,peer,peer-argon2, and peer-pg when DATABASE_URL is set
 *   --quiet-wait=0           before each measurement, wait up to this many seconds for the rest of the machine
 *                            to use less than 0.25 cores (a shared machine's other jobs blur the numbers)
 *   --pin                    pin each server process to the last core and this process (the load generator) to
 *                            the first, with taskset(1), so the two never share a core and the kernel does not
 *                            migrate them: per-request CPU then repeats from run to run on a 2-core machine
 *   --profile=DIR            V8 CPU profile of the Tessera child from the end of its set-up to shutdown (the
 *                            profiler of `node --cpu-prof`, started through node:inspector so start-up and
 *                            migrations stay out), written into DIR
 *   --json=FILE              also write the raw results as JSON
 *   --strict                 exit 1 when a target is missed too
 *
 * A non-2xx answer, a connection error or a timeout (10 s) in any measurement fails the run (exit 1, listed at
 * the end, counted in the table's last column); the other measurements still run. In the stateful scenarios an
 * operation fails on any unexpected status or content of any of its answers.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { READY_PREFIX } from './child.mjs';
import { oneUseSupply, reusableSupply, runFlowLoad } from './flow-load.mjs';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import { KEY_SCENARIOS, prepareKeyFlows } from './key-flows.mjs';
import { clockTicksPerSecond, runLoad, waitForQuiet } from './measure.mjs';
import { listOf, positive, TARGETS } from './options.mjs';
import { checkTargets, comparisonTable, honestPeerTable, scenarioNotes } from './report.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SCENARIOS = /** @type {const} */ ([
  'client_credentials',
  'introspection',
  'userinfo',
  'discovery',
  'jwks',
  'code_exchange',
  'refresh',
  'sign_in',
  ...KEY_SCENARIOS,
]);
/** The scenarios driven by flow-load.mjs rather than autocannon. */
const STATEFUL = /** @type {const} */ (['code_exchange', 'refresh', 'sign_in']);
/** @typedef {(typeof STATEFUL)[number]} StatefulName */
/**
 * Codes live 60 s in both servers: a measurement's codes are those minted within this many seconds, and a
 * code-exchange measurement lasts at most CODE_MEASUREMENT_SECONDS, so the oldest code is well within its life.
 */
const CODE_MINTING_SECONDS = 20;
const CODE_MEASUREMENT_SECONDS = 20;
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * @typedef {object} Ready what a bench server prints when it is seeded and listening
 * @property {import('./options.mjs').Target} target
 * @property {string} publicUrl
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {string} userAccessToken
 * @property {number} pid
 * @property {string} server
 * @property {Record<string, string>} [introspectionTokenParameters] extra token-request parameters for the
 *   token that gets introspected (the peer introspects only opaque tokens)
 * @property {{ email: string, password: string, sub: string }[]} [users] the peer's sign-in accounts
 */

/**
 * @typedef {object} Child
 * @property {import('node:child_process').ChildProcess} process
 * @property {Ready} ready
 */

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '10,50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'first-warmup': { type: 'string', default: '10' },
    'max-requests': { type: 'string', default: '500000' },
    rounds: { type: 'string', default: '1' },
    'quiet-wait': { type: 'string', default: '0' },
    pin: { type: 'boolean', default: false },
    scenarios: { type: 'string', default: SCENARIOS.join(',') },
    targets: {
      type: 'string',
      default: `tessera,peer,peer-argon2${process.env.DATABASE_URL || process.env.BENCH_PEER_DATABASE_URL ? ',peer-pg' : ''}`,
    },
    profile: { type: 'string' },
    json: { type: 'string' },
    strict: { type: 'boolean', default: false },
  },
});

const connectionCounts = options.connections.split(',').map((value) => positive('connections', value));
const durationSeconds = positive('duration', options.duration);
const warmupSeconds = positive('warmup', options.warmup);
const firstWarmupSeconds = positive('first-warmup', options['first-warmup']);
/** The scenarios each server has been warmed up for (`target scenario`): later measurements take the short warm-up. */
const warmedUp = new Set();
/** @param {string} target @param {string} scenario */
function warmupFor(target, scenario) {
  const key = `${target} ${scenario}`;
  if (warmedUp.has(key)) return warmupSeconds;
  warmedUp.add(key);
  return Math.max(warmupSeconds, firstWarmupSeconds);
}
const maxRequests = Math.floor(positive('max-requests', options['max-requests']));
const rounds = Math.floor(positive('rounds', options.rounds));
const quietWaitSeconds = Number(options['quiet-wait']);
// With --pin: servers on the last core, the load generator (this process) on the first.
const machineCores = availableParallelism();
const serverCore = machineCores - 1;
if (options.pin) {
  if (machineCores < 2) throw new Error('--pin needs at least two cores');
  execFileSync('taskset', ['-apc', '0', String(process.pid)], { stdio: 'ignore' });
}
if (!(quietWaitSeconds >= 0)) throw new Error('--quiet-wait must be a number of seconds');
const scenarios = listOf('scenario', options.scenarios, SCENARIOS);
const targets = listOf('target', options.targets, TARGETS);
/**
 * The scenarios each honest peer is there for; the others are measured against `peer` (the floor) only.
 * @type {Partial<Record<import('./options.mjs').Target, readonly string[]>>}
 */
const TARGET_SCENARIOS = { 'peer-pg': ['code_exchange', 'refresh'], 'peer-argon2': ['sign_in'] };
/**
 * @param {import('./options.mjs').Target} target
 * @param {string} name
 */
const measures = (target, name) => TARGET_SCENARIOS[target]?.includes(name) ?? true;
/**
 * @param {string} name
 * @returns {name is StatefulName}
 */
const isStateful = (name) => /** @type {readonly string[]} */ (STATEFUL).includes(name);
/**
 * @param {string} name
 * @returns {name is (typeof KEY_SCENARIOS)[number]}
 */
const isKeyScenario = (name) => /** @type {readonly string[]} */ (KEY_SCENARIOS).includes(name);
/** Proofs and assertions are signed right before a measurement, which lasts at most this long (Tessera accepts a
 * proof for 60 s). */
const KEY_MEASUREMENT_SECONDS = 20;
/** Sign-in users and refresh chains: one per concurrent worker at the highest connection count. */
const poolSize = Math.max(...connectionCounts);

/** @type {Child[]} */
const children = [];
/** Set once the children are being stopped on purpose. */
let stopping = false;
/** Where the Tessera child writes its CPU profile (with --profile). @type {string | undefined} */
let profileFile;

/**
 * Starts one bench server and resolves with its ready line; its other output goes to our stderr, prefixed.
 * @param {import('./options.mjs').Target} target
 * @returns {Promise<Child>}
 */
function startChild(target) {
  const script = join(BENCH_DIR, target === 'tessera' ? 'tessera-server.mjs' : 'peer-server.mjs');
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    BENCH_SIGN_IN_USERS: String(poolSize),
    BENCH_PEER_TARGET: target,
    BENCH_PEER_STORE: target === 'peer-pg' ? 'postgres' : 'memory',
    BENCH_PEER_PASSWORD: target === 'peer-argon2' ? 'argon2id' : 'compare',
  };
  if (target === 'tessera' && options.profile) {
    const directory = resolve(options.profile);
    mkdirSync(directory, { recursive: true });
    env.BENCH_CPU_PROFILE = join(
      directory,
      `tessera-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`,
    );
    profileFile = env.BENCH_CPU_PROFILE;
  }
  // stdin stays open as a lifeline: if this process dies, the child sees end-of-input and exits.
  // Without V8's memory reducer: a server left idle after its measurement otherwise starts collecting its heap a
  // few seconds later, on the core the next server is being measured on, and that server's CPU per request rose by
  // up to a fifth (the lighter the request, the more). Under load the reducer never runs, so nothing measured
  // changes but the interference.
  const nodeArgs = ['--no-memory-reducer', script];
  const command = options.pin ? 'taskset' : process.execPath;
  const args = options.pin ? ['-c', String(serverCore), process.execPath, ...nodeArgs] : nodeArgs;
  const child = spawn(command, args, {
    cwd: BENCH_DIR,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const entry = { process: child, ready: /** @type {Ready} */ (/** @type {unknown} */ (undefined)) };
  children.push(entry);
  const forward = (/** @type {string} */ line) => process.stderr.write(`[${target}] ${line}\n`);
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on(
    'line',
    forward,
  );

  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${target} did not become ready within ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!stopping) forward(`exited unexpectedly (code ${code}, signal ${signal})`);
      reject(new Error(`${target} exited before it was ready (code ${code}, signal ${signal})`));
    });
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on(
      'line',
      (line) => {
        if (!line.startsWith(READY_PREFIX)) return forward(line);
        clearTimeout(timer);
        entry.ready = JSON.parse(line.slice(READY_PREFIX.length));
        resolvePromise(entry);
      },
    );
  });
}

/**
 * Stops every child: SIGTERM (so a profile gets written), then SIGKILL after a grace period.
 */
async function stopChildren() {
  stopping = true;
  await Promise.all(
    children.map(
      ({ process: child }) =>
        new Promise((resolvePromise) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolvePromise(undefined);
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            resolvePromise(undefined);
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * @param {string} clientId
 * @param {string} secret
 */
function basic(clientId, secret) {
  // RFC 6749 §2.3.1: form-encode, then base64.
  const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/**
 * @param {string} url
 * @param {RequestInit} init
 * @param {string} what
 */
async function fetchJson(url, init, what) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${text}`);
  return /** @type {Record<string, unknown>} */ (JSON.parse(text));
}

/**
 * The JOSE header of a compact JWS, or null when the value is not one.
 * @param {string} token
 */
function jwsHeader(token) {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  return JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
}

/**
 * @typedef {object} Scenario
 * @property {import('./measure.mjs').LoadRequest} request
 * @property {(body: Record<string, unknown>) => string | null} check returns a problem, or null when the
 *   response is the expected one
 */

/**
 * Reads the server's discovery document and builds the five stateless requests, each with a check of its answer.
 * @param {Ready} ready
 * @returns {Promise<Record<Exclude<(typeof SCENARIOS)[number], StatefulName | (typeof KEY_SCENARIOS)[number]>, Scenario>>}
 */
async function scenariosFor(ready) {
  const discoveryUrl = `${ready.publicUrl}/.well-known/openid-configuration`;
  const metadata = await fetchJson(discoveryUrl, {}, `${ready.target} discovery`);
  const endpoint = (/** @type {string} */ name) => {
    const url = metadata[name];
    if (typeof url !== 'string') throw new Error(`${ready.target}: discovery has no ${name}`);
    return url;
  };
  const authorization = basic(ready.clientId, ready.clientSecret);
  const form = { authorization, 'content-type': 'application/x-www-form-urlencoded' };
  const clientCredentialsBody = 'grant_type=client_credentials&scope=api';

  const introspected = await fetchJson(
    endpoint('token_endpoint'),
    {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'api',
        ...ready.introspectionTokenParameters,
      }).toString(),
    },
    `${ready.target} token for introspection`,
  );
  const introspectedToken = /** @type {string} */ (introspected.access_token);

  return {
    client_credentials: {
      request: {
        url: endpoint('token_endpoint'),
        method: 'POST',
        headers: form,
        body: clientCredentialsBody,
      },
      check: (body) => {
        if (typeof body.access_token !== 'string') return 'no access_token';
        const header = jwsHeader(body.access_token);
        return header?.alg === 'ES256'
          ? null
          : `access token is not an ES256 JWT (${JSON.stringify(header)})`;
      },
    },
    introspection: {
      request: {
        url: endpoint('introspection_endpoint'),
        method: 'POST',
        headers: form,
        body: new URLSearchParams({ token: introspectedToken, token_type_hint: 'access_token' }).toString(),
      },
      check: (body) =>
        body.active === true && body.client_id === ready.clientId ? null : 'token not active',
    },
    userinfo: {
      request: {
        url: endpoint('userinfo_endpoint'),
        method: 'GET',
        headers: { authorization: `Bearer ${ready.userAccessToken}` },
      },
      check: (body) =>
        typeof body.sub === 'string' && typeof body.email === 'string' ? null : 'no sub/email',
    },
    discovery: {
      request: { url: discoveryUrl, method: 'GET', headers: {} },
      check: (body) => (body.issuer === ready.publicUrl ? null : `issuer ${body.issuer}`),
    },
    jwks: {
      request: { url: endpoint('jwks_uri'), method: 'GET', headers: {} },
      check: (body) => (Array.isArray(body.keys) && body.keys.length > 0 ? null : 'no keys'),
    },
  };
}

/**
 * Sends one request of a scenario and fails unless the answer is a 200 with the expected content.
 * @param {string} label
 * @param {Scenario} scenario
 * @returns {Promise<number>} the response body size in bytes
 */
async function verify(label, { request, check }) {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label}: expected 200, got ${response.status}: ${text}`);
  const problem = check(JSON.parse(text));
  if (problem) throw new Error(`${label}: unexpected answer (${problem}): ${text}`);
  return Buffer.byteLength(text);
}

/**
 * A load run must have been all 2xx without errors or timeouts: anything else means the numbers partly measure
 * an error path. Returns a description of the failure (with one fresh request's answer), or null.
 * @param {string} label
 * @param {import('./measure.mjs').LoadResult} result
 * @param {Scenario} scenario
 * @returns {Promise<string | null>}
 */
async function failureOf(label, result, scenario) {
  if (result.non2xx === 0 && result.errors === 0) return null;
  let sample = '';
  try {
    await verify(label, scenario);
  } catch (error) {
    sample = ` — a request now: ${/** @type {Error} */ (error).message}`;
  }
  return (
    `${label}: ${result.non2xx} non-2xx and ${result.errors} errors/timeouts ` +
    `(status codes ${JSON.stringify(result.statusCodes)})${sample}`
  );
}

/** @param {number} ms */
const pause = (ms) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/**
 * @typedef {object} StatefulServer
 * @property {Ready} ready
 * @property {import('./flows.mjs').Flows | null} flows
 * @property {(import('./flows.mjs').Chain & { dead?: boolean })[]} chains refresh chains, carried from one
 *   measurement to the next; a chain whose last refresh failed is dead (its token's fate is unknown)
 * @property {number} codeRate the last measured code exchanges per second (sizes the next supply of codes)
 */

/**
 * One operation of a stateful scenario before the measurements, to check it works end to end.
 * @param {StatefulServer} server
 * @param {StatefulName} name
 * @returns {Promise<import('./flow-load.mjs').Outcome>}
 */
async function checkStateful(server, name) {
  const flows = /** @type {import('./flows.mjs').Flows} */ (server.flows);
  const client = createHttpClient(1);
  try {
    if (name === 'code_exchange') return await flows.exchange(client, (await flows.mintCodes(client, 1))[0]);
    if (name === 'sign_in') return await flows.signIn(client, flows.users[0]);
    const chain = server.chains[0];
    const outcome = await flows.refresh(client, chain);
    if (!outcome.ok) chain.dead = true;
    return outcome;
  } finally {
    client.close();
  }
}

/**
 * Prepares the supply of one stateful run (codes are minted here, before the CPU accounting starts) and runs it.
 * @param {StatefulServer} server
 * @param {StatefulName} name
 * @param {import('./http-client.mjs').HttpClient} client
 * @param {{ connections: number, seconds: number }} run
 */
async function runStateful(server, name, client, { connections, seconds }) {
  const flows = /** @type {import('./flows.mjs').Flows} */ (server.flows);
  const common = { pid: server.ready.pid, connections, maxOperations: maxRequests };
  if (name === 'code_exchange') {
    const measuredSeconds = Math.min(seconds, CODE_MEASUREMENT_SECONDS);
    // Enough codes for the last measured rate (a first guess before any), with a margin; minting stops after
    // CODE_MINTING_SECONDS so that no code comes near its 60 s expiry before it is used.
    const wanted = Math.min(
      maxRequests,
      Math.ceil((server.codeRate || 500) * measuredSeconds * 2) + connections,
    );
    const minting = createHttpClient(16);
    const codes = await flows.mintCodes(minting, wanted, CODE_MINTING_SECONDS).finally(() => minting.close());
    // Let whatever the minting left behind in the server (commits, change-bus notices) settle outside the window.
    await pause(250);
    const result = await runFlowLoad({
      ...common,
      durationSeconds: measuredSeconds,
      supply: oneUseSupply(codes),
      operation: (code) => flows.exchange(client, code),
    });
    if (result.requests > 0) server.codeRate = result.requestsPerSecond;
    return result;
  }
  if (name === 'refresh') {
    return runFlowLoad({
      ...common,
      durationSeconds: seconds,
      supply: reusableSupply(server.chains.filter((chain) => !chain.dead)),
      operation: async (chain) => {
        try {
          const outcome = await flows.refresh(client, chain);
          if (!outcome.ok) chain.dead = true;
          return outcome;
        } catch (error) {
          chain.dead = true;
          throw error;
        }
      },
    });
  }
  return runFlowLoad({
    ...common,
    durationSeconds: seconds,
    supply: reusableSupply(flows.users),
    operation: (user) => flows.signIn(client, user),
  });
}

/**
 * A stateful run must have had no failed operation; its first few failures are described (a one-use request
 * cannot be sent again to show the answer, as failureOf does).
 * @param {string} label
 * @param {import('./measure.mjs').LoadResult} result
 * @returns {string | null}
 */
function flowFailureOf(label, result) {
  if (result.non2xx === 0 && result.errors === 0) return null;
  return (
    `${label}: ${result.non2xx} operations with an unexpected status and ${result.errors} with errors, ` +
    `timeouts or wrong answers (status codes ${JSON.stringify(result.statusCodes)}); first: ${(result.problems ?? []).join(' | ')}`
  );
}

async function main() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `node ${process.version} on ${process.platform}-${process.arch}, ${machineCores} cores (${cpu})${options.pin ? `, servers pinned to core ${serverCore}, load to core 0` : ''}`,
  );
  console.log(
    `load: autocannon in this process, pipelining 1 (stateful scenarios: one worker per connection, keep-alive), ` +
      `${durationSeconds} s per measurement after ${warmupSeconds} s warm-up ` +
      `(${Math.max(warmupSeconds, firstWarmupSeconds)} s before a server's first measurement of a scenario), ` +
      `≤ ${maxRequests} responses; CLK_TCK ${clockTicksPerSecond()}`,
  );

  const started = await Promise.all(targets.map(startChild));
  /**
   * @type {Record<string, { ready: Ready, scenarios: Awaited<ReturnType<typeof scenariosFor>>,
   *   flows: import('./flows.mjs').Flows | null, chains: (import('./flows.mjs').Chain & { dead?: boolean })[],
   *   codeRate: number, keyFlows: import('./key-flows.mjs').KeyFlows | null, keyRates: Record<string, number> }>}
   */
  const servers = {};
  const statefulSelected = scenarios.some(isStateful);
  for (const { ready } of started) {
    servers[ready.target] = {
      ready,
      scenarios: await scenariosFor(ready),
      flows: null,
      chains: [],
      codeRate: 0,
      keyFlows: scenarios.some(isKeyScenario) ? await prepareKeyFlows(ready) : null,
      keyRates: {},
    };
    console.log(`${ready.target}: ${ready.server}, pid ${ready.pid}, ${ready.publicUrl}`);
  }
  if (statefulSelected) {
    // Set-up of the stateful scenarios (not measured): users with remembered consent, refresh chains.
    const setup = createHttpClient(16);
    try {
      for (const target of targets) {
        if (!scenarios.some((name) => isStateful(name) && measures(target, name))) continue;
        const server = servers[target];
        const setupStarted = performance.now();
        server.flows = await prepareFlows(server.ready, setup, { userCount: poolSize });
        if (scenarios.includes('refresh') && measures(target, 'refresh'))
          server.chains = await server.flows.openChains(setup, poolSize);
        console.log(
          `${target}: ${poolSize} users signed up with consent given${server.chains.length ? `, ${server.chains.length} refresh chains` : ''} ` +
            `(${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`,
        );
      }
    } finally {
      setup.close();
    }
  }
  for (const name of scenarios) {
    const sizes = [];
    for (const target of targets) {
      if (!measures(target, name)) continue;
      if (isKeyScenario(name)) {
        const keyFlows = /** @type {import('./key-flows.mjs').KeyFlows} */ (servers[target].keyFlows);
        const client = createHttpClient(1);
        try {
          const outcome =
            name === 'client_credentials_dpop'
              ? await keyFlows.dpopToken(client, keyFlows.makeProofs(1)[0])
              : await keyFlows.assertionToken(client, keyFlows.makeAssertions(1)[0]);
          if (!outcome.ok) throw new Error(`${target} ${name}: ${outcome.problem}`);
        } finally {
          client.close();
        }
        sizes.push(`${target} ok`);
      } else if (isStateful(name)) {
        const outcome = await checkStateful(servers[target], name);
        if (!outcome.ok) throw new Error(`${target} ${name}: ${outcome.problem}`);
        sizes.push(`${target} ok`);
      } else {
        sizes.push(`${target} ${await verify(`${target} ${name}`, servers[target].scenarios[name])} B`);
      }
    }
    console.log(`checked ${name}: ${sizes.join(', ')}`);
  }

  /** Every measurement that saw a non-2xx answer, an error or a timeout. @type {string[]} */
  const failures = [];
  const ownPids = targets.map((target) => servers[target].ready.pid);

  /**
   * One cell of the matrix for one server: wait for a quiet machine (if asked), warm up, measure, check.
   * @param {import('./options.mjs').Target} target
   * @param {(typeof SCENARIOS)[number]} name
   * @param {number} connections
   * @param {number} round
   */
  async function measureCell(target, name, connections, round) {
    const label = `${target} ${name} @${connections}`;
    if (quietWaitSeconds > 0) {
      const quiet = await waitForQuiet({ ownPids, threshold: 0.25, maxWaitSeconds: quietWaitSeconds });
      if (quiet.otherCores >= 0.25) {
        console.error(
          `${label}: machine still busy (${quiet.otherCores.toFixed(2)} other cores), measuring anyway`,
        );
      }
    }
    if (isStateful(name)) return measureStateful(target, name, connections, round, label);
    if (isKeyScenario(name)) return measureKeyScenario(target, name, connections, round, label);
    const { ready, scenarios: built } = servers[target];
    const scenario = built[name];
    const load = { pid: ready.pid, connections, maxRequests, ...scenario.request };
    const warmup = await runLoad({ ...load, durationSeconds: warmupFor(target, name) });
    const warmupFailure = await failureOf(`${label} warm-up`, warmup, scenario);
    if (warmupFailure) failures.push(warmupFailure);
    const result = await runLoad({ ...load, durationSeconds });
    const failure = await failureOf(label, result, scenario);
    if (failure) {
      failures.push(failure);
      console.error(`FAILED ${failure}`);
    }
    // A 200 can still describe a failure (an inactive token): check the answer is still the expected one.
    await verify(`${label} (after)`, scenario);
    console.error(
      `${rounds > 1 ? `round ${round}: ` : ''}${label}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
        `server ${result.serverCpuMicrosPerRequest.toFixed(1)} µs/req (${result.serverCoreShare.toFixed(2)} cores, ` +
        `${(result.serverSystemShare * 100).toFixed(0)} % kernel), ` +
        `load tool ${result.loadCpuMicrosPerRequest.toFixed(1)} µs/req, other load ${result.otherCoreShare.toFixed(2)} cores`,
    );
    await pause(250);
    return result;
  }

  /**
   * One cell of a stateful scenario: its supply prepared (not measured), a warm-up, the measurement.
   * @param {import('./options.mjs').Target} target
   * @param {StatefulName} name
   * @param {number} connections
   * @param {number} round
   * @param {string} label
   */
  async function measureStateful(target, name, connections, round, label) {
    const server = servers[target];
    /** @param {number} seconds @param {string} phase */
    const measure = async (seconds, phase) => {
      const client = createHttpClient(connections);
      try {
        const run = await runStateful(server, name, client, { connections, seconds });
        const failure = flowFailureOf(`${label}${phase}`, run);
        if (failure) {
          failures.push(failure);
          if (!phase) console.error(`FAILED ${failure}`);
        }
        // A warm-up may run out (its codes are sized on a guess); a measurement that does is shorter than asked.
        if (run.exhausted && !phase)
          console.error(
            `${label}: ran out of ${{ code_exchange: 'prepared codes', refresh: 'live chains', sign_in: 'users' }[name]} after ${run.seconds.toFixed(1)} s`,
          );
        return run;
      } finally {
        client.close();
      }
    };
    await measure(warmupFor(target, name), ' warm-up');
    const result = await measure(durationSeconds, '');
    console.error(
      `${rounds > 1 ? `round ${round}: ` : ''}${label}: ${result.requestsPerSecond.toFixed(0)} ops/s, ` +
        `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
        `server ${result.serverCpuMicrosPerRequest.toFixed(1)} µs/op (${result.serverCoreShare.toFixed(2)} cores, ` +
        `${(result.serverSystemShare * 100).toFixed(0)} % kernel), ` +
        `load tool ${result.loadCpuMicrosPerRequest.toFixed(1)} µs/op, other load ${result.otherCoreShare.toFixed(2)} cores`,
    );
    await pause(250);
    return result;
  }

  /**
   * One cell of a key scenario: its proofs or assertions signed just before (not measured), each sent once.
   * @param {import('./options.mjs').Target} target
   * @param {(typeof KEY_SCENARIOS)[number]} name
   * @param {number} connections
   * @param {number} round
   * @param {string} label
   */
  async function measureKeyScenario(target, name, connections, round, label) {
    const server = servers[target];
    const keyFlows = /** @type {import('./key-flows.mjs').KeyFlows} */ (server.keyFlows);
    /** @param {number} seconds @param {string} phase */
    const measure = async (seconds, phase) => {
      const measured = Math.min(seconds, KEY_MEASUREMENT_SECONDS);
      // Enough for three times the last measured rate (a first guess before any): signing one takes ~50 µs.
      const wanted = Math.min(
        maxRequests,
        Math.max(2000, Math.ceil((server.keyRates[name] || 3000) * measured * 3)) + connections,
      );
      const items =
        name === 'client_credentials_dpop' ? keyFlows.makeProofs(wanted) : keyFlows.makeAssertions(wanted);
      await pause(250);
      const client = createHttpClient(connections);
      try {
        const run = await runFlowLoad({
          pid: server.ready.pid,
          connections,
          maxOperations: maxRequests,
          durationSeconds: measured,
          supply: oneUseSupply(items),
          operation: (item) =>
            name === 'client_credentials_dpop'
              ? keyFlows.dpopToken(client, item)
              : keyFlows.assertionToken(client, item),
        });
        if (run.requests > 0 && !phase) server.keyRates[name] = run.requestsPerSecond;
        const failure = flowFailureOf(`${label}${phase}`, run);
        if (failure) {
          failures.push(failure);
          if (!phase) console.error(`FAILED ${failure}`);
        }
        if (run.exhausted && !phase)
          console.error(`${label}: ran out of signed requests after ${run.seconds.toFixed(1)} s`);
        return run;
      } finally {
        client.close();
      }
    };
    await measure(warmupFor(target, name), ' warm-up');
    const result = await measure(durationSeconds, '');
    console.error(
      `${rounds > 1 ? `round ${round}: ` : ''}${label}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
        `server ${result.serverCpuMicrosPerRequest.toFixed(1)} µs/req (${result.serverCoreShare.toFixed(2)} cores, ` +
        `${(result.serverSystemShare * 100).toFixed(0)} % kernel), ` +
        `load tool ${result.loadCpuMicrosPerRequest.toFixed(1)} µs/req, other load ${result.otherCoreShare.toFixed(2)} cores`,
    );
    await pause(250);
    return result;
  }

  /** @param {import('./measure.mjs').LoadResult} run */
  const failed = (run) => run.non2xx + run.errors > 0;
  /** Best result per scenario, connection count and target. @type {Map<string, import('./measure.mjs').LoadResult>} */
  const best = new Map();
  /** Every round's result per scenario, connection count and target, in round order. @type {Map<string, import('./measure.mjs').LoadResult[]>} */
  const everyRound = new Map();
  for (let round = 1; round <= rounds; round++) {
    // Alternate which server goes first, so neither always runs right after the other's load.
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const connections of connectionCounts) {
      for (const name of scenarios) {
        for (const target of order) {
          if (!measures(target, name)) continue;
          const result = await measureCell(target, name, connections, round);
          const key = `${name}@${connections}@${target}`;
          everyRound.set(key, [...(everyRound.get(key) ?? []), result]);
          const previous = best.get(key);
          // A clean round beats a failed one (a failure shows only when no round of the cell was clean);
          // among equals the faster wins.
          const better =
            !previous ||
            (failed(previous) !== failed(result)
              ? failed(previous)
              : result.requestsPerSecond > previous.requestsPerSecond);
          if (better) best.set(key, result);
        }
      }
    }
  }

  /** @type {import('./report.mjs').Comparison[]} */
  const comparisons = [];
  for (const connections of connectionCounts) {
    for (const name of scenarios) {
      const tessera = best.get(`${name}@${connections}@tessera`);
      const peer = best.get(`${name}@${connections}@peer`);
      const peerPg = best.get(`${name}@${connections}@peer-pg`);
      const peerArgon2 = best.get(`${name}@${connections}@peer-argon2`);
      const roundsOf = (/** @type {string} */ target) =>
        everyRound.get(`${name}@${connections}@${target}`) ?? [];
      if (tessera && peer)
        comparisons.push({
          scenario: name,
          connections,
          tessera,
          peer,
          peerPg,
          peerArgon2,
          rounds: {
            tessera: roundsOf('tessera'),
            peer: roundsOf('peer'),
            peerPg: roundsOf('peer-pg'),
            peerArgon2: roundsOf('peer-argon2'),
          },
        });
    }
  }

  if (options.json) {
    const serverNames = Object.fromEntries(targets.map((target) => [target, servers[target].ready.server]));
    const document = {
      node: process.version,
      date: new Date().toISOString(),
      servers: serverNames,
      comparisons,
      // Every measured cell, a target's alone too (bench/scale-data.mjs reads Tessera's): `scenario@connections@target`.
      results: Object.fromEntries(best),
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
  }
  let exit = 0;
  if (comparisons.length > 0) {
    console.log('');
    console.log(comparisonTable(comparisons));
    const honest = honestPeerTable(comparisons);
    if (honest) {
      console.log('');
      console.log(honest);
    }
    for (const line of scenarioNotes(comparisons)) console.log(line);
    console.log('');
    const { lines, allMet } = checkTargets(comparisons);
    for (const line of lines) console.log(line);
    if (!allMet && options.strict) exit = 1;
  }
  if (failures.length > 0) {
    console.log('');
    console.log(`FAILED: ${failures.length} measurement(s) saw non-2xx answers, errors or timeouts:`);
    for (const failure of failures) console.log(`  ${failure}`);
    exit = 1;
  }
  return exit;
}

let exitCode = 1;
const interrupt = () => {
  stopChildren().finally(() => process.exit(130));
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);
try {
  exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${/** @type {Error} */ (error).stack ?? error}`);
} finally {
  await stopChildren();
}
if (profileFile) {
  console.error(
    `Tessera CPU profile: ${profileFile} (summarize: node bench/profile-summary.mjs ${profileFile})`,
  );
}
process.exit(exitCode);
