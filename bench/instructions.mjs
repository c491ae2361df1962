/**
 * `npm run bench:instructions`: the machine instructions each server executes per operation, counted by
 * Valgrind's callgrind, for Tessera and the peer (oidc-provider) on the same flows as `npm run bench`. A count of
 * instructions does not depend on how busy or how fast the machine is, so it repeats on a noisy shared machine
 * where CPU time per operation moves by 10-30 % from run to run, and two builds can be compared to the percent.
 * It is not a time: how many instructions a core retires per microsecond differs between machines and between
 * workloads (a cache miss costs time, not instructions), so the targets (docs/performance.md#targets) stay in
 * CPU time (`npm run bench`); this is the tool for telling whether a change made the work smaller.
 *
 * Each target runs as its own process under `valgrind --tool=callgrind` with instrumentation off, so its start,
 * its set-up (users signed up, consent given) and a warm-up of each scenario (the JIT compiles the hot paths) run
 * at Valgrind's uninstrumented speed. Before each measurement the server runs a full garbage collection (it is
 * started with --expose-gc; SIGUSR2, child.mjs), so a major collection does not fall into one count and not the
 * next (one moved a count by 25 %): the counts carry the young generation's collections, which follow the
 * allocations, and not the old generation's, which come every few hundred operations. Then the script turns
 * instrumentation on and zeroes the
 * counters (`callgrind_control -i on -z`), runs the operations one after another over one keep-alive connection
 * (every answer checked as in the load bench), then dumps the counters (`callgrind_control -d`) and turns
 * instrumentation off. The count covers every thread of the server process (V8's compiler and garbage-collector
 * threads included, as CPU time from /proc does), and nothing of any other process: on PostgreSQL
 * (`DATABASE_URL`), the database server's own work is not in Tessera's figure, as in `npm run bench`.
 *
 * Options:
 *   --scenarios=sign_in,code_exchange,refresh,client_credentials,client_credentials_dpop,client_credentials_private_key_jwt
 *                       which flows to count (default: all six; the last three are key-flows.mjs's: the plain
 *                       client-credentials token of `npm run bench`'s autocannon scenario, then the two whose
 *                       requests this process signs as it sends them, outside the count); and, Tessera alone and
 *                       only when named, sign_in_approving and sign_in_not_approving: a sign-in without the code
 *                       exchange whose finish names the pending request (approved with the sign-in) or not, whose
 *                       difference is the cost of the approval after sign-in; and, only when named,
 *                       introspection (of a client-credentials token), userinfo (the seeded user's token), jwks
 *                       and discovery (the key set and the provider metadata), as
 *                       `npm run bench` sends them
 *   --targets=tessera,peer                      which servers
 *   --operations=50     counted operations per scenario
 *   --concurrency=1     counted operations in flight at once, each over its own keep-alive connection (as the
 *                       load benchmark's connections): with more than one, the server reads several requests per
 *                       turn of its event loop, as under load, instead of waking for each
 *   --warmup=500        uncounted operations before each count (the JIT's warm-up), as many at once as counted
 *   --rounds=2          counts per scenario (the spread shows how well they repeat)
 *   --json=FILE         also write the figures as JSON
 *   --keep-dumps        keep callgrind's dumps (one per count) for callgrind_annotate, and print where they are
 *   --second-node       Tessera on PostgreSQL only (DATABASE_URL; Redis from REDIS_URL, default 127.0.0.1:6379):
 *                       a second node B, not under Valgrind, on the same database, Redis, key-encryption key and
 *                       issuer, as `npm run bench:scale-out` runs two. Each round counts node A twice: alone (B
 *                       idle) and while B serves the same operations at --second-node-rate a second, the order
 *                       alternating from round to round. What A counts more beside B, divided by B's operations
 *                       in that count, is the work one operation on another node costs this node (the cross-node
 *                       chatter the scale-out target forbids): a figure the two cores' contention does not blur,
 *                       as it blurs CPU time.
 *   --second-node-rate=20   B's operations a second during A's count (two workers, paced)
 * A second table splits each figure by the kind of code that ran it (CODE_KINDS): code compiled at run time
 * (JavaScript and WebAssembly), OpenSSL, V8's builtins, libc, and other native code.
 * Needs valgrind and callgrind_control on the PATH (Debian: apt-get install -y valgrind). Under callgrind a server
 * runs about 50 times slower: a sign-in takes about half a second, so the defaults take a few minutes per target.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { COLLECTED_LINE } from './child.mjs';
import { prepareFlows } from './flows.mjs';
import { createHttpClient } from './http-client.mjs';
import { KEY_SCENARIOS, prepareKeyFlows } from './key-flows.mjs';
import { pause, reroutedClient, startBenchServer, startTesseraNode } from './nodes.mjs';
import { listOf, positive } from './options.mjs';

/** The client-credentials scenarios: no user, no set-up beyond the servers' own (key-flows.mjs makes the requests). */
const TOKEN_SCENARIOS = /** @type {const} */ ([
  'client_credentials',
  ...KEY_SCENARIOS,
  'introspection',
  'userinfo',
  'jwks',
  'discovery',
]);
/**
 * Counted only when named: introspection of a client-credentials token, userinfo with the seeded user's token, and
 * the two published documents (the key set and the provider metadata).
 */
