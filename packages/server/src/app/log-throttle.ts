/**
 * Lets a repeated warning through at most once per interval and counts the occurrences it held back, so an outage
 * shows in the log as a line every few seconds rather than one per request.
 */
export class LogThrottle {
  private lastLoggedAt = Number.NEGATIVE_INFINITY;
  private heldBack = 0;

  constructor(private readonly intervalMs: number) {}

  /** Null when this occurrence should not be logged; otherwise how many were held back since the last one logged. */
  take(now = Date.now()): number | null {
    if (now - this.lastLoggedAt < this.intervalMs) {
      this.heldBack += 1;
      return null;
    }
    const heldBack = this.heldBack;
    this.lastLoggedAt = now;
    this.heldBack = 0;
    return heldBack;
  }
}
