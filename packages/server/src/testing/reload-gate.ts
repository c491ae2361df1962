/** A reload a `ReloadGate` holds: it has read the database and waits to use what it read. */
export interface HeldReload {
  key: string | undefined;
  /** Lets the reload go on, and resolves once it has used what it read. */
  release(): Promise<void>;
}

/**
 * Holds a cache's reloads between their read and their use (the cache's `afterReloadRead` hook), so a test can let
 * a later write or reload finish first and then release the earlier one: the order a slow query would give, made
 * deterministic.
 */
export class ReloadGate {
  /** Reloads pass straight through until a test sets this. */
  holding = false;
  private readonly held: HeldReload[] = [];
  private readonly waiting: ((reload: HeldReload) => void)[] = [];

  readonly hook = (key?: string): Promise<void> => {
    if (!this.holding) return Promise.resolve();
    return new Promise<void>((resume) => {
      const reload: HeldReload = {
        key,
        release: async () => {
          resume();
          // What a reload does after its hook runs without waiting on anything more: by the next turn of the event
          // loop (after every pending promise reaction) it is done.
          await new Promise((resolve) => setImmediate(resolve));
        },
      };
      const waiter = this.waiting.shift();
      if (waiter) waiter(reload);
      else this.held.push(reload);
    });
  };

  /** The next reload held (waiting for one to arrive if none is). */
  next(): Promise<HeldReload> {
    const reload = this.held.shift();
    if (reload) return Promise.resolve(reload);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
