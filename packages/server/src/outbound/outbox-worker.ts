// The delivery loop of a durable outbox (webhooks, back-channel logout): rows written in the transaction of the
// change they tell of, then POSTed by a worker every node runs, one attempt at a time per row, with retries.
import type { Logger } from 'pino';
import { inSpan, SpanKind } from '../telemetry/tracing.js';
import { OutboundError } from './errors.js';

/** A row taken for one attempt: `attempts` counts this one and fences the answer's write (`recordAttempt`). */
export interface ClaimedRow {
  id: string;
  attempts: number;
}

/** What one attempt came to. */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  /** Null when delivered; else why not, naming no secret (the outbound fetch's messages name origin and rule). */
  error: string | null;
  at: Date;
}

export type OutboxStatus = 'delivered' | 'failed' | 'pending';

/** The SQL side of an outbox: each store implements it over its own table. */
export interface OutboxQueue<Row extends ClaimedRow> {
  /**
   * Takes one due row (as of `now`) for an attempt, or null: `FOR UPDATE SKIP LOCKED` lets workers on any node
   * each take a different row, and moving `next_attempt_at` to `leaseUntil` keeps it theirs while the attempt runs;
   * committed before anything is sent.
   */
  claimDue(now: Date, leaseUntil: Date): Promise<Row | null>;
  /** Records the attempt and its outcome, only while the row is still this attempt's (a stale worker changes nothing). */
  recordAttempt(
    row: Row,
    attempt: AttemptResult,
    outcome: { status: OutboxStatus; nextAttemptAt: Date },
  ): Promise<boolean>;
  /** Deletes up to `limit` delivered or failed rows created before `cutoff`. */
  purgeFinished(cutoff: Date, limit: number): Promise<number>;
}

export interface OutboxWorkerOptions<Row extends ClaimedRow> {
  /** For spans and log lines: `webhook delivery`, `back-channel logout`. */
  name: string;
  /** The wait after each failed attempt; a row still refused after the last is marked failed. */
  retryDelaysSeconds: readonly number[];
  /** The limit of one attempt; the lease is four times it. */
  attemptTimeoutMs: number;
  /** Attempts one worker makes at once. */
  concurrency: number;
  /** Rows one run attempts at most, so a run ends even while rows keep arriving. */
  maxPerRun: number;
  /** How long to wait between runs when `start` is given no interval (read before each wait). */
  pollIntervalMs: () => number;
  /** How long finished rows are kept (read at each purge). */
  retentionMs: () => number;
  /** Sends one attempt; resolves with the answer's status, or rejects (the outbound fetch's typed errors). */
  send: (row: Row, signal: AbortSignal) => Promise<number | 'skip'>;
  /** The span's attributes for one attempt (never a secret), and the one its outcome is set as. */
  spanAttributes: (row: Row) => Record<string, string | number>;
  deliveredAttribute: string;
  /** After each recorded attempt (metrics, audit): `status` is what the row became. */
  recorded?: (row: Row, attempt: AttemptResult, status: OutboxStatus) => Promise<void>;
}

/** How often a node deletes finished rows older than the retention, and how many at a time. */
const PURGE_INTERVAL_MS = 3600_000;
const PURGE_BATCH = 500;

export interface OutboxRun {
  attempted: number;
  delivered: number;
  /** Finished rows deleted for being older than the retention. */
  purged: number;
}

/** Thrown by `send` when the row cannot be sent as it stands; its message is recorded as the attempt's error. */
export class OutboxAttemptRefused extends Error {
  override name = 'OutboxAttemptRefused';
}

/** Why an attempt failed, in words that name no secret. */
export function attemptError(caught: unknown): string {
  return caught instanceof OutboundError || caught instanceof OutboxAttemptRefused
    ? caught.message
    : caught instanceof Error && caught.name === 'TimeoutError'
      ? 'no answer in time'
      : 'the request failed';
}

