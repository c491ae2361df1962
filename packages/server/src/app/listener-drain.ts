import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How often idle keep-alive connections are reaped while a drain waits for in-flight requests. */
const IDLE_SWEEP_MS = 100;

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

  constructor(private readonly server: Server) {
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.shouldKeepAlive = false;
      this.pending.add(response);
      response.once('close', () => this.pending.delete(response));
    });
  }

  /** Responses not yet finished: requests being read or handled. */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * Stops accepting, lets in-flight requests finish for up to `graceMs`, then closes every connection left.
   * `close` is the framework's own close (which stops the listener and resolves once every connection has ended).
   * Resolves with the number of requests that were cut off.
   */
  async drain(close: () => Promise<void>, graceMs: number): Promise<number> {
    this.draining = true;
    for (const response of this.pending) {
      if (!response.headersSent) response.shouldKeepAlive = false;
    }
    const closed = close();
    this.server.closeIdleConnections();
    // A response that had already sent its headers keeps its connection alive; reap it once it turns idle.
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace_over'>((resolve) => {
      timer = setTimeout(() => resolve('grace_over'), graceMs);
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
