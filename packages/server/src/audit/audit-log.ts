import { and, desc, eq, gte, lt, lte, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { inTransaction, runInTransaction } from '../db/transactions.js';
import type { AuditAction } from './actions.js';
import { auditEvents } from './tables.js';

export type AuditOutcome = 'success' | 'failure';
export type ActorType = 'admin' | 'admin_token' | 'user' | 'client' | 'system' | 'anonymous' | 'installer';

export interface AuditEventInput {
  action: AuditAction;
  outcome: AuditOutcome;
  /** `onBehalfOf`: the admin an `admin_token` acts for, kept in the details as `on_behalf_of`. */
  actor: { type: ActorType; id?: string | null; onBehalfOf?: string };
  target?: { type: string; id?: string | null };
  details?: Record<string, unknown>;
  /** Where the request came from (IP honours TESSERA_TRUST_PROXY through Fastify's request.ip). */
  request?: Pick<FastifyRequest, 'ip' | 'headers'>;
}

export interface AuditEvent {
  id: number;
  at: Date;
  action: string;
  outcome: string;
  actorType: string;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

export interface AuditFilter {
  from?: Date;
  to?: Date;
  action?: string;
  actor?: string;
  target?: string;
  outcome?: AuditOutcome;
  /** The id of the last event of the previous page: return the events after it in the list's order. */
  before?: number;
}

/**
 * Field names whose values never enter the audit log, at any depth (docs/admin.md#audit-log: secrets
 * redacted).
 */
const SECRET_FIELD =
  /secret|password|token|code|key|record|request|response|credential|cookie|authorization/i;

export const REDACTED = '[redacted]';

/** Returns a copy with every secret-looking field replaced, so a caller cannot leak one by accident. */
export function redactDetails(value: unknown, depth = 0): unknown {
  if (depth > 6) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactDetails(item, depth + 1));
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      result[name] =
        SECRET_FIELD.test(name) && inner !== null && typeof inner !== 'boolean'
          ? REDACTED
          : redactDetails(inner, depth + 1);
    }
    return result;
  }
  return value;
}

const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * A copy in which every string can be stored: an event describing hostile input must still be recorded, so what
 * PostgreSQL refuses in text and jsonb (NUL, and the escape of a lone surrogate) becomes U+FFFD instead of failing
 * the insert.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string')
    return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [storable(name), storable(inner)]),
    ) as T;
  }
  return value;
}

/** The columns an entry is written with (the id and time are the database's). */
const ENTRY_COLUMNS = [
  'action',
  'outcome',
  'actorType',
  'actorId',
  'targetType',
  'targetId',
  'ipAddress',
  'userAgent',
  'details',
] as const;

/** The row of an entry: strings made storable, secrets in the details redacted. */
function entryRow(event: AuditEventInput) {
  return storable({
    action: event.action,
    outcome: event.outcome,
    actorType: event.actor.type,
    actorId: event.actor.id ?? null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ipAddress: event.request?.ip ?? null,
    userAgent:
      typeof event.request?.headers['user-agent'] === 'string'
        ? event.request.headers['user-agent'].slice(0, 300)
        : null,
    details: redactDetails(
      event.actor.onBehalfOf === undefined
        ? (event.details ?? {})
        : { ...event.details, on_behalf_of: event.actor.onBehalfOf },
    ) as Record<string, unknown>,
  });
}

/** An entry's columns as placeholders (`entry_…`), for a statement prepared with a change (AuditLog.preparedAlong). */
function entryPlaceholders() {
  return Object.fromEntries(
    ENTRY_COLUMNS.map((column) => [column, sql.placeholder(`entry_${column}`)]),
  ) as unknown as typeof auditEvents.$inferInsert;
}

/** The values of entryPlaceholders for one entry's row. */
function entryValues(row: ReturnType<typeof entryRow>): Record<string, unknown> {
  return Object.fromEntries(ENTRY_COLUMNS.map((column) => [`entry_${column}`, row[column]]));
}

/** An entry as it is stored (secrets redacted), handed to the listeners (AuditLog.onRecorded). */
export type RecordedEntry = ReturnType<typeof entryRow> & { action: AuditAction };

/**
 * Work done in the transaction that records an entry (a webhook outbox row, say): it commits with the entry and the
 * change it describes, or not at all. `actions` says which entries it wants; no other entry pays for it.
 */
export interface AuditListener {
  actions: ReadonlySet<AuditAction>;
  recorded(entry: RecordedEntry): Promise<void>;
  /**
   * The same work as `recorded`, as a data-modifying CTE of an entry's prepared statement (AuditLog.preparedAlong),
   * so that entry is written with it in one statement and needs no transaction. Without it, such an entry is
   * written in a transaction with `recorded`.
   */
  along?: AuditListenerAlong;
}

/** A listener's work as part of the entry's own statement: the CTE, and its placeholders' values for one entry. */
export interface AuditListenerAlong {
  /** The CTE, named for the listener, with placeholders of its own (none named `entry_…`). */
  statement(db: Db): WithSubquery;
  values(entry: RecordedEntry): Record<string, unknown>;
}

