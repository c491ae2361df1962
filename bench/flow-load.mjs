/**
 * The load loop of the stateful scenarios (code exchange, refresh, sign-in): N concurrent workers, each taking one
 * prepared item (an authorization code, a refresh-token chain, a user), running one operation with it — one or
 * several HTTP requests, every answer checked — and starting the next, until the time is up, the operation budget
 * is spent or the supply runs out. autocannon repeats one fixed request; these requests each carry a one-use value.
 * CPU is accounted exactly as for autocannon's runs (measure.mjs): server CPU from /proc per completed operation.
 */
import { latencyPercentiles, startAccounting } from './measure.mjs';

/** How many failures are kept, described, for the report. */
const PROBLEMS_KEPT = 5;

/**
 * What one operation ended with: `done` when every answer was the expected one; otherwise the step that failed,
 * with the status when it was an unexpected one.
 * @typedef {{ ok: true } | { ok: false, status?: number, problem: string }} Outcome
 */

/**
 * Where the items of a run come from. `take` gives the next one (undefined when none is left); `give` returns a
 * reusable item (a chain rotated to its new token, a user who may sign in again) after a successful operation.
 * @template T
 * @typedef {{ take: () => T | undefined, give: (item: T) => void, size: () => number }} Supply
 */

/**
 * A supply of one-use items (authorization codes), used in the order they were made (the oldest first, so none
 * expires while a younger one is used).
 * @template T
 * @param {T[]} items
 * @returns {Supply<T>}
 */
export function oneUseSupply(items) {
  let next = 0;
  return {
    take: () => (next < items.length ? items[next++] : undefined),
    give: () => {},
    size: () => items.length - next,
  };
}

/**
 * A supply of reusable items (refresh-token chains, users): an item is out while an operation uses it and comes
 * back only after a success, so a chain whose token's fate is unknown (no answer) is never used again.
 * @template T
 * @param {T[]} items
 * @returns {Supply<T>}
 */
export function reusableSupply(items) {
  const free = [...items];
  return {
    take: () => free.shift(),
    give: (item) => {
      free.push(item);
    },
    size: () => free.length,
  };
}

/**
 * Runs the operations and measures them.
 * @template T
 * @param {{ pid: number, connections: number, durationSeconds: number, maxOperations: number,
 *   supply: Supply<T>, operation: (item: T) => Promise<Outcome> }} options
 * @returns {Promise<import('./measure.mjs').LoadResult & { exhausted: boolean }>}
 */
export async function runFlowLoad({ pid, connections, durationSeconds, maxOperations, supply, operation }) {
  const latencies = new Float64Array(maxOperations);
  let started = 0;
  let completed = 0;
  let non2xx = 0;
  let errors = 0;
  let exhausted = false;
  /** @type {Record<string, { count: number }>} */
  const statusCodes = {};
  /** @type {string[]} */
  const problems = [];
  const note = (/** @type {string} */ problem) => {
    if (problems.length < PROBLEMS_KEPT) problems.push(problem);
  };

  const accounting = startAccounting(pid);
  const begin = performance.now();
  const deadline = begin + durationSeconds * 1000;
  let lastAnswer = begin;

  const worker = async () => {
    while (performance.now() < deadline && started < maxOperations) {
      const item = supply.take();
      if (item === undefined) {
        exhausted = true;
        return;
      }
      started += 1;
      const operationStart = performance.now();
      try {
        const outcome = await operation(item);
        if (outcome.ok) {
          latencies[completed++] = performance.now() - operationStart;
          supply.give(item);
        } else if (outcome.status !== undefined) {
          non2xx += 1;
          const status = String(outcome.status);
          statusCodes[status] = { count: (statusCodes[status]?.count ?? 0) + 1 };
          note(outcome.problem);
        } else {
          errors += 1;
          note(outcome.problem);
        }
      } catch (error) {
        // No answer (refused, reset, timed out): the item's state is unknown, so it is not used again.
        errors += 1;
        note(/** @type {Error} */ (error).message);
      }
      lastAnswer = performance.now();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));

  return {
    ...accounting.finish(completed, (lastAnswer - begin) / 1000),
    ...latencyPercentiles(latencies.subarray(0, completed)),
    non2xx,
    errors,
    statusCodes,
    problems,
    exhausted,
  };
}
