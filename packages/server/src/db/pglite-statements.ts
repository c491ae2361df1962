import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { tracedStatement } from './statement-tracing.js';

/** The query options drizzle's PGlite driver passes: the row shape, and parsers that override PGlite's by type. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

/**
 * Told when a statement or transaction starts waiting for PGlite (one backend: callers take turns) and when its turn
 * comes, with how long it waited: the embedded database's queue, for metrics.
 */
export interface QueueObserver {
  entered(): void;
  left(waitedMs: number): void;
}

/** The client drizzle's PGlite driver is given: PGlite's query and transaction, and nothing else is asked of it. */
export interface PgliteQueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
}

/**
 * PGlite with the service's hot statements prepared on the database once, as node-postgres does on PostgreSQL
 * (db/prepared.ts names them). PGlite's own `query` parses, describes and plans every statement anew, each step a
 * call of its own into the WebAssembly backend (six per query). A named statement is parsed and planned once, and
 * each execution is one call: Bind, Describe, Execute and Sync in one message. Every other statement is parsed as
 * the unnamed statement and described in one call, then run in another: two calls instead of six, with the same
 * messages PGlite's `query` sends (so the same answers and errors).
 *
 * PGlite is one backend for the whole process: its statements, like its transaction state, are shared by every
 * caller, so each exchange runs under PGlite's own query lock, and outside a transaction under its transaction lock
 * too, as PGlite's `query` does.
 */
export function withPreparedStatements(
  pglite: PGlite,
  preparedName: (text: string) => string | undefined,
  queue?: QueueObserver,
): PgliteQueryClient {
  const statements = preparedOn(pglite);
  const mergedParsers = new WeakMap<object, PGlite['parsers']>();

  const parsersFor = (options: QueryOptions | undefined) => {
    if (!options?.parsers) return pglite.parsers;
    let merged = mergedParsers.get(options.parsers);
    if (!merged) {
      merged = { ...pglite.parsers, ...(options.parsers as PGlite['parsers']) };
      mergedParsers.set(options.parsers, merged);
    }
    return merged;
  };

  /**
   * Parses the text as the named statement, or as the unnamed one (replacing the last), and learns its parameter
   * types: one call.
   */
  const parseAndDescribe = async (name: string | undefined, text: string): Promise<number[]> => {
    const messages = await pglite.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseDescribeStatementResults(messages);
  };

  /** The parameter types of a named statement, preparing it on first use. */
  const preparedParameterTypes = async (name: string, text: string): Promise<number[]> => {
    let statement = statements.get(name);
    if (!statement) {
      statement = parseAndDescribe(name, text);
      statements.set(name, statement);
      // A statement the database refused is not remembered: the next call prepares it again (and fails alike).
      statement.catch(() => statements.delete(name));
    }
    return statement;
  };

  /**
   * Runs a statement: the named one (prepared once), or else the text as the unnamed statement, parsed now. The
   * caller holds PGlite's locks, so nothing comes between the parse and the execution.
   */
  const execute = async <T>(
    name: string | undefined,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    const parameterTypes =
      name === undefined ? await parseAndDescribe(undefined, text) : await preparedParameterTypes(name, text);
    // As PGlite's query serializes a parameter: by the type the database described for it.
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pglite.execProtocolStream(
      Buffer.concat([
        protocol.serialize.bind({ statement: name ?? '', values: values as string[] }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, parsersFor(options), { rowMode: options?.rowMode });
    return result as Results<T>;
  };

  /** Runs `work` once PGlite's locks are held, telling the queue's observer how long it waited for its turn. */
  const inTurn = async <T>(work: () => Promise<T>, takeLocks: (work: () => Promise<T>) => Promise<T>) => {
    if (!queue) return takeLocks(work);
    const queuedAt = performance.now();
    queue.entered();
    let waiting = true;
    const stopWaiting = () => {
      if (!waiting) return;
      waiting = false;
      queue.left(performance.now() - queuedAt);
    };
    try {
      return await takeLocks(() => {
        stopWaiting();
        return work();
      });
    } finally {
      stopWaiting();
    }
  };

  const client = (inTransaction: boolean): PgliteQueryClient => ({
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      const name = preparedName(text);
      const run = () =>
        tracedStatement(text, params.length > 0, name, () => execute<T>(name, text, params, options));
      if (inTransaction) return inTurn(run, (work) => pglite.runExclusive(work));
      // As PGlite's query: a closing or closed instance refuses with its own error, and one still starting is awaited.
      await pglite._checkReady();
      return inTurn(
        async () => {
          const result = await run();
          // As PGlite's query: what a statement outside a transaction wrote reaches the file system now.
          await pglite.syncToFs();
          return result;
        },
        (work) => pglite._runExclusiveTransaction(() => pglite.runExclusive(work)),
      );
    },
    transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T> {
      return inTurn(
        () => fn(client(true)),
        (work) => pglite.transaction(() => work()),
      );
    },
  });
  return client(false);
}

/**
 * The statements prepared on each PGlite instance, by name, with the types their parameters are serialized as: one
 * backend, shared by every client made over it.
 */
const preparedStatements = new WeakMap<PGlite, Map<string, Promise<number[]>>>();

function preparedOn(pglite: PGlite): Map<string, Promise<number[]>> {
  let statements = preparedStatements.get(pglite);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(pglite, statements);
  }
  return statements;
}