/** A time range orders a list by time (AuditLog.list). */
function byTime(filter: AuditFilter): boolean {
  return filter.from !== undefined || filter.to !== undefined;
}

const anchor = alias(auditEvents, 'anchor');

/**
 * The keyset of a list ordered by time: the events after event `before` in (at desc, id desc) order, so events
 * written in the same instant are neither skipped nor repeated across pages. `before` stands where its event is;
 * an id no event has (a rolled-back insert's) stands at the time of the newest event below it, ahead of that
 * event. The event is found by primary key, and the comparison is a range of the (at, id) index.
 */
function olderInTime(db: Db, before: number): SQL {
  const anchorAt = db
    .select({ at: anchor.at })
    .from(anchor)
    .where(lte(anchor.id, before))
    .orderBy(desc(anchor.id))
    .limit(1);
  return sql`(${auditEvents.at}, ${auditEvents.id}) < (${anchorAt}, ${before})`;
}

/** The append-only audit log every slice writes to. */
export class AuditLog {
  private readonly listeners: AuditListener[] = [];
  /** Set once a statement was built with the listeners of its action (preparedAlong): none may be added after. */
  private listenersSettled = false;

  /**
   * `actions`: every action it records (app/modules.ts gathers them from the modules), for the admin portal's
   * filter.
   */
  constructor(
    private readonly db: Db,
    readonly actions: readonly AuditAction[],
  ) {}

  /** Registers work to do with every recorded entry of the listener's actions, in the entry's transaction. */
  onRecorded(listener: AuditListener): void {
    if (this.listenersSettled)
      throw new Error(
        'an audit listener must be registered before the first entry is recorded with a change',
      );
    this.listeners.push(listener);
  }

  private listenersOf(action: AuditAction): AuditListener[] {
    return this.listeners.filter((listener) => listener.actions.has(action));
  }

  /** Runs `write` with the entry's listeners in one transaction (the caller's, when one is open). */
  private async withListeners(row: RecordedEntry, write: () => Promise<unknown>): Promise<void> {
    const listeners = this.listenersOf(row.action);
    if (listeners.length === 0) {
      await write();
      return;
    }
    const all = async () => {
      await write();
      for (const listener of listeners) await listener.recorded(row);
    };
    await (inTransaction(this.db) ? all() : runInTransaction(this.db, all));
  }

  async record(event: AuditEventInput): Promise<void> {
    const row = entryRow(event);
    await this.withListeners(row, () => this.db.insert(auditEvents).values(row));
  }

  /**
   * A change made by data-modifying CTEs (INSERT, UPDATE or DELETE … RETURNING, e.g. SessionService's
   * startingSession) and the entry describing it, in one statement built and prepared once (db/prepared.ts):
   * PostgreSQL runs a statement atomically, so all are written or none, as with recordChange, in one round trip
   * instead of four (BEGIN, the change, the entry, COMMIT). `change` builds the CTEs with placeholders of their own
   * (none named `entry_…`); the function returned runs the statement with their values and the entry's, for entries
   * of `action` only. The listeners of `action` join the statement with their own CTE (AuditListener.along); if one
   * has none, the entry is written in a transaction with its work instead.
   *
   * `outcome`, a boolean expression over the CTEs (a row was inserted, say), is what the function resolves to: how
   * a change that may match nothing went. Without one it resolves to true.
   *
   * The statement is built at its first run, once every module has registered its listeners (a module listed after
   * the one preparing the statement may listen to its entries).
   */
  preparedAlong(
    name: string,
    action: AuditAction,
    change: (db: Db) => WithSubquery | WithSubquery[],
    outcome?: (db: Db) => SQL<boolean>,
  ): (changeValues: Record<string, unknown>, event: AuditEventInput) => Promise<boolean> {
    let run: ((changeValues: Record<string, unknown>, row: RecordedEntry) => Promise<boolean>) | null = null;
    const build = () => {
      this.listenersSettled = true;
      const listeners = this.listenersOf(action);
      const along = listeners.flatMap((listener) => (listener.along ? [listener.along] : []));
      const joined = along.length === listeners.length ? along : [];
      const statement = preparedQuery(this.db, name, (db) => {
        const entry = db
          .with(...[change(db)].flat(), ...joined.map((listener) => listener.statement(db)))
          .insert(auditEvents)
          .values(entryPlaceholders());
        return outcome ? entry.returning({ outcome: outcome(db) }) : entry;
      });
      const outcomeOf = (result: unknown) =>
        outcome ? (result as { outcome: boolean }[])[0]?.outcome === true : true;
      if (joined.length < listeners.length) {
        return async (changeValues: Record<string, unknown>, row: RecordedEntry) => {
          let result: unknown;
          await this.withListeners(row, async () => {
            result = await statement({ ...changeValues, ...entryValues(row) });
          });
          return outcomeOf(result);
        };
      }
      return async (changeValues: Record<string, unknown>, row: RecordedEntry) => {
        const listenerValues = joined.map((listener) => listener.values(row));
        return outcomeOf(
          await statement(Object.assign({ ...changeValues, ...entryValues(row) }, ...listenerValues)),
        );
      };
    };
    return async (changeValues, event) => {
      if (event.action !== action)
        throw new Error(`statement ${name} records ${action} entries, not ${event.action}`);
      run ??= build();
      return run(changeValues, entryRow(event));
    };
  }

