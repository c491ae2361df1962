/**
 * One measurement: a bounded autocannon load against one endpoint, with the server process's CPU time read from
 * /proc/<pid>/stat before and after, so the load tool's share of the machine does not blur the per-request cost.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** @type {number | undefined} */
let ticksPerSecond;

/** Clock ticks per second of /proc CPU times (`getconf CLK_TCK`, normally 100). */
export function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  }
  return ticksPerSecond;
}

/**
 * User plus system CPU time of a process (all its threads), in clock ticks: fields 14 and 15 of /proc/<pid>/stat.
 * The command name (field 2) may contain spaces, so fields are counted from its closing parenthesis.
 * @param {number} pid
 */
export function cpuTicks(pid) {
  const { user, system } = cpuTicksSplit(pid);
  return user + system;
}

/**
 * User and system (kernel) CPU time of a process apart, in clock ticks: the kernel's share is the socket work
 * (reads, writes, the loopback's delivery to the load generator), which instruction counts leave out.
 * @param {number} pid
 */
export function cpuTicksSplit(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

/**
 * Busy CPU time of the whole machine in clock ticks (first line of /proc/stat, everything but idle and iowait).
 */
export function machineBusyTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * @typedef {object} LoadRequest
 * @property {string} url
 * @property {'GET' | 'POST'} method
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

/**
 * @typedef {object} LoadResult
 * @property {number} requests completed requests; in the stateful scenarios (flow-load.mjs) completed operations,
 *   each one code exchange, one refresh or one whole sign-in of several requests
 * @property {number} seconds active wall time, from start to the last response
 * @property {number} requestsPerSecond completed requests (operations) per second
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} non2xx answers with an unexpected status (in the stateful scenarios: operations that got one)
 * @property {number} errors connection errors and timeouts, and in the stateful scenarios operations whose answer
 *   had the expected status but the wrong content
 * @property {Record<string, { count: number }>} statusCodes
 * @property {string[]} [problems] the first few failures of a stateful scenario, described
 * @property {number} serverCpuMicrosPerRequest server user+system CPU per completed request (operation)
 * @property {number} serverSystemShare the part of the server's CPU spent in the kernel (system time)
 * @property {number} serverCoreShare server CPU time over wall time (1 = one core busy all the time)
 * @property {number} loadCpuMicrosPerRequest the load tool's own CPU per request (this process)
 * @property {number} otherCoreShare CPU used by everything else on the machine over wall time (the other bench
 *   server, other users): above ~0.1 the run was disturbed
 */

/**
 * Percentile of a sorted sample (nearest rank).
 * @param {Float64Array} sorted
 * @param {number} fraction
 */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Runs autocannon for `durationSeconds` or until `maxRequests` responses, whichever comes first. Latency
 * percentiles come from every response's own time (autocannon's histogram keeps whole milliseconds only).
 * @param {LoadRequest & { pid: number, connections: number, durationSeconds: number, maxRequests: number }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ pid, connections, durationSeconds, maxRequests, ...request }) {
  const latencies = new Float64Array(maxRequests);
  let recorded = 0;
  const accounting = startAccounting(pid);
  const started = performance.now();
  let lastResponse = started;
  const instance = autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    pipelining: 1,
    duration: durationSeconds,
    maxOverallRequests: maxRequests,
    timeout: 10,
  });
  // autocannon's 'response' event: (client, statusCode, bytes, responseTime in ms).
  instance.on(
    'response',
    (
      /** @type {unknown} */ _client,
      /** @type {number} */ _status,
      /** @type {number} */ _bytes,
      /** @type {number} */ responseTime,
    ) => {
      if (recorded < latencies.length) latencies[recorded++] = responseTime;
      lastResponse = performance.now();
    },
  );
  const result = await instance;
  // autocannon stops on its one-second sampling tick; the active window ends with the last response.
  const completed = result.requests.total;
  return {
    ...accounting.finish(completed, (lastResponse - started) / 1000),
    ...latencyPercentiles(latencies.subarray(0, recorded)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  };
}

/**
 * p50 and p99 of a sample of latencies in milliseconds (sorted in place).
 * @param {Float64Array} latencies
 */
export function latencyPercentiles(latencies) {
  const sorted = latencies.sort();
  return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
}

/**
 * Starts the CPU accounting of one measurement: the server process's CPU time from /proc/<pid>/stat, the whole
 * machine's busy time from /proc/stat and this process's own (the load generator's), read now and again by
 * `finish`. Shared by autocannon's runs (runLoad) and the stateful scenarios' own load loop (flow-load.mjs).
 * @param {number} pid the server process
 */
export function startAccounting(pid) {
  const cpuBefore = cpuTicksSplit(pid);
  const machineBefore = machineBusyTicks();
  const loadCpuBefore = process.cpuUsage();
  const started = performance.now();
  return {
    /**
     * @param {number} completed operations completed in the window
     * @param {number} seconds active wall time (from the start to the last answer)
     */
    finish(completed, seconds) {
      const wallSeconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuTicksSplit(pid);
      const serverSystemSeconds = (cpuAfter.system - cpuBefore.system) / clockTicksPerSecond();
      const serverSeconds = (cpuAfter.user - cpuBefore.user) / clockTicksPerSecond() + serverSystemSeconds;
      const machineSeconds = (machineBusyTicks() - machineBefore) / clockTicksPerSecond();
      const loadCpu = process.cpuUsage(loadCpuBefore);
      const loadSeconds = (loadCpu.user + loadCpu.system) / 1e6;
      return {
        requests: completed,
        seconds,
        requestsPerSecond: completed / seconds,
        serverCpuMicrosPerRequest: completed > 0 ? (serverSeconds * 1e6) / completed : Number.NaN,
        serverSystemShare: serverSeconds > 0 ? serverSystemSeconds / serverSeconds : Number.NaN,
        serverCoreShare: serverSeconds / seconds,
        loadCpuMicrosPerRequest: completed > 0 ? (loadSeconds * 1e6) / completed : Number.NaN,
        otherCoreShare: Math.max(0, machineSeconds - serverSeconds - loadSeconds) / wallSeconds,
      };
    },
  };
}

/**
 * Waits (bounded) until the rest of the machine is quiet: CPU used by processes other than `ownPids` and this one
 * stays under `threshold` cores for a one-second sample. On a shared machine this keeps other people's builds out
 * of a measurement without slowing them down.
 * @param {{ ownPids: number[], threshold: number, maxWaitSeconds: number }} options
 * @returns {Promise<{ waitedSeconds: number, otherCores: number }>} the last sample
 */
export async function waitForQuiet({ ownPids, threshold, maxWaitSeconds }) {
  const started = performance.now();
  const ours = () =>
    ownPids.reduce((sum, pid) => sum + cpuTicks(pid), 0) / clockTicksPerSecond() +
    (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  let otherCores = Number.NaN;
  do {
    const machineBefore = machineBusyTicks();
    const oursBefore = ours();
    const sampleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seconds = (performance.now() - sampleStart) / 1000;
    const machine = (machineBusyTicks() - machineBefore) / clockTicksPerSecond();
    otherCores = Math.max(0, machine - (ours() - oursBefore)) / seconds;
    if (otherCores < threshold) break;
  } while ((performance.now() - started) / 1000 < maxWaitSeconds);
  return { waitedSeconds: (performance.now() - started) / 1000, otherCores };
}
