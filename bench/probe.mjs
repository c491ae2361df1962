/**
 * Instruments a bench server child for the capacity and memory scripts (bench/capacity.mjs, bench/memory.mjs):
 * - counts every SQL statement the process sends to PostgreSQL, by command tag (SELECT, INSERT, UPDATE, DELETE,
 *   BEGIN, COMMIT, ...), and the rows each INSERT, UPDATE and DELETE affected, from the answers themselves (the
 *   `command` and `rowCount` of node-postgres' results), so the counts are exact and need no server extension;
 * - serves them, and the on-demand background jobs, on a loopback control port of its own:
 *     GET  /counters                  {statements, rows, rss}
 *     POST /housekeeping?hours=H      one housekeeping run as if H hours had passed (what it purged)
 *     POST /key-maintenance           one signing-key lifecycle step (what the 30 s timer does)
 * The control port is the bench's, never the server's: nothing here is reachable through Tessera's own listeners.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

/**
 * @typedef {object} StatementCounts
 * @property {Record<string, number>} statements statements answered, by command tag
 * @property {Record<string, number>} rows rows affected by INSERT, UPDATE and DELETE
 * @property {number} failed statements that failed (no result)
 * @property {number} writeCommits transactions that wrote and committed: a COMMIT after a write inside BEGIN …
 *   COMMIT, or a write statement sent on its own (autocommit). Each is one WAL flush the database must make
 *   durable before it answers (what group commit batches).
 */

/** The command tags whose row count is a count of rows written. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Wraps `Client.prototype.query` of the `pg` module the server build resolves, so every statement of every
 * connection of this process (pool, LISTEN connection, advisory-lock connections) is counted once. Pool.query
 * goes through Client.query, so wrapping the client alone does not double count.
 * @param {URL} dist the server build's directory
 * @returns {StatementCounts}
 */
export function countStatements(dist) {
  const pg = createRequire(new URL('main.js', dist))('pg');
  /** @type {StatementCounts} */
  const counts = { statements: {}, rows: {}, failed: 0, writeCommits: 0 };
  /**
   * Each connection's transaction state, followed from its answers (a connection answers in order).
   * @type {WeakMap<object, { open: boolean, wrote: boolean }>}
   */
  const transactions = new WeakMap();
  /**
   * @param {object} connection
   * @param {{ command?: string | null, rowCount?: number | null }} result
   * @param {boolean} modifyingSelect the statement is a SELECT over data-modifying CTEs (`WITH … UPDATE …
   *   SELECT`): tagged SELECT, it wrote when it returned rows (the exchange's and the refresh's one statement),
   *   so it counts as a write commit then; its rows written are not known from the answer (counted as none).
   */
  const record = (connection, result, modifyingSelect) => {
    const command = result.command ?? 'OTHER';
    counts.statements[command] = (counts.statements[command] ?? 0) + 1;
    const state = transactions.get(connection) ?? { open: false, wrote: false };
    transactions.set(connection, state);
    if (WRITE_COMMANDS.has(command))
      counts.rows[command] = (counts.rows[command] ?? 0) + (result.rowCount ?? 0);
    const writes = WRITE_COMMANDS.has(command) || (modifyingSelect && command === 'SELECT');
    if (command === 'BEGIN') Object.assign(state, { open: true, wrote: false });
    else if (command === 'COMMIT' || command === 'ROLLBACK') {
      if (command === 'COMMIT' && state.wrote) counts.writeCommits += 1;
      Object.assign(state, { open: false, wrote: false });
    } else if (writes && (result.rowCount ?? 0) > 0) {
      if (state.open) state.wrote = true;
      else counts.writeCommits += 1;
    }
  };
  /**
   * A simple-protocol query with several statements answers with one result each.
   * @param {object} connection
   * @param {unknown} result
   */
  const recordAll = (connection, result, modifyingSelect = false) => {
    for (const one of Array.isArray(result) ? result : [result])
      if (one) record(connection, one, modifyingSelect);
  };
  /** @param {unknown} query a query's text, or its config object (a prepared statement's carries `text`) */
  const isModifyingSelect = (query) => {
    const text =
      typeof query === 'string' ? query : /** @type {{ text?: unknown } | undefined} */ (query)?.text;
    return typeof text === 'string' && /^\s*with\b/i.test(text) && /\b(insert|update|delete)\b/i.test(text);
  };
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(/** @type {unknown[]} */ ...args) {
    const last = args.length - 1;
    const modifyingSelect = isModifyingSelect(args[0]);
    // Callback form (what pg.Pool uses): count in the callback.
    if (typeof args[last] === 'function') {
      const callback = /** @type {(error: unknown, result: unknown) => void} */ (args[last]);
      args[last] = (/** @type {unknown} */ error, /** @type {unknown} */ result) => {
        if (error) counts.failed += 1;
        else recordAll(this, result, modifyingSelect);
        callback(error, result);
      };
      return original.apply(this, args);
    }
    const returned = original.apply(this, args);
    // Promise form; a Submittable (a cursor) is left alone: the server uses none.
    if (returned && typeof returned.then === 'function') {
      returned.then(
        (/** @type {unknown} */ result) => recordAll(this, result, modifyingSelect),
        () => {
          counts.failed += 1;
        },
      );
    }
    return returned;
  };
  return counts;
}

/** Resident set size of this process in bytes, as the kernel reports it (VmRSS of /proc/self/status). */
export function residentBytes(pid = 'self') {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * Starts the control listener on a free loopback port.
 * @param {{ context: any, counts: StatementCounts | null }} options the running server's context
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startProbe({ context, counts }) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://probe');
    /** @param {number} status @param {unknown} body */
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const run = async () => {
      if (request.method === 'GET' && url.pathname === '/counters') {
        return answer(200, {
          ...(counts ?? { statements: {}, rows: {}, failed: 0, writeCommits: 0 }),
          rss: residentBytes(),
        });
      }
      if (request.method === 'POST' && url.pathname === '/housekeeping') {
        const hours = Number(url.searchParams.get('hours') ?? '0');
        if (!Number.isFinite(hours) || hours < 0) return answer(400, { error: 'hours' });
        const now = new Date(Date.now() + hours * 3_600_000);
        return answer(200, await context.housekeeping.runOnce(now));
      }
      if (request.method === 'POST' && url.pathname === '/key-maintenance') {
        await context.signingKeys.advance();
        return answer(200, { ok: true });
      }
      if (request.method === 'POST' && url.pathname === '/gc') {
        // Only with node --expose-gc: a full collection, so an RSS sample after it shows what is retained.
        const gc = /** @type {(() => void) | undefined} */ (globalThis.gc);
        if (gc) gc();
        const { heapUsed, external } = process.memoryUsage();
        return answer(200, { collected: Boolean(gc), rss: residentBytes(), heapUsed, external });
      }
      return answer(404, { error: 'not found' });
    };
    run().catch((error) => answer(500, { error: String(error?.message ?? error) }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
