import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { inSpan, SpanKind } from '../telemetry/tracing.js';
import { LogThrottle } from './log-throttle.js';
import type { MemoryRateLimitStore, RateLimitStore } from './rate-limits.js';

/** A rate-limit check waits at most this long for Redis before this node counts on its own. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
const RECONNECT_MAX_MS = 2_000;
/** While Redis stays away, the warning repeats at most this often. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * Counts hits in Redis (limits hold across nodes: docs/operations.md#redis-outage): INCR and a first-hit
 * expiry in one round trip. Configured so that a request never waits on a Redis that is away: no offline
 * queue (a command while disconnected fails at once), no re-sending after a reconnect, a short command
 * timeout for a connection that stopped answering, and reconnection forever with a short backoff.
 */
export class RedisRateLimitStore {
  private readonly redis: Redis;
  private readonly warnings = new LogThrottle(WARNING_INTERVAL_MS);
  private announcedUnavailable = false;
  private closing = false;

  constructor(url: string, logger: Logger) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_MAX_MS),
    });
    const unavailable = (reason: string) => {
      if (this.closing) return;
      const heldBack = this.warnings.take();
      if (heldBack === null) return;
      this.announcedUnavailable = true;
      logger.warn(
        { reason, similarWarningsHeldBack: heldBack },
        'Redis unavailable: rate limits are counted per node until it answers again',
      );
    };
    this.redis.on('error', (error: Error) => unavailable(error.message));
    this.redis.on('close', () => unavailable('connection closed'));
    this.redis.on('ready', () => {
      if (!this.announcedUnavailable) return;
      this.announcedUnavailable = false;
      logger.info('Redis answers again: rate limits are shared across nodes again');
    });
  }

  /**
   * Waits (at most `ms`) for a connection, so that a node shares its counts from its first request. Called once
   * start-up work is done: a busy start-up can make the first connection attempts time out.
   */
  async waitUntilReady(ms: number): Promise<boolean> {
    if (this.ready) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        resolve(false);
      }, ms);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.redis.once('ready', onReady);
    });
  }

  /** Whether Redis is connected and ready for commands. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  async hit(key: string, windowSeconds: number) {
    // A child span (docs/observability.md#tracing) names the commands, never the key (it holds an address or id).
    return inSpan(
      'MULTI',
      SpanKind.CLIENT,
      { 'db.system.name': 'redis', 'db.operation.name': 'MULTI INCR EXPIRE TTL' },
      () => this.countHit(key, windowSeconds),
    );
  }

  private async countHit(key: string, windowSeconds: number) {
    const result = await this.redis
      .multi()
      .incr(`tessera:rl:${key}`)
      .expire(`tessera:rl:${key}`, windowSeconds, 'NX')
      .ttl(`tessera:rl:${key}`)
      .exec();
    const failed = result?.find(([error]) => error)?.[0];
    if (!result || failed) throw failed ?? new Error('Redis transaction aborted');
    const count = Number(result[0]?.[1] ?? 0);
    const ttl = Number(result[2]?.[1] ?? windowSeconds);
    return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  /**
   * A command went unanswered: the connection is suspect (a partition resets nothing), so it is destroyed and
   * Redis reconnects, rather than every later request waiting out the timeout on it.
   */
  dropConnection(): void {
    if (this.redis.status === 'ready') this.redis.stream?.destroy();
  }

  async close() {
    this.closing = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Rate limits shared through Redis that degrade to this node's own memory while Redis is away (docs/operations.md,
 * "Redis outage"): a sign-in is never refused or failed because Redis is down, each node keeps limiting on its own
 * meanwhile, and the shared counts resume by themselves once Redis answers again.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  constructor(
    private readonly shared: RedisRateLimitStore,
    private readonly local: MemoryRateLimitStore,
  ) {}

  get scope(): 'shared' | 'node' {
    return this.shared.ready ? 'shared' : 'node';
  }

  waitUntilReady(ms: number): Promise<boolean> {
    return this.shared.waitUntilReady(ms);
  }

  async hit(key: string, windowSeconds: number) {
    if (this.shared.ready) {
      try {
        return await this.shared.hit(key, windowSeconds);
      } catch {
        this.shared.dropConnection();
      }
    }
    return this.local.hit(key, windowSeconds);
  }

  async close() {
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
