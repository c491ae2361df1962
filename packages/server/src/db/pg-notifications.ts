import pg from 'pg';

/** What a subscriber to a NOTIFY channel is told. */
export interface NotificationHandlers {
  onPayload(payload: string): void;
  /**
   * The subscription is back after the connection was lost: notifications sent in between were missed, so the
   * subscriber reloads whatever it caches.
   */
  onResubscribed(): void;
}

/** The connection proves itself this often; a missed answer is a lost connection (a partition resets nothing). */
export const HEARTBEAT_INTERVAL_MS = 1_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 2_000;

export interface NotificationConnectionOptions {
  connectTimeoutMs: number;
  /** Told about each loss, so the process can log it; never given the URL or credentials. */
  onLost?: (reason: string) => void;
  onRestored?: () => void;
}

/**
 * The one PostgreSQL connection a node LISTENs on. It runs `SELECT 1` every second: Postgres sends a listening
 * session its pending notifications before answering, so each answer proves every notification committed before it
 * has arrived. After any loss — an error, the server closing, or a heartbeat left unanswered — it reconnects with
 * backoff, LISTENs again on every channel and tells each subscriber that it may have missed notifications.
 */
export class PgNotificationConnection {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<NotificationHandlers>>();
  private confirmed = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatInFlight = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempts = 0;
  private closed = false;
  private opening: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly options: NotificationConnectionOptions,
  ) {}

  /** When the connection last proved that notifications reach this process (ms since the epoch; 0: never). */
  get confirmedAt(): number {
    return this.confirmed;
  }

  /** Subscribes to a channel; the first subscription opens the connection (and fails if the database is away). */
  async subscribe(channel: string, handlers: NotificationHandlers): Promise<() => void> {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
      try {
        if (this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        else if (!this.reconnectTimer) await this.openOnce();
        // Otherwise a reconnect is already scheduled and will LISTEN on this channel too.
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    subscribers.add(handlers);
    const added = subscribers;
    return () => {
      added.delete(handlers);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }

  /** One opening at a time, however many channels are subscribed to at once. */
  private openOnce(): Promise<void> {
    if (!this.opening) {
      this.opening = this.open().finally(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  /** Connects and LISTENs on every channel; on failure the half-open client is discarded and the error thrown. */
  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
    });
    // Registered before connecting: an 'error' event without a listener would end the process.
    client.on('error', () => this.lost(client, 'connection error'));
    client.on('end', () => this.lost(client, 'connection closed'));
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) {
        subscriber.onPayload(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.confirmed = Date.now();
    this.startHeartbeat(client);
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.client !== client) return;
    this.client = null;
    this.stopHeartbeat();
    client.removeAllListeners('end');
    // Not awaited: over a partition the goodbye may never be answered.
    client.end().catch(() => {});
    if (this.closed) return;
    this.options.onLost?.(reason);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** this.reconnectAttempts, RECONNECT_MAX_MS);
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = null;
    if (this.closed) return;
    try {
      await this.openOnce();
    } catch {
      if (!this.closed) this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    this.reconnectAttempts = 0;
    this.options.onRestored?.();
    for (const subscribers of this.channels.values()) {
      for (const subscriber of subscribers) subscriber.onResubscribed();
    }
  }

  private startHeartbeat(client: pg.Client): void {
    this.heartbeat = setInterval(() => void this.beat(client), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.heartbeatInFlight = false;
  }

  private async beat(client: pg.Client): Promise<void> {
    if (this.heartbeatInFlight) return;
    this.heartbeatInFlight = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat unanswered')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
      if (this.client === client) this.confirmed = Date.now();
    } catch (error) {
      this.lost(
        client,
        (error as Error).message === 'heartbeat unanswered' ? 'heartbeat unanswered' : 'heartbeat failed',
      );
    } finally {
      clearTimeout(timer);
      if (this.client === client) this.heartbeatInFlight = false;
    }
  }
}
