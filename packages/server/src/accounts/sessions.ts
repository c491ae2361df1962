import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql, type WithSubquery } from 'drizzle-orm';
import { RequiredHook } from '../app/required-hook.js';
import type { SettingsService } from '../config/settings.js';
import { constantTimeEqual, hashToken, randomToken } from '../crypto/tokens.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
import type { InvalidatedCache } from '../db/invalidated-cache.js';
import { preparedQuery } from '../db/prepared.js';
import { runInTransaction } from '../db/transactions.js';
import { sessions, users } from './tables.js';
import { toUser, type User } from './users.js';

/** How a session was authenticated; feeds `auth_time`, `amr` and `acr` of ID tokens (OIDC Core §2). */
export interface Authentication {
  /** RFC 8176 method values actually used: pwd, otp, hwk, user, fed, ... */
  amr: string[];
  acr: string;
  authTime: Date;
}

export interface Session extends Authentication {
  /** SHA-256 of the cookie value: the row key. */
  id: string;
  /** Non-secret identifier carried in tokens as `sid`. */
  publicId: string;
  /** The signed-in account: a user, or an admin user for admin sessions. */
  userId: string;
  secondFactorPending: boolean;
  /** Until when a recent second-factor proof allows sensitive actions (null: none). */
  stepUpUntil: Date | null;
  createdAt: Date;
}

/** How a session was started, besides its authentication. */
export interface SessionStartMeta {
  userAgent?: string;
  ipAddress?: string;
  secondFactorPending?: boolean;
  /** A sign-in whose proof was itself multi-factor counts as a recent second factor. */
  stepUpUntil?: Date | null;
}

