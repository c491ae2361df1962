/**
 * `npm run bench:enumeration`: does the email-first passkey sign-in start (`POST /api/user/passkeys/sign-in/options`
 * with `email`) take the same time for an account that exists and for an address that does not? The answers
 * must be identical in shape and status, their times equal within noise
 * (docs/performance.md#email-first-passkey-sign-in-known-and-unknown-addresses).
 *
 * Starts Tessera (bench/tessera-server.mjs: the compiled server, its own process on 127.0.0.1, sign-in rate limits
 * raised; on PostgreSQL when DATABASE_URL is set), then sends the two kinds of request one at a time, alternating
 * (known, unknown, known, ...; a fresh unknown address each time, so nothing is cached for it), over one keep-alive
 * connection, and reports for each kind the median, the spread (p10–p90 and the interquartile range) and the
 * difference of the medians next to that spread. Every answer must be 200 with the same keys; anything else fails
 * the run. The timing is measured here and only reported: the test suite asserts shape and status, never time.
 *
 * Options: --requests=2000 (per kind, after --warmup=200 per kind), --pin (taskset: the server on the last core,
 * this process on the first).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { READY_PREFIX } from './child.mjs';
import { createHttpClient } from './http-client.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '200' },
    pin: { type: 'boolean', default: false },
  },
});
const requests = Number(options.requests);
const warmup = Number(options.warmup);
const lastCore = availableParallelism() - 1;
if (options.pin) {
  const { execFileSync } = await import('node:child_process');
  execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
}

/**
 * Starts bench/tessera-server.mjs and resolves with its ready line's details.
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, ready: { publicUrl: string, userEmail: string } }>}
 */
function startServer() {
  const script = join(BENCH_DIR, 'tessera-server.mjs');
  const command = options.pin ? 'taskset' : process.execPath;
  const args = options.pin ? ['-c', String(lastCore), process.execPath, script] : [script];
  const child = spawn(command, args, {
    cwd: BENCH_DIR,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on(
    'line',
    (line) => process.stderr.write(`[tessera] ${line}\n`),
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited before it was ready (code ${code})`)));
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on(
      'line',
      (line) => {
        if (line.startsWith(READY_PREFIX))
          resolve({ child, ready: JSON.parse(line.slice(READY_PREFIX.length)) });
      },
    );
  });
}

/**
 * @param {number[]} sorted
 * @param {number} q
 */
const quantile = (sorted, q) =>
  /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

/** @param {number[]} samples milliseconds */
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  return {
    median,
    p10: quantile(sorted, 0.1),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    p90: quantile(sorted, 0.9),
  };
}

const { child, ready } = await startServer();
const http = createHttpClient(1);
const url = new URL('/api/user/passkeys/sign-in/options', ready.publicUrl);
const origin = new URL(ready.publicUrl).origin;
/** @type {string | null} */
let expectedKeys = null;

/**
 * One request, timed from send to the whole answer read.
 * @param {string} email
 */
async function timedOptions(email) {
  const started = performance.now();
  const answer = await http.send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email }),
  });
  const elapsed = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${email}: status ${answer.status}: ${answer.body}`);
  const keys = JSON.stringify(Object.keys(JSON.parse(answer.body).options).sort());
  expectedKeys ??= keys;
  if (keys !== expectedKeys) throw new Error(`${email}: options keys ${keys}, expected ${expectedKeys}`);
  return elapsed;
}

const unknownEmail = () => `nobody-${randomBytes(6).toString('hex')}@example.com`;
try {
  /** @type {{ known: number[], unknown: number[] }} */
  const samples = { known: [], unknown: [] };
  for (let round = 0; round < warmup + requests; round++) {
    // Alternate which kind goes first, so neither always follows the other.
    const order = round % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const kind of order) {
      const elapsed = await timedOptions(kind === 'known' ? ready.userEmail : unknownEmail());
      if (round >= warmup) samples[/** @type {'known' | 'unknown'} */ (kind)].push(elapsed);
    }
  }
  const known = summary(samples.known);
  const unknown = summary(samples.unknown);
  const ms = (/** @type {number} */ value) => value.toFixed(3).padStart(8);
  console.log(
    `POST /api/user/passkeys/sign-in/options with email, ${requests} of each kind, alternating (ms)`,
  );
  console.log('kind       median      p10      p25      p75      p90');
  for (const [kind, row] of /** @type {const} */ ([
    ['known', known],
    ['unknown', unknown],
  ])) {
    console.log(
      `${kind.padEnd(8)} ${ms(row.median)} ${ms(row.p10)} ${ms(row.p25)} ${ms(row.p75)} ${ms(row.p90)}`,
    );
  }
  const difference = known.median - unknown.median;
  const spread = Math.min(known.p75 - known.p25, unknown.p75 - unknown.p25);
  console.log(
    `median difference (known - unknown): ${difference.toFixed(3)} ms; smaller interquartile range: ${spread.toFixed(3)} ms`,
  );
} finally {
  http.close();
  child.kill('SIGTERM');
}
