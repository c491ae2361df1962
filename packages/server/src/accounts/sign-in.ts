import type { SQL, WithSubquery } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Metrics } from '../app/metrics.js';
import type { AuditAction } from '../audit/actions.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { SettingsService } from '../config/settings.js';
import type { Db } from '../db/client.js';
import { accountsError } from './errors.js';
import type { SecondFactorOwed, SecondFactors } from './second-factors.js';
import type { Session, SessionKind, SessionService, StartedSession } from './sessions.js';

/**
 * How the caller proved who they are, as RFC 8176 `amr` values: `pwd` (OPAQUE password) and `otp` today; a
 * passkey will be `hwk` (with `user` when it verified the user), federation `fed`.
 */
export type SignInMethod = 'pwd' | 'otp' | 'hwk' | 'user' | 'fed';

/** Levels of assurance carried as `acr`: one factor, or two (OIDC Core §2). */
export const ACR_ONE_FACTOR = 'urn:tessera:loa:1';
export const ACR_TWO_FACTORS = 'urn:tessera:loa:2';

type RequestFacts = Pick<FastifyRequest, 'ip' | 'headers'>;

export interface SignInAccount {
  id: string;
  email: string;
  /** Users only: unset for admins, whose addresses are not verified by link. */
  emailVerified?: boolean;
}

export interface SignInEvidence {
  /** The methods just proved (amr values). */
  methods: SignInMethod[];
  /**
   * The proof is multi-factor by itself (a passkey that verified its user): no second factor is owed, and it
   * counts as a recent one for sensitive actions.
   */
  multiFactor?: boolean;
  /**
   * The second factor owed, when the proof's own statement read it (a password sign-in of a user,
   * SecondFactors.owedFromFacts); absent, it is asked here.
   */
  secondFactorOwed?: SecondFactorOwed;
}

/**
 * Work of a later slice that a sign-in writing with one statement (no previous session to end) does in that same
 * statement: a pending authorization request's approval (accounts/authorization-continuation.ts). Its CTEs join the
 * session's and the audit entry's, so the sign-in and the work commit together, in one round trip.
 */
export interface SignInStatementWork {
  /** Names the sign-in's statement that does this work (one statement is prepared per kind of work). */
  name: string;
  /** The work's data-modifying CTEs, with placeholders of their own (none named `session_…` or `entry_…`). */
  ctes(db: Db): WithSubquery[];
  /** Whether the work was done (a boolean expression over its CTEs, read back from the statement). */
  done(db: Db): SQL<boolean>;
}

/**
 * What the sign-in asks for such work once the new session is known (and complete: no second factor owed): the
 * plan (the values of the work's placeholders, and whatever else its caller wants back), or null when there is
 * nothing to do for this session.
 */
export interface SignInStatementPlan<P extends { values: Record<string, unknown> }> {
  work: SignInStatementWork;
  plan(session: Session): Promise<P | null>;
  /** The statement with the work failed; the session then starts alone (SignInCompletion.signIn). */
  failed(error: unknown): void;
}

/** What became of the work a sign-in was offered, when it asked for its plan (SignInCompletion.signIn). */
export interface SignInStatementOutcome<P> {
  /** The plan, or null when there was nothing to do. */
  planned: P | null;
  /** Whether the sign-in's statement did the work (false without a plan, or when the statement failed). */
  done: boolean;
}

/**
 * The one way a sign-in completes, for users and admins alike, whatever proved it (a password today, a passkey or
 * an upstream identity provider later): the browser's previous session ends (session fixation, ASVS V7.2), a new one
 * starts with `amr`/`acr` true to the methods used and a second factor owed when policy says; the sign-in is audited
 * (with the session change, in one transaction) and counted. Completing the owed second factor and stepping up go
 * through here too, whichever factor was proved.
 */