  /**
   * Makes a change and records the entry describing it in one transaction (every mutation is audited:
   * docs/admin.md#audit-log): both are committed or neither is. A failing audit insert undoes the change; a
   * failing change leaves no entry. Every service the change calls joins the transaction through the database
   * view (db/transactions.ts).
   */
  recordChange<T>(
    change: () => Promise<T>,
    describe: AuditEventInput | ((result: T) => AuditEventInput),
  ): Promise<T> {
    return runInTransaction(this.db, async () => {
      const result = await change();
      await this.record(typeof describe === 'function' ? describe(result) : describe);
      return result;
    });
  }

  /**
   * recordChange for a change to one row that may not be there (a revocation by id): `change` answers undefined
   * when it found nothing, and then nothing is recorded and undefined is returned.
   */
  recordFoundChange<T>(
    change: () => Promise<T | undefined>,
    describe: AuditEventInput | ((result: T) => AuditEventInput),
  ): Promise<T | undefined> {
    return runInTransaction(this.db, async () => {
      const result = await change();
      if (result === undefined) return undefined;
      await this.record(typeof describe === 'function' ? describe(result) : describe);
      return result;
    });
  }

  /**
   * Records without letting a logging failure fail the request it describes. Only for events that are not a change
   * of their own (a failed attempt, a token issued), never inside a transaction whose rollback would lose them.
   */
  recordQuietly(event: AuditEventInput, onError: (error: unknown) => void): void {
    this.record(event).catch(onError);
  }

  private where(filter: AuditFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
    if (filter.to) conditions.push(lte(auditEvents.at, filter.to));
    if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
    if (filter.actor) conditions.push(eq(auditEvents.actorId, filter.actor));
    if (filter.target) conditions.push(eq(auditEvents.targetId, filter.target));
    if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
    if (filter.before !== undefined)
      conditions.push(
        byTime(filter) ? olderInTime(this.db, filter.before) : lt(auditEvents.id, filter.before),
      );
    return conditions.length ? and(...conditions) : undefined;
  }

  /**
   * Newest first; page with `before` = the last id of the previous page. Without a time range the order is the
   * id's (the order the events were written in); with `from` or `to` it is the time's, then the id's, so the page
   * is read from the (at, id) index within the range instead of by walking the primary key back through every
   * event outside it (docs/performance.md#query-plans). The ids cannot bound the range: an event's time is when its
   * transaction began, its id when it was written, and two transactions may take them in opposite orders.
   */
  async list(filter: AuditFilter, limit: number): Promise<AuditEvent[]> {
    const rows = await this.db
      .select()
      .from(auditEvents)
      .where(this.where(filter))
      .orderBy(...(byTime(filter) ? [desc(auditEvents.at), desc(auditEvents.id)] : [desc(auditEvents.id)]))
      .limit(limit);
    return rows as AuditEvent[];
  }

  async find(id: number): Promise<AuditEvent | null> {
    const [row] = await this.db.select().from(auditEvents).where(eq(auditEvents.id, id));
    return (row as AuditEvent | undefined) ?? null;
  }

  /** Every matching event in pages, newest first, for streaming exports without holding them all. */
  async *stream(filter: AuditFilter, pageSize = 500): AsyncGenerator<AuditEvent> {
    let before = filter.before;
    for (;;) {
      const page = await this.list({ ...filter, before }, pageSize);
      for (const event of page) yield event;
      if (page.length < pageSize) return;
      before = page[page.length - 1]!.id;
    }
  }
}

const CSV_COLUMNS = [
  'id',
  'at',
  'action',
  'outcome',
  'actor_type',
  'actor_id',
  'target_type',
  'target_id',
  'ip_address',
  'user_agent',
  'details',
] as const;

/**
 * One CSV cell. Cells a spreadsheet would read as a formula (=, +, -, @, and tab or CR) get a leading apostrophe
 * (OWASP CSV injection), then RFC 4180 quoting.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(event: AuditEvent): string {
  return `${[event.id, event.at, event.action, event.outcome, event.actorType, event.actorId, event.targetType, event.targetId, event.ipAddress, event.userAgent, event.details].map(csvCell).join(',')}\r\n`;
}

export function jsonLine(event: AuditEvent): string {
  return `${JSON.stringify({
    id: event.id,
    at: event.at.toISOString(),
    action: event.action,
    outcome: event.outcome,
    actor_type: event.actorType,
    actor_id: event.actorId,
    target_type: event.targetType,
    target_id: event.targetId,
    ip_address: event.ipAddress,
    user_agent: event.userAgent,
    details: event.details,
  })}\n`;
}