/**
 * Delivers an outbox's rows. Any node may run it, and several at once: each row is taken for one attempt at a time
 * (`OutboxQueue.claimDue`), and an answer is recorded only by the attempt that holds the row, so a row is delivered
 * once however many nodes run. Every node runs it on a timer; tests call `runOnce`.
 */
export class OutboxWorker<Row extends ClaimedRow> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly queue: OutboxQueue<Row>,
    private readonly options: OutboxWorkerOptions<Row>,
    private readonly logger: Logger,
  ) {}

  /** Attempts every due row (as of `now`) until none is left or the run's limit is reached; purges at most hourly. */
  async runOnce(now: Date = new Date()): Promise<OutboxRun> {
    const run: OutboxRun = { attempted: 0, delivered: 0, purged: 0 };
    const leaseMs = 4 * this.options.attemptTimeoutMs;
    const claim = () => this.queue.claimDue(now, new Date(now.getTime() + leaseMs));
    const lane = async (first: Row | null = null) => {
      let next: Row | null = first;
      while (run.attempted < this.options.maxPerRun) {
        const row = next ?? (await claim());
        next = null;
        if (!row) return;
        run.attempted += 1;
        // One span per attempt (docs/observability.md#tracing), its POST a child span of it.
        const delivered = await inSpan(
          this.options.name,
          SpanKind.INTERNAL,
          this.options.spanAttributes(row),
          async (span) => {
            const outcome = await this.attempt(row, now);
            span?.setAttribute(this.options.deliveredAttribute, outcome);
            return outcome;
          },
        );
        if (delivered) run.delivered += 1;
      }
    };
    // One claim first: a poll that finds nothing due (the usual case) is one statement, not one per lane. Once it
    // finds a row, the other lanes start beside the one attempting it.
    const first = await claim();
    if (first) {
      await Promise.all([lane(first), ...Array.from({ length: this.options.concurrency - 1 }, () => lane())]);
    }
    if (Math.abs(now.getTime() - this.lastPurge) >= PURGE_INTERVAL_MS) {
      this.lastPurge = now.getTime();
      const cutoff = new Date(now.getTime() - this.options.retentionMs());
      run.purged = await this.queue.purgeFinished(cutoff, PURGE_BATCH);
    }
    return run;
  }

  /** One attempt: send, record the answer, schedule the next attempt or end. */
  private async attempt(row: Row, now: Date): Promise<boolean> {
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const answer = await this.options.send(row, AbortSignal.timeout(this.options.attemptTimeoutMs));
      // The row's target is gone (deleted meanwhile): nothing to record.
      if (answer === 'skip') return false;
      statusCode = answer;
      if (statusCode < 200 || statusCode > 299) error = `the receiver answered ${statusCode}`;
    } catch (caught) {
      error = attemptError(caught);
    }
    const delivered = error === null;
    const delay = this.options.retryDelaysSeconds[row.attempts - 1];
    const status: OutboxStatus = delivered ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const nextAttemptAt = new Date(now.getTime() + (status === 'pending' ? delay! * 1000 : 0));
    const attempt: AttemptResult = {
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error: error?.slice(0, 500) ?? null,
      at: new Date(),
    };
    const recorded = await this.queue.recordAttempt(row, attempt, { status, nextAttemptAt });
    if (!recorded) return false;
    await this.options.recorded?.(row, attempt, status);
    return delivered;
  }

  /** Looks for due rows every `intervalMs`, or every `pollIntervalMs()` (read before each wait). */
  start(intervalMs?: number): void {
    const schedule = () => {
      const delay = intervalMs ?? this.options.pollIntervalMs();
      this.timer = setTimeout(() => {
        this.running = this.runOnce()
          .catch((error) => this.logger.error({ err: error }, `${this.options.name} failed`))
          .finally(() => {
            this.running = null;
            if (this.timer) schedule();
          });
      }, delay);
      this.timer.unref();
    };
    schedule();
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
