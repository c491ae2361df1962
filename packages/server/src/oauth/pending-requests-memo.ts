/**
 * What a pending authorization request holds that never changes once it is written: its client, parameters and the
 * browser it is bound to.
 */
export interface PendingRequestContent {
  clientId: string;
  parameters: unknown;
  browserHash: string | null;
  expiresAt: Date;
}

const MAX_ENTRIES = 10_000;

/** Parameters are plain JSON: frozen all the way down, so no reader changes what the next one is handed. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/**
 * The content of pending authorization requests this node wrote or read, by id hash, so that the approval
 * (POST /authorize/finalize) does not read again what the authorization endpoint wrote or the consent page read.
 *
 * Nothing here can be stale in a way that matters: a request's client and parameters are fixed when it is written,
 * and whether it is still pending (not consumed on any node, not expired) is decided by the statement that consumes
 * it, never by this memo. An entry is handed out only before its request's expiry, and dropped once this node has
 * consumed the request. Bounded: the oldest entry goes first.
 */
export class PendingRequestsMemo {
  private readonly entries = new Map<string, PendingRequestContent>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  remember(idHash: string, content: PendingRequestContent, now = new Date()): void {
    this.entries.delete(idHash);
    this.forgetExpired(now);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    // The same shape a read from the database gives (a JSON column: plain values, times as strings).
    const parameters = deepFreeze(JSON.parse(JSON.stringify(content.parameters)) as unknown);
    this.entries.set(idHash, Object.freeze({ ...content, parameters }));
  }

  /** The request's content if this node knows it and it has not expired; it may have been consumed meanwhile. */
  recall(idHash: string, now: Date): PendingRequestContent | undefined {
    const content = this.entries.get(idHash);
    if (!content) return undefined;
    if (content.expiresAt > now) return content;
    this.entries.delete(idHash);
    return undefined;
  }

  /**
   * Requests live the same time, so entries (kept in the order they were remembered) expire front first: dropped
   * here, so abandoned requests do not stay until the bound pushes them out.
   */
  private forgetExpired(now: Date): void {
    for (const [idHash, content] of this.entries) {
      if (content.expiresAt > now) return;
      this.entries.delete(idHash);
    }
  }

  forget(idHash: string): void {
    this.entries.delete(idHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