const READ_SCENARIOS = /** @type {const} */ (['introspection', 'userinfo', 'jwks', 'discovery']);
/**
 * Tessera's sign-in without the code exchange, its finish naming the pending request (approved with the sign-in) or
 * not (nothing approved): the difference of the two counts is what the approval after sign-in costs.
 */
const APPROVAL_SCENARIOS = /** @type {const} */ (['sign_in_approving', 'sign_in_not_approving']);
const SCENARIOS = /** @type {const} */ ([
  'sign_in',
  'code_exchange',
  'refresh',
  ...TOKEN_SCENARIOS,
  ...APPROVAL_SCENARIOS,
]);
/** Under Valgrind a server starts (and PGlite sets up its data directory) many times slower than natively. */
const READY_TIMEOUT_MS = 1_800_000;
const run = promisify(execFile);

const { values: options } = parseArgs({
  options: {
    scenarios: {
      type: 'string',
      default: SCENARIOS.filter(
        (name) => ![...APPROVAL_SCENARIOS, ...READ_SCENARIOS].includes(/** @type {never} */ (name)),
      ).join(','),
    },
    targets: { type: 'string', default: 'tessera,peer' },
    operations: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '2' },
    json: { type: 'string' },
    'keep-dumps': { type: 'boolean', default: false },
    'second-node': { type: 'boolean', default: false },
    'second-node-rate': { type: 'string', default: '20' },
  },
});

const operations = Math.floor(positive('operations', options.operations));
const concurrency = Math.floor(positive('concurrency', options.concurrency));
const warmup = Math.floor(positive('warmup', options.warmup));
const rounds = Math.floor(positive('rounds', options.rounds));
const scenarios = listOf('scenario', options.scenarios, SCENARIOS);
// Tessera and the in-memory peer only: the peer's other variants are for CPU time (bench/run.mjs).
const targets = listOf('target', options.targets, /** @type {const} */ (['tessera', 'peer']));
/** Sign-in users and refresh chains: enough that no user signs in twice within a few operations. */
const POOL_SIZE = 10;
const secondNode = options['second-node'];
const secondNodeRate = positive('second-node-rate', options['second-node-rate']);
if (secondNode && (targets.includes('peer') || !process.env.DATABASE_URL))
  throw new Error('--second-node counts Tessera on PostgreSQL: give --targets=tessera and DATABASE_URL');
if (
  scenarios.some((name) => APPROVAL_SCENARIOS.includes(/** @type {never} */ (name))) &&
  (targets.includes('peer') || secondNode)
)
  throw new Error(
    `${APPROVAL_SCENARIOS.join(' and ')} count Tessera alone: give --targets=tessera, without --second-node`,
  );
/**
 * After the full collection before a count, V8's sweeper threads still free the old generation's dead objects
 * (about 20 M instructions of `Sweeper::RawSweep` here): a pause lets them finish before counting starts, or they
 * land in one count and not the next (seen with --second-node: one count of two carried them all).
 */
