import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Ambient transactions: several services' writes, and the audit entry that describes them, commit together or not
 * at all (never a partial write), without every service and store taking a transaction parameter.
 *
 * The `Db` every service holds is a view over the real database (`transactionScoped`). Inside
 * `db.transaction(work)` (or `runInTransaction`), every query made through that view, by any service, runs in that
 * one transaction; a nested `transaction` is a savepoint. Outside one, the view is the database itself.
 *
 * What a transaction must not do before it commits: change in-process state other requests read (caches, loaded
 * keys), since a rollback would leave it describing data that never existed. Such work goes to `afterCommit`, and
 * caches are not filled from inside a transaction (`inTransaction` tells them). And nothing inside one may reach the
 * database around the view (`Database.withConnection`, `notify`): the embedded database runs one transaction at a
 * time, so that query would wait for the very transaction it is part of.
 */

/** A Drizzle database or transaction, as far as this module needs it: it opens a transaction (or savepoint). */
interface Opener {
  transaction(work: (tx: Opener) => Promise<unknown>, config?: unknown): Promise<unknown>;
}

interface Scope {
  root: Opener;
  tx: Opener;
  /** Cleared when the transaction (or savepoint) ends: work it spawned that outlives it uses the database again. */
  open: boolean;
  /** The enclosing transaction of the same database (this scope is then a savepoint in it). */
  parent: Scope | undefined;
  /** The scope this one was opened in, of any database. */
  outer: Scope | undefined;
  /** Run once the outermost transaction has committed; dropped if it, or this savepoint, rolls back. */
  committed: (() => void | Promise<void>)[];
}

const scopes = new AsyncLocalStorage<Scope>();
const rootOf = new WeakMap<object, Opener>();

/** The open transaction (or savepoint) of this database in the current async context, if any. */
function activeScope(db: object): Scope | undefined {
  const root = rootOf.get(db) ?? db;
  for (let scope = scopes.getStore(); scope; scope = scope.outer) {
    if (scope.root === root && scope.open) return scope;
  }
  return undefined;
}

/** Runs work in a transaction of `current` (the database, or the open transaction for a savepoint). */
async function runScoped(
  root: Opener,
  current: Opener,
  work: (tx: Opener) => Promise<unknown>,
  config: unknown,
  parent: Scope | undefined,
): Promise<unknown> {
  let scope: Scope | undefined;
  let result: unknown;
  try {
    result = await current.transaction((tx) => {
      scope = { root, tx, open: true, parent, outer: scopes.getStore(), committed: [] };
      return scopes.run(scope, () => work(tx));
    }, config);
  } finally {
    if (scope) scope.open = false;
  }
  const committed = scope?.committed ?? [];
  if (parent) {
    // A released savepoint commits only with its transaction.
    parent.committed.push(...committed);
  } else {
    await runAll(committed);
  }
  return result;
}

/** Runs every action, even after one fails (each keeps its own in-memory state right), then reports the first failure. */
async function runAll(actions: (() => void | Promise<void>)[]): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (const action of actions) {
    try {
      await action();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/** The database view services hold: its queries join the transaction open in the current async context. */
export function transactionScoped<D extends object>(root: D): D {
  const opener = root as unknown as Opener;
  const view = new Proxy(root, {
    get(target, property) {
      const scope = activeScope(target);
      if (property === 'transaction') {
        return (work: (tx: Opener) => Promise<unknown>, config?: unknown) =>
          runScoped(opener, scope?.tx ?? opener, work, config, scope);
      }
      const current = scope?.tx ?? target;
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  rootOf.set(view, opener);
  return view;
}

/** Runs work in one transaction: every query through `db`'s view inside it is part of it (a savepoint if nested). */
export function runInTransaction<T>(
  db: { transaction<R>(work: () => Promise<R>): Promise<R> },
  work: () => Promise<T>,
): Promise<T> {
  return db.transaction(() => work());
}

/** The database a view (`transactionScoped`) stands for, never a transaction of it; anything else as it is. */
export function rootDatabase<D extends object>(db: D): D {
  return (rootOf.get(db) ?? db) as D;
}

/** Whether a transaction of this database is open here (a cache must not keep what it reads now). */
export function inTransaction(db: object): boolean {
  return activeScope(db) !== undefined;
}

/**
 * Runs an action once the current transaction has committed, or now when there is none. For in-memory state that
 * follows the database (caches, loaded keys): it must not change for a write that may still roll back.
 */
export async function afterCommit(db: object, action: () => void | Promise<void>): Promise<void> {
  const scope = activeScope(db);
  if (scope) scope.committed.push(action);
  else await action();
}
