/**
 * `node bench/http-floor.mjs`: the CPU a bare `node:http` server spends per request to send a fixed body, with no
 * framework, no routing and no hook: the floor under any Node.js server's answer of that size on this machine, to
 * read `npm run bench`'s JWKS and discovery figures against (docs/performance.md#where-the-time-goes).
 *
 * The server runs in a child process pinned to the last core, this process (autocannon, 10 connections) to the
 * first, as `npm run bench -- --pin` runs them; the server's user and system CPU time come from /proc.
 *
 * Options:
 *   --bytes=1640       the body's size (Tessera's JWKS with its three default keys is 1,640 bytes)
 *   --headers=tessera  the response headers Tessera sends on a public JSON document (its security headers from the
 *                      compiled server, cache-control, CORS), or `none` (content-type and content-length only)
 *   --duration=5       seconds per measurement, after a 2 s warm-up
 *   --rounds=2
 */
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { clockTicksPerSecond, cpuTicksSplit } from './measure.mjs';
import { positive } from './options.mjs';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: '1640' },
    headers: { type: 'string', default: 'tessera' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
  },
});
const bytes = Math.floor(positive('bytes', values.bytes));
const duration = positive('duration', values.duration);
const rounds = Math.floor(positive('rounds', values.rounds));
if (values.headers !== 'tessera' && values.headers !== 'none')
  throw new Error('--headers is tessera or none');

/** The headers of Tessera's JWKS answer in `npm run bench` (an http issuer: no HSTS): the route's, then the port's. */
async function tesseraHeaders() {
  /** @type {typeof import('../packages/server/dist/app/security-headers.js')} */
  const { JSON_CONTENT_SECURITY_POLICY, securityHeaders } = await import(
    '../packages/server/dist/app/security-headers.js'
  );
  return {
    'cache-control': 'public, max-age=600',
    'access-control-allow-origin': '*',
    ...securityHeaders('http://127.0.0.1'),
    'content-security-policy': JSON_CONTENT_SECURITY_POLICY,
  };
}

const body = JSON.stringify({ keys: 'x'.repeat(Math.max(0, bytes - 11)) });
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(body)),
  ...(values.headers === 'tessera' ? await tesseraHeaders() : {}),
};
const serverCode = `
const body = ${JSON.stringify(body)};
const headers = ${JSON.stringify(headers)};
require('node:http')
  .createServer((_request, response) => { response.writeHead(200, headers); response.end(body); })
  .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

const cores = availableParallelism();
if (cores < 2) throw new Error('needs at least two cores');
execFileSync('taskset', ['-apc', '0', String(process.pid)], { stdio: 'ignore' });
const server = spawn('taskset', ['-c', String(cores - 1), process.execPath, '-e', serverCode], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const port = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    server.stdout.once('data', (data) => resolve(Number(String(data).trim())));
  });
  const url = `http://127.0.0.1:${port}/`;
  await autocannon({ url, connections: 10, duration: 2 });
  for (let round = 1; round <= rounds; round++) {
    const before = cpuTicksSplit(/** @type {number} */ (server.pid));
    const result = await autocannon({ url, connections: 10, duration });
    const after = cpuTicksSplit(/** @type {number} */ (server.pid));
    const user = (after.user - before.user) / clockTicksPerSecond();
    const system = (after.system - before.system) / clockTicksPerSecond();
    const requests = result.requests.total;
    if (result.non2xx > 0 || result.errors > 0) throw new Error('a request failed');
    console.log(
      `round ${round}: bare node:http, ${Buffer.byteLength(body)} B body, ${values.headers} headers: ` +
        `${Math.round(requests / duration)} req/s, server ${(((user + system) * 1e6) / requests).toFixed(1)} µs/req ` +
        `(${((system / (user + system)) * 100).toFixed(0)} % kernel)`,
    );
  }
} finally {
  server.kill();
}
