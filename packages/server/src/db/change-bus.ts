import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** Cross-node cache invalidation over Postgres LISTEN/NOTIFY (DESIGN §2). */
export const CHANGE_CHANNEL = 'tessera_changes';

export type ChangeTopic = 'settings' | 'signing_keys' | 'clients';

type Listener = (key: string) => void;

/**
 * Tells every node sharing the database that something cached changed. A message is `<topic>:<key>`; the key `*`
 * means "reload everything" (sent after a reconnect, when notifications may have been missed).
 */
export class ChangeBus {
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANGE_CHANNEL, (payload) => this.dispatch(payload));
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

  private dispatch(payload: string): void {
    if (payload === '*') {
      for (const set of this.listeners.values()) for (const listener of set) listener('*');
      return;
    }
    const separator = payload.indexOf(':');
    if (separator < 0) return;
    const topic = payload.slice(0, separator) as ChangeTopic;
    const key = payload.slice(separator + 1);
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }
}