const SWEEP_SETTLE_MS = 3000;
/** Node B's workers during a count: each paced, so B serves --second-node-rate operations a second in all. */
const SECOND_NODE_WORKERS = 2;

/**
 * One target under callgrind, ready: its connection details, how to stop it, and a full garbage collection in it
 * (SIGUSR2, answered by COLLECTED_LINE: child.mjs), resolved once done.
 * @param {'tessera' | 'peer'} target
 * @param {string} outDirectory where callgrind dumps its counts
 * @param {Record<string, string>} [env] more environment for the server
 */
async function startUnderCallgrind(target, outDirectory, env = {}) {
  /** Resolvers waiting for the child's next COLLECTED_LINE. @type {(() => void)[]} */
  const collections = [];
  const server = await startBenchServer({
    label: target,
    script: target === 'tessera' ? 'tessera-server.mjs' : 'peer-server.mjs',
    env: { BENCH_SIGN_IN_USERS: String(POOL_SIZE), ...env },
    wrapper: [
      'valgrind',
      // Valgrind's own banner and summary say nothing the figures do not.
      '--quiet',
      '--tool=callgrind',
      // Off until a measurement: start-up, set-up and warm-up run at Valgrind's uninstrumented speed.
      '--instr-atstart=no',
      // V8 writes the machine code it runs (its JIT and WebAssembly compilers): Valgrind must notice.
      '--smc-check=all-non-file',
      '--dump-instr=no',
      `--callgrind-out-file=${join(outDirectory, `${target}.%p`)}`,
    ],
    // A full collection before each count, so no count carries a major one the next lacks. V8's memory reducer
    // starts a few seconds after a full collection and collects again when the program allocates slowly, as a
    // server does under Valgrind's fifty-fold slow-down though not under load: it would fall into the first count.
    nodeArgs: ['--expose-gc', '--no-memory-reducer'],
    readyTimeoutMs: READY_TIMEOUT_MS,
    onLine: (line) => {
      if (line !== COLLECTED_LINE) return false;
      collections.shift()?.();
      return true;
    },
  });
  // Valgrind runs the program in its own process: the pid the server announces is the one to signal.
  const collectGarbage = () =>
    new Promise((resolve) => {
      collections.push(() => resolve(undefined));
      process.kill(server.ready.pid, 'SIGUSR2');
    });
  return { ...server, collectGarbage };
}

/**
 * Sends a command to callgrind in the server process. The process must run to see it: a request that needs
 * nothing of the server but an answer (discovery) wakes it while the command waits.
 * @param {number} pid
 * @param {string[]} args
 * @param {() => Promise<unknown>} wake
 */
async function callgrind(pid, args, wake) {
  const command = run('callgrind_control', [...args, String(pid)], { timeout: 120_000 });
  let done = false;
  const waking = (async () => {
    while (!done) {
      await wake().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    const { stdout } = await command;
    if (/error|not found|No active callgrind/i.test(stdout))
      throw new Error(`callgrind_control ${args.join(' ')}: ${stdout}`);
  } finally {
    done = true;
    await waking;
  }
}

/**
 * Functions of V8's compilers (parsing, bytecode, Sparkplug, Maglev, TurboFan, Turboshaft, Liftoff): work a
 * long-running server does while it warms up and then hardly at all. Under Valgrind the warm-up stretches far into
 * the counts (the same flow counted twice moved by 50 % with them, by a few percent without), so a count is
 * reported with and without them. Garbage collection is a steady cost of the allocations and stays in.
 */
const JIT_COMPILATION =
  /v8::internal::(compiler|maglev|baseline|turboshaft|interpreter|wasm::liftoff)::|v8::internal::(Parser|ParserBase|PreParser|Scanner|Compiler|OptimizedCompilationJob|Zone|AstNode|DeclarationScope|Scope)\b|LiftoffCompiler|WasmCompilationUnit/;

/**
 * Where the instructions outside JIT compilation went, by the kind of code that ran them, as callgrind names a
 * function (`file:function [object]`). Code V8 compiled at run time (optimized JavaScript and WebAssembly, such as
 * OPAQUE's and PGlite's modules) has no symbol: callgrind shows it as an address in object `???`. OpenSSL is linked
 * into the node binary (or comes as libcrypto); V8's builtins (`Builtins_…`) include the interpreter's bytecode
 * handlers and the inline caches.
 * @type {[kind: string, test: RegExp][]}
 */
const CODE_KINDS = [
  ['compiled at run time (JavaScript, WebAssembly)', /^\?\?\?:0x[0-9a-f]+ \[\?\?\?\]$/],
  [
    'OpenSSL',
    /:(rsaz_|bn_|BN_|sha\d+_block|SHA\d+_|ecp_nistz256|ec_GFp|ossl_|EVP_|RSA_|ECDSA_|aesni_|gcm_|x25519|OPENSSL_|CRYPTO_)|\[[^\]]*lib(crypto|ssl)[^\]]*\]$/,
  ],
  ['V8 builtins (interpreter, inline caches)', /:Builtins_/],
  ['libc', /\[[^\]]*\/(libc|ld-linux|libm)[^\]]*\]$/],
];
const OTHER_NATIVE = 'other native code (V8 runtime and GC, Node.js, libuv)';