export interface StartedSession {
  session: Session;
  /** The cookie value: shown to the browser only, stored only as a hash. */
  cookieValue: string;
  csrfToken: string;
  /** When the new session idles out and when it ends in any case, as written. */
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Why sessions ended, for the relying parties told of it (docs/logout.md#back-channel-logout) and the admin portal:
 * the user signed out (hosted UI) or an application asked (RP-Initiated Logout), a new sign-in replaced the browser's
 * session, the password changed or was reset or set by an admin, an admin ended the sessions or disabled or deleted
 * the account, SCIM deprovisioned it, or its address's proven owner took it over.
 */
export type SessionEndReason =
  | 'sign_out'
  | 'rp_logout'
  | 'signed_in_again'
  | 'password_changed'
  | 'password_reset'
  | 'password_set'
  | 'admin_ended'
  | 'account_disabled'
  | 'account_deleted'
  | 'scim_deprovisioned'
  | 'account_claimed';

/** A user session that has just ended: its row key, its `sid` and its user. */
export interface EndedSession {
  id: string;
  publicId: string;
  userId: string;
}

/** A live user session as a lookup answers it (the session cache's entries): the session, its times and its user. */
export interface CachedSession {
  session: Readonly<Session>;
  user: Readonly<User>;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  lastSeenAt: Date;
}

/** How long a cached session is trusted at most, even if the notification of its end never arrived (docs/operations.md). */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * A user session's cache, by session id and owned by the session's user, and the bus its ends are announced on
 * (topic `sessions`; every node's cache listens: accounts/services.ts). Its rules are InvalidatedCache's.
 */
export interface SessionCaching {
  cache: InvalidatedCache<CachedSession>;
  bus: ChangeBus;
}

/**
 * The CSRF token of a session, derived from the secret cookie value (domain-separated from the row id): only the
 * holder of the HttpOnly cookie's value can know it, the server needs no storage, and it stays stable for the
 * session's life so several tabs work. The UI reads it from GET /session (same-origin JSON).
 */
export function csrfTokenFor(cookieValue: string): string {
  return hashToken(`tessera-csrf\u0000${cookieValue}`);
}

export function verifyCsrfToken(cookieValue: string, presented: string | undefined): boolean {
  return presented !== undefined && constantTimeEqual(csrfTokenFor(cookieValue), presented);
}

/** The columns a new session is written with (newSession's row), in the order of startingSession's placeholders. */
const SESSION_COLUMNS = [
  'id',
  'publicId',
  'kind',
  'userId',
  'adminUserId',
  'authTime',
  'amr',
  'acr',
  'secondFactorPending',
  'stepUpUntil',
  'createdAt',
  'idleExpiresAt',
  'absoluteExpiresAt',
  'userAgent',
  'ipAddress',
] as const;

/** Throttle for sliding the idle expiry, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionKind = 'user' | 'admin';

function toSession(
  row: Pick<
    typeof sessions.$inferSelect,
    | 'id'
    | 'publicId'
    | 'userId'
    | 'adminUserId'
    | 'amr'
    | 'acr'
    | 'authTime'
    | 'secondFactorPending'
    | 'stepUpUntil'
    | 'createdAt'
  >,
): Session {
  return {
    id: row.id,
    publicId: row.publicId,
    userId: (row.userId ?? row.adminUserId)!,
    amr: row.amr,
    acr: row.acr,
    authTime: row.authTime,
    secondFactorPending: row.secondFactorPending,
    stepUpUntil: row.stepUpUntil,
    createdAt: row.createdAt,
  };
}

/**
 * First-party sessions: database rows found by the hash of the cookie value, with idle and absolute lifetimes from
 * settings. Every sign-in and step-up issues a new id (session fixation, ASVS V7.2).
 */
export class SessionService {
  // The public port's session lookup runs on every session-authenticated request: built and prepared once.
  private readonly sessionWithUserQuery;
  /**
   * User sessions ended (not rotated): what was issued in them must end or be told (the logout slice, built after
   * this one: back-channel logout and the sessions' refresh tokens). Runs in the ending write's transaction.
   */
  readonly ended = new RequiredHook<[sessions: EndedSession[], reason: SessionEndReason]>(
    'the end of user sessions',
  );

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    readonly kind: SessionKind = 'user',
    /** User sessions only (resolveWithUser is the lookup it serves); none for admins. */
    private readonly caching?: SessionCaching,
  ) {
    this.sessionWithUserQuery = preparedQuery(db, 'session_with_user', (db) =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, sql.placeholder('id')), eq(sessions.kind, 'user'), isNull(sessions.endedAt)),
        ),
    );
  }

  private idleSeconds(): number {
    return this.settings.get(this.kind === 'admin' ? 'admin.sessions.idle_seconds' : 'sessions.idle_seconds');
  }

  absoluteSeconds(): number {
    return this.settings.get(
      this.kind === 'admin' ? 'admin.sessions.absolute_seconds' : 'sessions.absolute_seconds',
    );
  }

  private idleExpiry(now: number): Date {
    return new Date(now + this.idleSeconds() * 1000);
  }

  private accountColumn() {
    return this.kind === 'admin' ? sessions.adminUserId : sessions.userId;
  }

  /** A new session's row and what its caller gets back, made before anything is written. */
  private newSession(
    userId: string,
    authentication: Authentication,
    meta: SessionStartMeta,
    publicId?: string,
  ): {
    row: Record<(typeof SESSION_COLUMNS)[number], unknown> & typeof sessions.$inferInsert;
    started: StartedSession;
  } {
    const cookieValue = randomToken();
    const now = Date.now();
    const row = {
      id: hashToken(cookieValue),
      publicId: publicId ?? randomBytes(16).toString('base64url'),
      kind: this.kind,
      userId: this.kind === 'user' ? userId : null,
      adminUserId: this.kind === 'admin' ? userId : null,
      authTime: authentication.authTime,
      amr: authentication.amr,
      acr: authentication.acr,
      secondFactorPending: meta.secondFactorPending ?? false,
      stepUpUntil: meta.stepUpUntil ?? null,
      createdAt: new Date(now),
      idleExpiresAt: this.idleExpiry(now),
      absoluteExpiresAt: new Date(now + this.absoluteSeconds() * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ipAddress: meta.ipAddress ?? null,
    };
    return {
      row,
      started: {
        session: toSession(row),
        cookieValue,
        csrfToken: csrfTokenFor(cookieValue),
        idleExpiresAt: row.idleExpiresAt,
        absoluteExpiresAt: row.absoluteExpiresAt,
      },
    };
  }

  async start(
    userId: string,
    authentication: Authentication,
    meta: SessionStartMeta = {},
    publicId?: string,
  ): Promise<StartedSession> {
    const { row, started } = this.newSession(userId, authentication, meta, publicId);
    await this.db.insert(sessions).values(row);
    return started;
  }

  /**
   * A new session's insert as a data-modifying CTE whose values are placeholders (`session_…`, filled from
   * startingValues), for one statement of the caller's that writes something with it, built and prepared once (the
   * sign-in's audit entry, AuditLog.preparedAlong): the session exists once that statement has run, not before.
   */
  startingSession(db: Db): WithSubquery {
    const values = Object.fromEntries(
      SESSION_COLUMNS.map((column) => [column, sql.placeholder(`session_${column}`)]),
    ) as unknown as typeof sessions.$inferInsert;
    // A placeholder in .values() is encoded as its column encodes a value, and drizzle's timestamp columns cannot
    // encode null: the one nullable time goes as text, cast by the database.
    values.stepUpUntil = sql`${sql.placeholder('session_stepUpUntil')}::timestamptz` as unknown as Date;
    return db.$with('started_session').as(db.insert(sessions).values(values).returning({ id: sessions.id }));
  }

  /** A new session: the values of startingSession's placeholders, and what the caller hands the browser once written. */
  startingValues(
    userId: string,
    authentication: Authentication,
    meta: SessionStartMeta = {},
  ): { values: Record<string, unknown>; started: StartedSession } {
    const { row, started } = this.newSession(userId, authentication, meta);
    const values = Object.fromEntries(SESSION_COLUMNS.map((column) => [`session_${column}`, row[column]]));
    values.session_stepUpUntil = row.stepUpUntil?.toISOString() ?? null;
    return { values, started };
  }

  /** The live session for a cookie value, or null when unknown, ended or expired. Slides the idle expiry. */
  async resolve(cookieValue: string | undefined): Promise<Session | null> {
    if (!cookieValue || cookieValue.length > 100) return null;
    const id = hashToken(cookieValue);
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.kind, this.kind), isNull(sessions.endedAt)));
    return row ? this.live(row) : null;
  }

  /**
   * resolve, with the session's user read in the same query: the public port's session lookup is then one round
   * trip per request, not two (a user session's `user_id` is always set), and none while the session is cached.
   */
  async resolveWithUser(cookieValue: string | undefined): Promise<{ session: Session; user: User } | null> {
    if (this.kind !== 'user' || !cookieValue || cookieValue.length > 100) return null;
    const id = hashToken(cookieValue);
    const cache = this.caching?.cache;
    const cached = cache?.get(id);
    if (cached) {
      const now = Date.now();
      if (cached.absoluteExpiresAt.getTime() <= now) return null;
      // Idled out as this node last saw it: another node may have slid it since, so the row decides.
      if (cached.idleExpiresAt.getTime() > now) {
        if (now - cached.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
          cached.idleExpiresAt = await this.slide(id, now);
          cached.lastSeenAt = new Date(now);
        }
        return { session: { ...cached.session }, user: cached.user };
      }
    }
    const mark = cache?.mark() ?? 0;
    const [row] = await this.sessionWithUserQuery({ id });
    if (!row) return null;
    const found = await this.liveTimes(row.session);
    if (!found) return null;
    const user = toUser(row.user);
    // A disabled user's session is refused by the caller; only what will be served is kept.
    if (user.status === 'active') this.keep({ ...found, user }, mark);
    return { session: { ...found.session }, user };
  }

  /**
   * Keeps a session this node just started (with the user that signed in, read after `mark`: cacheMark()),
   * so the sign-in's next requests find it without a lookup.
   */
  remember(started: StartedSession, user: User, mark: number): void {
    if (user.status !== 'active') return;
    this.keep(
      {
        session: { ...started.session },
        // Only a user's own fields: the account may be a larger object.
        user: {
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          name: user.name,
          status: user.status,
        },
        idleExpiresAt: started.idleExpiresAt,
        absoluteExpiresAt: started.absoluteExpiresAt,
        lastSeenAt: started.session.createdAt,
      },
      mark,
    );
  }

  /** What remember() must be given: taken before the signing-in account is read (null without a cache). */
  cacheMark(): number | undefined {
    return this.caching?.cache.mark();
  }

  /** Kept frozen: every caller shares the session and the user, none may change what the next one is served. */
  private keep(entry: CachedSession, mark: number): void {
    Object.freeze(entry.session);
    Object.freeze(entry.user);
    this.caching?.cache.keep(entry.session.id, entry.user.id, entry, mark);
  }

  /** The session of a row found by its id, if it has not expired; slides the idle expiry (throttled). */
  private async live(row: typeof sessions.$inferSelect): Promise<Session | null> {
    return (await this.liveTimes(row))?.session ?? null;
  }

  /** live(), with the session's times as they stand after any slide. */
  private async liveTimes(
    row: typeof sessions.$inferSelect,
  ): Promise<(Omit<CachedSession, 'user'> & { session: Session }) | null> {
    const now = Date.now();
    if (row.idleExpiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return null;
    let { idleExpiresAt, lastSeenAt } = row;
    if (now - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      idleExpiresAt = await this.slide(row.id, now);
      lastSeenAt = new Date(now);
    }
    return { session: toSession(row), idleExpiresAt, absoluteExpiresAt: row.absoluteExpiresAt, lastSeenAt };
  }

  /** Slides a session's idle expiry from now; returns the new expiry. */
  private async slide(id: string, now: number): Promise<Date> {
    const idleExpiresAt = this.idleExpiry(now);
    await this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), idleExpiresAt })
      .where(eq(sessions.id, id));
    return idleExpiresAt;
  }

  /**
   * Replaces a session with a new one (new id and cookie) carrying changes: completing a second factor or stepping
   * up (spec: the id rotates on sign-in and on step-up). The old session ends.
   */
  async rotate(
    session: Session,
    changes: {
      amr?: string[];
      acr?: string;
      authTime?: Date;
      secondFactorPending?: boolean;
      stepUpUntil?: Date | null;
    },
    meta: { userAgent?: string; ipAddress?: string } = {},
  ): Promise<StartedSession> {
    const started = await this.start(
      session.userId,
      {
        amr: changes.amr ?? session.amr,
        acr: changes.acr ?? session.acr,
        authTime: changes.authTime ?? session.authTime,
      },
      { ...meta, secondFactorPending: changes.secondFactorPending ?? session.secondFactorPending },
      // The same session to the relying parties: its `sid` stays, so a later logout reaches what was issued before.
      session.publicId,
    );
    if (changes.stepUpUntil !== undefined) {
      await this.db
        .update(sessions)
        .set({ stepUpUntil: changes.stepUpUntil })
        .where(eq(sessions.id, started.session.id));
      started.session.stepUpUntil = changes.stepUpUntil;
    }
    await this.endRows(eq(sessions.id, session.id));
    await this.caching?.bus.announce('sessions', `session:${session.id}`);
    return started;
  }

  /** Ends one session (a sign-out): what was issued in it ends or is told through `ended`. */
  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await runInTransaction(this.db, async () => {
      const ended = await this.endRows(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
      await this.caching?.bus.announce('sessions', `session:${sessionId}`);
      await this.announceEnded(ended, reason);
    });
  }

  async endAllForUser(userId: string, reason: SessionEndReason): Promise<void> {
    await runInTransaction(this.db, async () => {
      const ended = await this.endRows(and(eq(this.accountColumn(), userId), isNull(sessions.endedAt)));
      await this.caching?.bus.announce('sessions', `user:${userId}`);
      await this.announceEnded(ended, reason);
    });
  }

  private async endRows(condition: ReturnType<typeof and>): Promise<EndedSession[]> {
    const rows = await this.db
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(condition)
      .returning({ id: sessions.id, publicId: sessions.publicId, userId: sessions.userId });
    return rows.flatMap((row) => (row.userId === null ? [] : [{ ...row, userId: row.userId }]));
  }

  private async announceEnded(ended: EndedSession[], reason: SessionEndReason): Promise<void> {
    if (this.kind === 'user' && ended.length > 0) await this.ended.run(ended, reason);
  }
}
