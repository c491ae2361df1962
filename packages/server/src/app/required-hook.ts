/**
 * What a slice needs done by a slice listed after it in app/modules.ts when something of its own ends: an account
 * disabled must end its grants, which the oauth slice owns and builds later. The later slice subscribes when it is
 * built. The composition root builds every module, so a hook that nobody handles is a wiring mistake, and it fails
 * the change instead of skipping it: skipping would leave tokens alive that the caller believes ended.
 */
export class RequiredHook<Args extends unknown[]> {
  private readonly handlers: ((...args: Args) => Promise<void>)[] = [];

  /** `what` names the event in the error a missing handler gives. */
  constructor(private readonly what: string) {}

  handle(handler: (...args: Args) => Promise<void>): void {
    this.handlers.push(handler);
  }

  /** Runs every handler in order, in the caller's transaction (their queries join it: db/transactions.ts). */
  async run(...args: Args): Promise<void> {
    if (this.handlers.length === 0)
      throw new Error(`nothing handles ${this.what}: a module did not subscribe`);
    for (const handler of this.handlers) await handler(...args);
  }
}
