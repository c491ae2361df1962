import { OwnedEntries } from './owned-entries.js';

export interface InvalidatedCacheOptions {
  /** Whether this node hears every change right now (ChangeBus.isCurrent): if not, nothing is served or kept. */
  isCurrent: () => boolean;
  /** Whether a transaction is open here: what it reads or writes may still roll back, so it is not kept. */
  inTransaction: () => boolean;
  /** How long an entry is trusted at most, even if the notification of its change never arrived. */
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds since the epoch; tests pass their own clock. */
  clock?: () => number;
  /** Told whether each lookup was answered from the cache (metrics: the cache's hit ratio). */
  lookups?: { hit(): void; miss(): void };
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * The mechanism behind the caches that a change announced on the change bus drops, each entry owned by a user
 * (oauth/grant-status-cache.ts: grants; accounts/sessions.ts: sessions). Why a changed entry is never served:
 * - every write that ends an entry or changes a user is announced on the change bus by the service that makes it;
 *   the entries are dropped here at once and again when the write commits, and on every other node when the NOTIFY
 *   arrives (ChangeBus.announce, applyChange);
 * - an answer is kept only if nothing was dropped since its caller took its mark (`mark()`) before reading: a read
 *   that a change overtook may describe what was there before it;
 * - an entry lives at most `ttlMs` (a bound should a notification ever be lost);
 * - a node that cannot confirm it hears the notifications (the bus is not current) serves and keeps nothing, and
 *   nothing is kept inside a transaction.
 * Entries past their TTL are forgotten as new ones are kept, so a cache holds one TTL's worth, not its bound's.
 */
export class InvalidatedCache<V> {
  private readonly entries: OwnedEntries<Entry<V>>;
  /** Counts drops: keep() refuses an answer read before the last one. */
  private generation = 0;
  private readonly clock: () => number;

  constructor(private readonly options: InvalidatedCacheOptions) {
    this.entries = new OwnedEntries(options.maxEntries);
    this.clock = options.clock ?? Date.now;
  }

  /** Taken before reading what will be kept: keep() refuses it if anything was dropped since. */
  mark(): number {
    return this.generation;
  }

  /** Whether this node may answer from the cache now. */
  usable(): boolean {
    return this.options.isCurrent() && !this.options.inTransaction();
  }

  /** The kept value, if this node may answer from its cache and the entry is young enough. */
  get(key: string): V | undefined {
    const value = this.lookup(key);
    if (value === undefined) this.options.lookups?.miss();
    else this.options.lookups?.hit();
    return value;
  }

  private lookup(key: string): V | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt < this.options.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps a value read after `mark` was taken, owned by `owner`, unless something was dropped since. */
  keep(key: string, owner: string, value: V, mark: number): void {
    if (mark !== this.generation || !this.usable()) return;
    this.forgetExpired();
    this.entries.set(key, owner, { value, storedAt: this.clock() });
  }

  /** Forgets an entry that ran out by its own rule (no change happened: reads in flight may still be kept). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets one entry (it changed or ended). */
  drop(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Forgets every entry of an owner (they ended, or the user's status or claims changed). */
  dropOwner(owner: string): void {
    this.generation += 1;
    this.entries.deleteOwner(owner);
  }

  /** Forgets everything (this node may have missed changes). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * A change-bus message of the cache's topic: `*` (everything), `user:<id>` (every entry of that user), or
   * `<kind>:<key>` (one entry).
   */
  applyChange(message: string): void {
    if (message === '*') this.clear();
    else if (message.startsWith('user:')) this.dropOwner(message.slice('user:'.length));
    else this.drop(message.slice(message.indexOf(':') + 1));
  }

  /** A message of the `users` topic: the user's id, or `*`. */
  applyUserChange(userId: string): void {
    if (userId === '*') this.clear();
    else this.dropOwner(userId);
  }

  /** Whether an entry is kept (for tests and metrics). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private forgetExpired(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries.oldestFirst()) {
      if (now - entry.storedAt < this.options.ttlMs) return;
      this.entries.delete(key);
    }
  }
}
