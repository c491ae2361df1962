import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from './client.js';
import { afterCommit } from './transactions.js';

/** Cross-node cache invalidation over Postgres LISTEN/NOTIFY (docs/operations.md#database-partition). */
export const CHANGE_CHANNEL = 'tessera_changes';

/**
 * `grants`: a grant ended (key `grant:<id>`), every grant of a user (`user:<id>`), or many (`*`). `users`: a user's
 * status or claims changed (key: the user's id). Both feed the grant-status cache (oauth/grant-status-cache.ts).
 * `sessions`: a user session ended (key `session:<id>`, its id being the hash of its cookie), or every session of a
 * user (`user:<id>`); with `users`, they feed the session cache (accounts/sessions.ts). Both caches are
 * InvalidatedCaches (db/invalidated-cache.ts).
 */
export type ChangeTopic = 'settings' | 'signing_keys' | 'clients' | 'grants' | 'users' | 'sessions';

/** Drops or reloads what a topic caches; the key `*` means everything. A returned promise is awaited on resync. */
type Listener = (key: string) => void | Promise<void>;

const RESYNC_RETRY_MIN_MS = 250;
const RESYNC_RETRY_MAX_MS = 2_000;

export interface ChangeBusOptions {
  /**
   * How long caches stay trusted after notifications were last proven to arrive (TESSERA_CACHE_TRUST_SECONDS).
   * Past it, `isCurrent()` is false until the connection is back and every cache has been reloaded.
   */
  trustMs: number;
  logger?: Logger;
}

/**
 * Tells every node sharing the database that something cached changed. A message is `<topic>:<key>`; the key `*`
 * means "reload everything".
 *
 * It also answers whether this node's caches can be trusted (`isCurrent()`): a node cut off from the notifications
 * cannot know what another node changed, so past a short bound it stops vouching for cached values, and after the
 * connection comes back it reloads every cache before vouching again (docs/operations.md, "Database partition").
 */
export class ChangeBus {
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>();
  private unlisten: (() => void) | null = null;
  /** True from a missed notification (reconnect, failed reload) until every cache has been reloaded. */
  private resyncing = false;
  private resyncRunning = false;
  private resyncRequested = false;
  private stopped = false;
  private readonly trustMs: number;
  private readonly logger: Logger | undefined;

  constructor(
    private readonly database: Database,
    options: ChangeBusOptions,
  ) {
    this.trustMs = options.trustMs;
    this.logger = options.logger;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANGE_CHANNEL, {
      onPayload: (payload) => this.dispatch(payload),
      onResubscribed: () => this.resync('change notifications are back; reloading every cache'),
    });
  }

  /**
   * Whether this node may answer from its caches: notifications were proven to arrive within the trust bound and
   * no reload is pending. The embedded database is in-process, so it always is.
   */
  isCurrent(now = Date.now()): boolean {
    return !this.resyncing && now - this.database.notificationsConfirmedAt() <= this.trustMs;
  }

  on(topic: ChangeTopic, listener: Listener): void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
  }

  /**
   * Announces a change. Inside a transaction the NOTIFY is part of it: Postgres delivers it (to this node too) only
   * when the change commits, and never for a rollback, so no node reloads data that is not there yet.
   */
  async publish(topic: ChangeTopic, key: string): Promise<void> {
    await this.database.db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${`${topic}:${key}`})`);
  }

  /**
   * Announces a change that this node's caches must stop serving at once, not only when its own NOTIFY comes back
   * (which may be after the response that made the change): the listeners run now, so that reads already in flight
   * do not keep what they read, and again once the change has committed (a read that ran meanwhile saw the old
   * rows); every other node hears it through the NOTIFY, sent when the change commits.
   */
  async announce(topic: ChangeTopic, key: string): Promise<void> {
    void this.deliver(topic, key);
    await afterCommit(this.database.db, () => this.deliver(topic, key));
    await this.publish(topic, key);
  }

  /**
   * Runs this node's listeners for a change now, as its notification would, and resolves once they have: for a
   * cache that must read the database again after a write of its own. A listener that fails starts a reload of
   * every cache, as after a notification.
   */
  deliverHere(topic: ChangeTopic, key: string): Promise<void> {
    return this.deliver(topic, key);
  }

  private dispatch(payload: string): void {
    if (payload === '*') {
      this.resync('reload requested');
      return;
    }
    const separator = payload.indexOf(':');
    if (separator < 0) return;
    void this.deliver(payload.slice(0, separator) as ChangeTopic, payload.slice(separator + 1));
  }

  private async deliver(topic: ChangeTopic, key: string): Promise<void> {
    const calls = [...(this.listeners.get(topic) ?? [])].map((listener) =>
      // A change this node failed to load (the database away for a moment) would stay stale: reload everything.
      this.call(listener, key).catch(() => this.resync('a cache failed to reload after a change; retrying')),
    );
    await Promise.all(calls);
  }

  private async call(listener: Listener, key: string): Promise<void> {
    await listener(key);
  }

  /** Marks the caches untrusted and reloads all of them, retrying with backoff until every reload succeeds. */
  private resync(reason: string): void {
    this.resyncing = true;
    if (this.resyncRunning) {
      this.resyncRequested = true;
      return;
    }
    this.resyncRunning = true;
    this.logger?.info(reason);
    void this.reloadAll();
  }

  private async reloadAll(): Promise<void> {
    let attempt = 0;
    for (;;) {
      this.resyncRequested = false;
      const listeners = [...this.listeners.values()].flatMap((set) => [...set]);
      const results = await Promise.allSettled(listeners.map((listener) => this.call(listener, '*')));
      if (this.stopped) return;
      const failed = results.some((result) => result.status === 'rejected');
      if (!failed && !this.resyncRequested) break;
      if (failed) {
        if (attempt === 0) this.logger?.warn('caches could not be reloaded yet; retrying');
        const delay = Math.min(RESYNC_RETRY_MIN_MS * 2 ** attempt, RESYNC_RETRY_MAX_MS);
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        if (this.stopped) return;
      }
    }
    this.resyncing = false;
    this.resyncRunning = false;
    this.logger?.info('caches reloaded; answering from them again');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = null;
  }
}
