/**
 * Helpers shared by the two bench server entries (tessera-server.mjs, peer-server.mjs): how a child announces
 * itself to the orchestrator and how it shuts down.
 */

/** Prefix of the one stdout line carrying the child's connection details as JSON. */
export const READY_PREFIX = 'BENCH_READY ';

/**
 * Prints the ready line: one line of JSON after a fixed prefix, so log or notice lines on stdout can never be
 * mistaken for it.
 * @param {Record<string, unknown>} details
 */
export function announceReady(details) {
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(details)}\n`);
}

/**
 * Runs `close` once on SIGTERM, SIGINT or end of stdin (the orchestrator died and its pipe closed), then exits.
 * A normal exit lets `node --cpu-prof` write its profile. Closing is bounded: after `graceMs` the process exits
 * anyway.
 * @param {() => Promise<void>} close
 * @param {number} [graceMs]
 */
export function exitOnSignal(close, graceMs = 10_000) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), graceMs).unref();
    close()
      .catch((error) => console.error('bench child: close failed', error))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  if (!process.stdin.isTTY) {
    process.stdin.on('end', shutdown);
    process.stdin.resume();
  }
}

/**
 * Starts the V8 CPU profiler (the one behind `node --cpu-prof`) in this process through node:inspector, so a
 * profile covers the load only, not start-up and migrations. The returned function stops it and writes the
 * `.cpuprofile` JSON (readable by bench/profile-summary.mjs and by Chrome DevTools).
 * @param {string} file
 * @param {number} [intervalMicros] sampling interval
 * @returns {Promise<() => Promise<void>>}
 */
export async function startCpuProfile(file, intervalMicros = 250) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalMicros });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** The line a child prints once a collection asked for with SIGUSR2 is done. */
export const COLLECTED_LINE = 'BENCH_COLLECTED';

/**
 * Started with `node --expose-gc`, runs a full garbage collection on SIGUSR2 and then prints COLLECTED_LINE, so a
 * measurement can start on a fresh heap (bench/instructions.mjs: a major collection that falls in one count and
 * not in the next moved it by 25 %). Without --expose-gc it does nothing: the other benches never send the signal.
 */
export function collectGarbageOnSignal() {
  const collect = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  if (typeof collect !== 'function') return;
  process.on('SIGUSR2', () => {
    collect();
    process.stdout.write(`${COLLECTED_LINE}\n`);
  });
}
