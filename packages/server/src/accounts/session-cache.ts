import { OwnedEntries } from '../db/owned-entries.js';

/** What the cache keeps per session: at least the session's id and its user's (sessions.ts says the rest). */
export interface CacheableSession {
  session: { id: string };
  user: { id: string };
}

/** How long an entry is trusted at most, even if the notification of its change never arrived (docs/operations.md). */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface SessionCacheOptions {
  /** Whether this node hears every change right now (ChangeBus.isCurrent): if not, nothing is served or kept. */
  isCurrent: () => boolean;
  /** Whether a transaction is open here: what it reads or writes may still roll back, so it is not kept. */
  inTransaction: () => boolean;
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds since the epoch; tests pass their own clock. */
  clock?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

/**
 * Live user sessions and their users, by session id, so that a session-authenticated request on the public port
 * does not ask the database who is calling, and a sign-in's next requests (the consent page, the approval) find the
 * session it just started without a lookup.
 *
 * Why an ended session, or a disabled user, is never served (the same rules as oauth/grant-status-cache.ts):
 * - every write that ends a session (SessionService.end, endAllForUser, rotate) announces it on the change bus
 *   (topic `sessions`), and every change of a user's status or claims is announced by UserService (topic `users`):
 *   the entries are dropped here at once and again when the write commits, and on every other node when the NOTIFY
 *   arrives;
 * - an answer is kept only if no drop happened since its caller took its mark (`mark()`) before reading: a read
 *   that a change overtook may describe the session or user from before it;
 * - an entry lives at most `ttlMs` (a bound should a notification ever be lost);
 * - a node that cannot confirm it hears the notifications (the bus is not current) reads the database every time.
 * Expiry is not decided from here: SessionService checks an entry's times as it checks a row's, and reads the row
 * again when the entry says the session idled out (another node may have slid it since).
 */
export class SessionCache<T extends CacheableSession> {
  /** By session id, owned by the session's user. */
  private readonly entries: OwnedEntries<Entry<T>>;
  private generation = 0;
  private readonly ttlMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.entries = new OwnedEntries(options.maxEntries ?? MAX_ENTRIES);
    this.clock = options.clock ?? Date.now;
  }

  /** Taken before reading what will be kept: keep() refuses it if anything was dropped since. */
  mark(): number {
    return this.generation;
  }

  /** The kept session, if this node may answer from its cache and the entry is young enough. */
  get(sessionId: string): T | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt < this.ttlMs) return entry.value;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Keeps a session read (or started) after `mark` was taken, unless something was dropped since. */
  keep(value: T, mark: number): void {
    if (mark !== this.generation || !this.usable()) return;
    this.forgetExpired();
    // Frozen: every caller shares the user, none may change what the next one sees.
    Object.freeze(value.user);
    this.entries.set(value.session.id, value.user.id, { value, storedAt: this.clock() });
  }

  /** Forgets one session (it ended). */
  dropSession(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  /** Forgets every session of a user (they ended, or the user's status or claims changed). */
  dropUser(userId: string): void {
    this.generation += 1;
    this.entries.deleteOwner(userId);
  }

  /** Forgets everything (this node may have missed changes). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether a session is kept (for tests). */
  has(sessionId: string): boolean {
    return this.entries.has(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Entries are kept in the order they were stored (keep() stores anew at the end), so the expired ones are at the
   * front: dropped here, so the cache holds one TTL's worth of sessions, not its bound's, however long it runs.
   */
  private forgetExpired(): void {
    const now = this.clock();
    for (const [sessionId, entry] of this.entries.oldestFirst()) {
      if (now - entry.storedAt < this.ttlMs) return;
      this.entries.delete(sessionId);
    }
  }

  private usable(): boolean {
    return this.options.isCurrent() && !this.options.inTransaction();
  }
}