export class SignInCompletion {
  /** A new session and its sign-in's audit entry in one statement, built and prepared once per kind. */
  private readonly startAudited;
  /** startAudited with a later slice's work (SignInStatementWork), one statement per kind of work. */
  private readonly startAuditedWith = new Map<string, SignInCompletion['startAudited']>();

  constructor(
    private readonly deps: {
      kind: SessionKind;
      sessions: SessionService;
      secondFactors: SecondFactors;
      audit: AuditLog;
      metrics: Metrics;
      settings: SettingsService;
    },
  ) {
    this.startAudited = deps.audit.preparedAlong(
      `${deps.kind}_session_start_audited`,
      this.auditAction,
      (db) => deps.sessions.startingSession(db),
    );
  }

  private get auditAction(): AuditAction {
    return this.deps.kind === 'admin' ? 'admin.sign_in' : 'user.sign_in';
  }

  /** User sign-ins on the public port are what `tessera_sign_ins_total` counts (docs/observability.md#metrics). */
  private count(methods: readonly SignInMethod[], outcome: 'success' | 'failure' | 'email_not_verified') {
    if (this.deps.kind !== 'user') return;
    const method = methods.includes('fed')
      ? 'federation'
      : methods.includes('hwk') || methods.includes('user')
        ? 'passkey'
        : 'password';
    this.deps.metrics.signIn(method, outcome);
  }

  private meta(request: RequestFacts) {
    return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
  }

  /**
   * A refused proof: who tried is unknown by design (every failure looks the same to the caller); where from is
   * recorded, and the method's own reason when it has one (a passkey's: unknown challenge, bad signature, ...).
   */
  failed(
    request: RequestFacts,
    onAuditError: (error: unknown) => void,
    detail: { method: SignInMethod; reason: string } | null = null,
  ): void {
    this.count(detail ? [detail.method] : ['pwd'], 'failure');
    this.deps.audit.recordQuietly(
      {
        action: this.auditAction,
        outcome: 'failure',
        actor: { type: 'anonymous' },
        details: detail ?? { reason: 'wrong_credentials' },
        request,
      },
      onAuditError,
    );
  }

  /** The statement that starts a session, records its entry and does `work`, prepared at its first use. */
  private startAuditedDoing(work: SignInStatementWork): SignInCompletion['startAudited'] {
    let statement = this.startAuditedWith.get(work.name);
    if (!statement) {
      statement = this.deps.audit.preparedAlong(
        `${this.deps.kind}_session_start_audited_${work.name}`,
        this.auditAction,
        (db) => [this.deps.sessions.startingSession(db), ...work.ctes(db)],
        work.done,
      );
      this.startAuditedWith.set(work.name, statement);
    }
    return statement;
  }

