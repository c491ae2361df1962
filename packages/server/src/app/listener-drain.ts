import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How often idle keep-alive connections are reaped while a drain waits for in-flight requests. */
const IDLE_SWEEP_MS = 100;
/**
 * Before the listener closes, it keeps accepting until no connection has come for this long: connections the
 * kernel completed before the signal (their requests possibly sent already) wait in the listen backlog, or with
 * `--workers` in the cluster primary's queue, until the process accepts them; closing the listener first resets
 * them (ECONNRESET for a request sent before the signal).
 */
export const ACCEPT_QUIET_MS = 50;
/** The longest the listener keeps accepting after the signal, however steadily connections keep coming. */
export const ACCEPT_WINDOW_MAX_MS = 1_000;

/**
 * Watches one HTTP listener's responses so that a shutdown can drain it within a bound.
 *
 * Node stops enforcing `headersTimeout` and `requestTimeout` once `server.close()` is called, and a keep-alive
 * connection whose request finishes after that stays open for the whole keep-alive timeout. Left alone, one client
 * holding half a request keeps the process up for ever. A drain therefore: stops accepting, closes idle
 * connections at once, asks every response still to be written to close its connection afterwards
 * (`Connection: close`, RFC 9112 §9.6), and when the grace period is over destroys whatever is left.
 */
export class ListenerDrain {
  private readonly pending = new Set<ServerResponse>();
  private draining = false;
  private lastConnectionAt = 0;

  constructor(private readonly server: Server) {
    server.on('connection', () => {
      this.lastConnectionAt = Date.now();
    });
    const pending = this.pending;
    // One listener function for every response ('close' comes once, with the response as `this`): no closure per
    // request.
    function finished(this: ServerResponse) {
      pending.delete(this);
    }
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.shouldKeepAlive = false;
      pending.add(response);
      response.on('close', finished);
    });
  }

  /** Responses not yet finished: requests being read or handled. */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * Keeps accepting until no connection came for ACCEPT_QUIET_MS (at most ACCEPT_WINDOW_MAX_MS, never past
   * `deadline`): each quiet period ends with a turn of the event loop's poll phase, where waiting connections are
   * accepted and their bytes read, so a loop that was busy for a while cannot mistake its own delay for quiet.
   */
  private async acceptWaiting(deadline: number): Promise<void> {
    const until = Math.min(deadline, Date.now() + ACCEPT_WINDOW_MAX_MS);
    for (;;) {
      const lookedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, ACCEPT_QUIET_MS));
      await new Promise((resolve) => setImmediate(resolve));
      if (this.lastConnectionAt < lookedAt || Date.now() >= until) return;
    }
  }

  /**
   * Stops accepting, lets in-flight requests finish for up to `graceMs`, then closes every connection left.
   * `close` is the framework's own close (which stops the listener and resolves once every connection has ended).
   * Resolves with the number of requests that were cut off.
   *
   * From the start every response is sent with `Connection: close`; the listener itself closes once the
   * connections already waiting to be accepted are taken (acceptWaiting), and idle keep-alive connections close
   * then too, after the bytes already sent on them were read (a request among them is answered, not reset).
   */
  async drain(close: () => Promise<void>, graceMs: number): Promise<number> {
    const deadline = Date.now() + graceMs;
    this.draining = true;
    for (const response of this.pending) {
      if (!response.headersSent) response.shouldKeepAlive = false;
    }
    await this.acceptWaiting(deadline);
    const closed = close();
    this.server.closeIdleConnections();
    // A response that had already sent its headers keeps its connection alive; reap it once it turns idle.
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace_over'>((resolve) => {
      timer = setTimeout(() => resolve('grace_over'), Math.max(0, deadline - Date.now()));
    });
    try {
      if ((await Promise.race([closed.then(() => 'closed' as const), graceOver])) === 'closed') return 0;
      const cutOff = this.pending.size;
      // Stalled and slow clients alike: the grace period is the bound we promised.
      this.server.closeAllConnections();
      await closed;
      return cutOff;
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  }
}
