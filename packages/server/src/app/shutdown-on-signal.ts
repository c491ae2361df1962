import type { Logger } from 'pino';
import type { RunningServer } from './server.js';

/**
 * Time allowed after the grace period for closing what is left (database, change bus, Redis). A process that has
 * not exited by then exits with status 1 and says so.
 */
export const CLOSE_MARGIN_MS = 5_000;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Stops the process cleanly on SIGTERM or SIGINT: the server drains for up to the grace period, closes, and the
 * process exits 0. The handlers are installed before the server starts, so a signal that arrives while it is still
 * starting stops it as soon as it is up instead of killing it half-way; either way the process is gone within the
 * grace period plus CLOSE_MARGIN_MS of the signal.
 */
export class ShutdownOnSignal {
  private server: RunningServer | null = null;
  private signal: NodeJS.Signals | null = null;
  private signalledAt = 0;

  constructor(
    private readonly graceSeconds: number,
    private readonly logger: Logger,
  ) {
    for (const signal of SIGNALS) process.on(signal, () => this.received(signal));
  }

  /** Hands over the running server; stops it at once if a signal came while it was starting. */
  attach(server: RunningServer): void {
    this.server = server;
    if (this.signal) this.stop(this.signal);
  }

  private received(signal: NodeJS.Signals): void {
    if (this.signal) {
      // With Ctrl-C a worker gets SIGINT from the terminal and SIGTERM from its primary: one shutdown is enough.
      this.logger.info({ signal }, 'already stopping');
      return;
    }
    this.signal = signal;
    this.signalledAt = Date.now();
    setTimeout(
      () => {
        this.logger.error(
          { grace_seconds: this.graceSeconds, margin_seconds: CLOSE_MARGIN_MS / 1000 },
          'did not stop within the grace period and margin; exiting with status 1',
        );
        process.exit(1);
      },
      this.graceSeconds * 1000 + CLOSE_MARGIN_MS,
    ).unref();
    if (this.server) this.stop(signal);
  }

  private stop(signal: NodeJS.Signals): void {
    const server = this.server!;
    // The grace period runs from the signal, even when it came while the server was starting.
    const graceMs = Math.max(0, this.graceSeconds * 1000 - (Date.now() - this.signalledAt));
    this.logger.info(
      { signal, grace_seconds: this.graceSeconds },
      'stopping: no new connections, in-flight requests may finish within the grace period',
    );
    server.shutdown(graceMs).then(
      (cutOff) => {
        if (cutOff > 0)
          this.logger.warn(
            { requests: cutOff },
            'grace period over: closed connections of unfinished requests',
          );
        this.logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        this.logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  }
}