  /**
   * The account proved who it is: refuses an unverified address where policy requires verification, then ends the
   * previous session and starts the new one. The caller sets the cookie once this has committed.
   *
   * With `work`, a complete sign-in that writes with one statement asks for the work's plan and does it in that
   * statement: `work` in the answer says how that went. It is absent when the sign-in did not ask (a previous
   * session ended, or a second factor is owed), and the caller may then do the work on its own.
   */
  async signIn<P extends { values: Record<string, unknown> }>(
    account: SignInAccount,
    evidence: SignInEvidence,
    context: {
      previous: Session | null;
      request: RequestFacts;
      onAuditError: (error: unknown) => void;
      work?: SignInStatementPlan<P>;
    },
  ): Promise<{ started: StartedSession; secondFactor: SecondFactorOwed; work?: SignInStatementOutcome<P> }> {
    const { kind, sessions, secondFactors, audit, settings } = this.deps;
    if (
      kind === 'user' &&
      account.emailVerified === false &&
      settings.get('accounts.require_email_verification')
    ) {
      this.count(evidence.methods, 'email_not_verified');
      audit.recordQuietly(
        {
          action: this.auditAction,
          outcome: 'failure',
          actor: { type: kind, id: account.id },
          details: { reason: 'email_not_verified' },
          request: context.request,
        },
        context.onAuditError,
      );
      throw accountsError(
        'email_not_verified',
        'confirm your email address first; we can send the link again',
      );
    }
    // null is an answer (nothing owed): only an absent one is asked.
    const secondFactor = evidence.multiFactor
      ? null
      : evidence.secondFactorOwed !== undefined
        ? evidence.secondFactorOwed
        : await secondFactors.owedAtSignIn({ kind, id: account.id, label: account.email });
    const now = new Date();
    const authentication = {
      amr: evidence.multiFactor ? [...evidence.methods, 'mfa'] : evidence.methods,
      acr: evidence.multiFactor ? ACR_TWO_FACTORS : ACR_ONE_FACTOR,
      authTime: now,
    };
    const meta = {
      ...this.meta(context.request),
      secondFactorPending: secondFactor !== null,
      stepUpUntil: evidence.multiFactor ? this.recentUntil(now) : null,
    };
    const event = {
      action: this.auditAction,
      outcome: 'success',
      actor: { type: kind, id: account.id },
      request: context.request,
    } as const;
    const { previous, work } = context;
    let started: StartedSession;
    let outcome: SignInStatementOutcome<P> | undefined;
    if (previous) {
      started = await audit.recordChange(async () => {
        await sessions.end(previous.id, 'signed_in_again');
        return sessions.start(account.id, authentication, meta);
      }, event);
    } else {
      // Nothing to end: the session and its audit entry are one statement, the commonest sign-in's only write.
      const starting = sessions.startingValues(account.id, authentication, meta);
      started = starting.started;
      const planned = work && secondFactor === null ? await work.plan(started.session) : undefined;
      if (work && planned) {
        let done = false;
        try {
          done = await this.startAuditedDoing(work.work)({ ...starting.values, ...planned.values }, event);
        } catch (error) {
          // The statement wrote nothing (all or nothing), or committed and its answer was lost: the sign-in does
          // not depend on the work, so the session starts alone, with the same values. Had the first committed,
          // this one finds the session there and fails, as any write whose outcome is unknown.
          work.failed(error);
          await this.startAudited(starting.values, event);
        }
        outcome = { planned, done };
      } else {
        await this.startAudited(starting.values, event);
        if (planned === null) outcome = { planned, done: false };
      }
    }
    this.count(evidence.methods, 'success');
    return outcome === undefined ? { started, secondFactor } : { started, secondFactor, work: outcome };
  }

  /** Until when a second factor proved now allows sensitive actions. */
  private recentUntil(now = new Date()): Date {
    return new Date(now.getTime() + this.deps.settings.get('otp.step_up_seconds') * 1000);
  }

  /**
   * The second factor a sign-in owed was proved: the sign-in is complete (new session id, the method and `mfa` in
   * amr, two-factor acr, a fresh auth_time) and it counts as a recent second factor, so an immediate sensitive action
   * asks for none. Joins the caller's transaction (which records the factor's own audit entry).
   */
  completeSecondFactor(
    session: Session,
    method: SignInMethod,
    request: RequestFacts,
  ): Promise<StartedSession> {
    return this.deps.sessions.rotate(
      session,
      {
        amr: [...new Set([...session.amr, method, 'mfa'])],
        acr: ACR_TWO_FACTORS,
        authTime: new Date(),
        secondFactorPending: false,
        stepUpUntil: this.recentUntil(),
      },
      this.meta(request),
    );
  }

  /** Step-up: a second factor proved on a complete session allows sensitive actions for a while (new session id). */
  async stepUp(
    session: Session,
    method: SignInMethod,
    request: RequestFacts,
  ): Promise<{ started: StartedSession; until: Date }> {
    const until = this.recentUntil();
    const started = await this.deps.sessions.rotate(
      session,
      { amr: [...new Set([...session.amr, method, 'mfa'])], stepUpUntil: until },
      this.meta(request),
    );
    return { started, until };
  }
}