/** The kind of code a function of callgrind_annotate's listing is (CODE_KINDS), or OTHER_NATIVE. */
function codeKind(/** @type {string} */ what) {
  for (const [kind, test] of CODE_KINDS) if (test.test(what)) return kind;
  return OTHER_NATIVE;
}

/**
 * The instructions counted since the last zeroing, from the newest dump: in all, outside JIT compilation, and the
 * latter by kind of code (CODE_KINDS).
 * @param {string} outDirectory
 * @param {string} target
 * @param {Set<string>} seen dumps already read
 */
async function newestCounts(outDirectory, target, seen) {
  // Each dump is `<target>.<pid>.<n>`; the file without a part number is written when the process ends.
  const dumps = readdirSync(outDirectory).filter(
    (name) => new RegExp(`^${target}\\.\\d+\\.\\d+$`).test(name) && !seen.has(name),
  );
  if (dumps.length !== 1)
    throw new Error(`expected one new callgrind dump of ${target}, found ${dumps.length}`);
  const name = /** @type {string} */ (dumps[0]);
  seen.add(name);
  // Every function's own count (--threshold=100: none left out).
  const { stdout } = await run(
    'callgrind_annotate',
    ['--inclusive=no', '--threshold=100', join(outDirectory, name)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  let total = null;
  let compilation = 0;
  /** @type {Record<string, number>} */
  const byKind = Object.fromEntries(
    [...CODE_KINDS.map(([kind]) => kind), OTHER_NATIVE].map((kind) => [kind, 0]),
  );
  for (const line of stdout.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const instructions = Number(/** @type {string} */ (match[1]).replaceAll(',', ''));
    const what = /** @type {string} */ (match[2]).trim();
    if (what.startsWith('PROGRAM TOTALS')) total = instructions;
    else if (JIT_COMPILATION.test(what)) compilation += instructions;
    else {
      const kind = codeKind(what);
      byKind[kind] = (byKind[kind] ?? 0) + instructions;
    }
  }
  if (total === null) throw new Error(`no totals in callgrind dump ${name}`);
  return { total, withoutCompilation: total - compilation, byKind };
}

/** @typedef {ReturnType<typeof createHttpClient>} HttpClient */

/**
 * How long one answer may take: under Valgrind a server runs about 50 times slower, and on a machine busy with
 * other work a request of the set-up (a registration, a first sign-in) can take far longer than the load bench's
 * 10 s.
 */
const VALGRIND_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Runs `use` with a keep-alive client of its own, closed after. Under Valgrind a phase can start just as the server
 * closes a socket left idle since the last one, and the reused socket is reset (ECONNRESET): each phase connects
 * anew (one connection per count, the same in every count).
 * @template T
 * @param {number} sockets
 * @param {(client: HttpClient) => Promise<T>} use
 * @returns {Promise<T>}
 */
async function withClient(sockets, use) {
  const client = createHttpClient(sockets, { timeoutMs: VALGRIND_REQUEST_TIMEOUT_MS });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

/**
 * Runs `n` operations `workers` at a time (worker w takes operations w, w + workers, ...), each worker one after
 * another; any failure fails the run. With one worker, one after another.
 * @param {number} n
 * @param {number} workers
 * @param {(index: number) => Promise<import('./flow-load.mjs').Outcome>} operation
 */
async function concurrently(n, workers, operation) {
  await Promise.all(
    Array.from({ length: Math.min(workers, n) }, async (_, worker) => {
      for (let index = worker; index < n; index += workers) {
        const outcome = await operation(index);
        if (!outcome.ok) throw new Error(outcome.problem);
      }
    }),
  );
}

/**
 * Node B's load beside a count on A: `SECOND_NODE_WORKERS` workers, each paced to its share of `ratePerSecond`,
 * until stopped. Items of a `reusable` supply (users, refresh chains) go back after each operation; others (codes)
 * are used once. Any failed operation fails the run, as in the counts.
 * @template T
 * @param {{ items: T[], reusable: boolean, ratePerSecond: number, operation: (item: T) => Promise<import('./flow-load.mjs').Outcome> }} options
 */
function paceLoad({ items, reusable, ratePerSecond, operation }) {
  const free = [...items];
  const intervalMs = (1000 * SECOND_NODE_WORKERS) / ratePerSecond;
  let stopped = false;
  let completed = 0;
  /** @type {string[]} */
  const problems = [];
  const worker = async () => {
    while (!stopped) {
      const item = free.shift();
      if (item === undefined) {
        problems.push('node B ran out of one-use values: mint more, or lower --second-node-rate');
        return;
      }
      const began = performance.now();
      const outcome = await operation(item);
      if (reusable) free.push(item);
      if (!outcome.ok) {
        problems.push(`node B: ${outcome.problem}`);
        return;
      }
      completed += 1;
      const wait = intervalMs - (performance.now() - began);
      if (wait > 0 && !stopped) await pause(wait);
    }
  };
  const running = Array.from({ length: SECOND_NODE_WORKERS }, worker);
  return {
    /** Operations B completed so far. */
    completed: () => completed,
    async stop() {
      stopped = true;
      await Promise.all(running);
      if (problems.length > 0) throw new Error(problems.join('; '));
    },
  };
}

async function main() {
  const outDirectory = mkdtempSync(join(tmpdir(), 'tessera-callgrind-'));
  /** @type {{ target: string, scenario: string, round: number, mode: 'alone' | 'beside node B', operationsOfB: number, instructionsPerOperation: number, withCompilationPerOperation: number, byKindPerOperation: Record<string, number> }[]} */
  const results = [];
  console.log(
    `callgrind instruction counts: ${operations} operations per count after ${warmup} uncounted, ${rounds} rounds, ${concurrency === 1 ? 'one operation at a time' : `${concurrency} operations at a time`}; ` +
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL; its own work not counted)' : 'embedded (PGlite, in the server process: counted)'}`,
  );
  try {
    for (const target of targets) {
      // With a second node: both share the database (DATABASE_URL), Redis and the key-encryption key; A seeds.
      const shared = secondNode
        ? {
            REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
            TESSERA_KEK: randomBytes(32).toString('base64url'),
          }
        : {};
      const { ready, stop, collectGarbage } = await startUnderCallgrind(target, outDirectory, shared);
      /** @type {import('./nodes.mjs').TesseraNode | null} */
      let nodeB = null;
      const seen = new Set();
      try {
        const wake = () => fetch(`${ready.publicUrl}/.well-known/openid-configuration`);
        // A second node serves A's issuer on its own port; its users are others than A's counted ones.
        if (secondNode) {
          nodeB = await startTesseraNode({
            label: 'node B',
            env: { ...shared, BENCH_SEED: '0', TESSERA_BASE_URL: ready.publicUrl },
          });
        }
        const userCount = secondNode ? 2 * POOL_SIZE : POOL_SIZE;
        // The key scenarios need no users: their set-up (sign-ups, consent) is skipped when only they are counted.
        const needsFlows =
          secondNode || scenarios.some((name) => !TOKEN_SCENARIOS.includes(/** @type {never} */ (name)));
        const flows = /** @type {import('./flows.mjs').Flows} */ (
          needsFlows ? await withClient(8, (http) => prepareFlows(ready, http, { userCount })) : null
        );
        const keyFlows = scenarios.some((name) => TOKEN_SCENARIOS.includes(/** @type {never} */ (name)))
          ? await prepareKeyFlows(ready)
          : null;
        /**
         * A key scenario's request, its proof or assertion signed as it is sent (by this process, not counted).
         * @param {HttpClient} client
         * @param {string} scenario
         */
        const keyOperation = (client, scenario) => {
          const keys = /** @type {import('./key-flows.mjs').KeyFlows} */ (keyFlows);
          if (scenario === 'client_credentials') return keys.secretToken(client);
          if (scenario === 'introspection') return keys.introspection(client);
          if (scenario === 'userinfo') return keys.userinfo(client);
          if (scenario === 'jwks') return keys.jwks(client);
          if (scenario === 'discovery') return keys.discovery(client);
          return scenario === 'client_credentials_dpop'
            ? keys.dpopToken(client, keys.makeProofs(1)[0])
            : keys.assertionToken(client, keys.makeAssertions(1)[0]);
        };
        console.log(
          `${target}: ${ready.server}, pid ${ready.pid}; ${needsFlows ? userCount : 0} users signed up with consent given` +
            (nodeB ? `; node B pid ${nodeB.ready.pid} ${nodeB.ready.publicUrl}` : ''),
        );
        /** A client of node B's (requests named for the issuer go to B's port). */
        const clientOfB = (/** @type {number} */ sockets) =>
          reroutedClient(
            createHttpClient(sockets, { timeoutMs: VALGRIND_REQUEST_TIMEOUT_MS }),
            ready.publicUrl,
            /** @type {import('./nodes.mjs').TesseraNode} */ (nodeB).ready.publicUrl,
          );
        /**
         * Node B's load of the scenario, to run beside a count on A: its one-use values are made now, through B,
         * before A's count; the function returned starts the load.
         * @param {string} scenario
         * @param {HttpClient} client
         * @returns {Promise<() => ReturnType<typeof paceLoad>>}
         */
        const prepareLoadOnB = async (scenario, client) => {
          const ratePerSecond = secondNodeRate;
          if (TOKEN_SCENARIOS.includes(/** @type {never} */ (scenario))) {
            const items = Array.from({ length: SECOND_NODE_WORKERS }, (_, index) => index);
            return () =>
              paceLoad({
                items,
                reusable: true,
                ratePerSecond,
                operation: () => keyOperation(client, scenario),
              });
          }
          if (scenario === 'sign_in') {
            const items = flows.users.slice(POOL_SIZE);
            return () =>
              paceLoad({ items, reusable: true, ratePerSecond, operation: (u) => flows.signIn(client, u) });
          }
          if (scenario === 'refresh') {
            const items = await flows.openChains(client, SECOND_NODE_WORKERS);
            return () =>
              paceLoad({ items, reusable: true, ratePerSecond, operation: (c) => flows.refresh(client, c) });
          }
          // A count of code exchanges on A takes well under a minute under Valgrind: a minute's worth of codes.
          const items = await flows.mintCodes(client, Math.ceil(ratePerSecond * 60));
          return () =>
            paceLoad({ items, reusable: false, ratePerSecond, operation: (c) => flows.exchange(client, c) });
        };

        /**
         * One count on A: a full collection, then `operations` operations one after another with
         * instrumentation on; with `beside`, B's load runs from the zeroing until the operations are done, and
         * its operations in that time are returned.
         * @param {(client: HttpClient, index: number) => Promise<import('./flow-load.mjs').Outcome>} operation
         * @param {number} first the index of the first operation
         * @param {(() => Promise<() => ReturnType<typeof paceLoad>>) | null} beside prepares B's load
         */
        const countOnA = async (operation, first, beside) => {
          const startLoadOnB = beside ? await beside() : null;
          await collectGarbage();
          await pause(SWEEP_SETTLE_MS);
          await callgrind(ready.pid, ['--instr=on'], wake);
          await callgrind(ready.pid, ['--zero'], wake);
          const load = startLoadOnB ? startLoadOnB() : null;
          const counted = load ? load.completed() : 0;
          await withClient(concurrency, (client) =>
            concurrently(operations, concurrency, (index) => operation(client, first + index)),
          );
          const operationsOfB = load ? load.completed() - counted : 0;
          // B stops before the dump: what B's operations cost A lands in this count, none of it in the next.
          await load?.stop();
          await callgrind(ready.pid, ['--dump'], wake);
          await callgrind(ready.pid, ['--instr=off'], wake);
          return { counts: await newestCounts(outDirectory, target, seen), operationsOfB };
        };

        for (const scenario of scenarios) {
          for (let round = 1; round <= rounds; round++) {
            // The operations' one-use values are made before counting: codes minted, chains opened.
            /** @type {(client: HttpClient, index: number) => Promise<import('./flow-load.mjs').Outcome>} */
            let operation;
            /** Makes the one-use values of the next `count` operations, outside any count (codes only). */
            /** @type {((count: number) => Promise<void>) | null} */
            let refill = null;
            if (TOKEN_SCENARIOS.includes(/** @type {never} */ (scenario))) {
              operation = (client) => keyOperation(client, scenario);
            } else if (scenario === 'sign_in') {
              operation = (client, index) => flows.signIn(client, flows.users[index % POOL_SIZE]);
            } else if (APPROVAL_SCENARIOS.includes(/** @type {never} */ (scenario))) {
              const nameRequest = scenario === 'sign_in_approving';
              operation = (client, index) =>
                flows.signInAlone(client, flows.users[index % POOL_SIZE], { nameRequest });
            } else if (scenario === 'code_exchange') {
              // A code lives 60 s, and under Valgrind on a busy machine the warm-up's exchanges take longer than
              // that: codes are minted in batches of `operations`, each right before it is used.
              /** @type {import('./flows.mjs').MintedCode[]} */
              let codes = [];
              refill = async (count) => {
                codes = await withClient(8, (http) => flows.mintCodes(http, count));
              };
              operation = (client, index) => flows.exchange(client, codes[index % operations]);
            } else {
              const chains = await withClient(8, (http) => flows.openChains(http, POOL_SIZE));
              operation = (client, index) => flows.refresh(client, chains[index % POOL_SIZE]);
            }
            // The warm-up runs as many operations at once as the count: the JIT specializes the server's paths
            // (its inline caches) for what it sees, and one request at a time is not what ten at once look like.
            for (let done = 0; done < warmup; done += operations) {
              const batch = Math.min(operations, warmup - done);
              await refill?.(batch);
              await withClient(concurrency, (client) =>
                concurrently(batch, concurrency, (index) => operation(client, done + index)),
              );
            }
            /** @type {[mode: 'alone' | 'beside node B', beside: Parameters<typeof countOnA>[2]][]} */
            const modes = [['alone', null]];
            /** @type {HttpClient | null} */
            let clientB = null;
            if (secondNode) {
              clientB = clientOfB(SECOND_NODE_WORKERS);
              const b = clientB;
              modes.push(['beside node B', () => prepareLoadOnB(scenario, b)]);
              // Alternate which count comes first, so that what a later count has (a warmer JIT, an older heap)
              // favours neither.
              if (round % 2 === 0) modes.reverse();
            }
            try {
              for (const [index, [mode, beside]] of modes.entries()) {
                await refill?.(operations);
                const { counts, operationsOfB } = await countOnA(
                  operation,
                  warmup + index * operations,
                  beside,
                );
                const perOperation = counts.withoutCompilation / operations;
                const allPerOperation = counts.total / operations;
                const byKindPerOperation = Object.fromEntries(
                  Object.entries(counts.byKind).map(([kind, count]) => [kind, count / operations]),
                );
                results.push({
                  target,
                  scenario,
                  round,
                  mode,
                  operationsOfB,
                  instructionsPerOperation: perOperation,
                  withCompilationPerOperation: allPerOperation,
                  byKindPerOperation,
                });
                console.log(
                  `${target} ${scenario} round ${round}${secondNode ? ` (${mode})` : ''}: ` +
                    `${(perOperation / 1e6).toFixed(2)} M instructions per operation ` +
                    `outside JIT compilation (${(allPerOperation / 1e6).toFixed(2)} M in all)` +
                    (beside ? `; node B served ${operationsOfB} meanwhile` : ''),
                );
              }
            } finally {
              clientB?.close();
            }
          }
        }
      } finally {
        await nodeB?.stop();
        await stop();
      }
    }
  } finally {
    if (options['keep-dumps']) console.log(`callgrind dumps kept in ${outDirectory}`);
    else rmSync(outDirectory, { recursive: true, force: true });
  }

  console.log(
    '\n| scenario | Tessera M instructions/op | peer M instructions/op | Tessera / peer | (with JIT compilation: Tessera, peer) |',
  );
  console.log('|---|---:|---:|---:|---|');
  // The first two tables are of the counts of a node serving alone (with --second-node, B idle).
  const alone = results.filter((result) => result.mode === 'alone');
  const range = (
    /** @type {string} */ target,
    /** @type {string} */ scenario,
    /** @type {'instructionsPerOperation' | 'withCompilationPerOperation'} */ field = 'instructionsPerOperation',
  ) => {
    const values = alone
      .filter((result) => result.target === target && result.scenario === scenario)
      .map((result) => result[field] / 1e6);
    if (values.length === 0) return null;
    return { low: Math.min(...values), high: Math.max(...values) };
  };
  const shown = (/** @type {{ low: number, high: number } | null} */ value) =>
    value === null
      ? ''
      : value.low.toFixed(2) === value.high.toFixed(2)
        ? value.low.toFixed(2)
        : `${value.low.toFixed(2)}-${value.high.toFixed(2)}`;
  for (const scenario of scenarios) {
    const tessera = range('tessera', scenario);
    const peer = range('peer', scenario);
    const ratio =
      tessera && peer ? `${((tessera.low + tessera.high) / (peer.low + peer.high)).toFixed(2)}×` : '';
    const withCompilation = targets
      .map((target) => shown(range(target, scenario, 'withCompilationPerOperation')))
      .join(', ');
    console.log(`| ${scenario} | ${shown(tessera)} | ${shown(peer)} | ${ratio} | ${withCompilation} |`);
  }
  // The first table's figure by kind of code, the mean of the rounds (the low-high spread is in the first table).
  const kinds = [...CODE_KINDS.map(([kind]) => kind), OTHER_NATIVE];
  console.log(`\n| scenario | server | ${kinds.join(' | ')} |`);
  console.log(`|---|---|${kinds.map(() => '---:').join('|')}|`);
  for (const scenario of scenarios) {
    for (const target of targets) {
      const counted = alone.filter((result) => result.target === target && result.scenario === scenario);
      if (counted.length === 0) continue;
      const mean = (/** @type {string} */ kind) =>
        (
          counted.reduce((sum, result) => sum + (result.byKindPerOperation[kind] ?? 0), 0) /
          counted.length /
          1e6
        ).toFixed(2);
      console.log(`| ${scenario} | ${target} | ${kinds.map(mean).join(' | ')} |`);
    }
  }
  if (secondNode) printSecondNodeTable(results);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
}

/**
 * With --second-node: per round, A's count alone and beside B's load, and what each of B's operations cost A (the
 * difference of the two counts over B's operations in the second).
 * @param {{ scenario: string, round: number, mode: string, operationsOfB: number, instructionsPerOperation: number }[]} results
 */
function printSecondNodeTable(results) {
  console.log(
    '\n| scenario | round | A alone, M/op | A beside B, M/op | B operations during the count | A per operation of B (M) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const beside of results.filter((result) => result.mode === 'beside node B')) {
    const alone = results.find(
      (result) =>
        result.mode === 'alone' && result.scenario === beside.scenario && result.round === beside.round,
    );
    if (!alone) continue;
    const extra = (beside.instructionsPerOperation - alone.instructionsPerOperation) * operations;
    const perOperationOfB = beside.operationsOfB > 0 ? (extra / beside.operationsOfB / 1e6).toFixed(3) : '';
    console.log(
      `| ${beside.scenario} | ${beside.round} | ${(alone.instructionsPerOperation / 1e6).toFixed(2)} | ` +
        `${(beside.instructionsPerOperation / 1e6).toFixed(2)} | ${beside.operationsOfB} | ${perOperationOfB} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
