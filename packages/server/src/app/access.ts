import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FactorAccount, SecondFactorOwed, SecondFactors } from '../accounts/second-factors.js';
import {
  csrfTokenFor,
  type Session,
  type SessionKind,
  type SessionService,
  type StartedSession,
  verifyCsrfToken,
} from '../accounts/sessions.js';
import type {
  SignInAccount,
  SignInCompletion,
  SignInEvidence,
  SignInStatementOutcome,
  SignInStatementPlan,
} from '../accounts/sign-in.js';
import type { Port } from './app-types.js';
import { ApiError } from './errors.js';

/**
 * What a route requires of its caller, declared as data on every route of both ports (`config: { access }`) and
 * enforced by one `onRequest` hook per port (`registerAccessHook`) before the body is parsed or validated, so a
 * caller without access learns nothing from validation errors. `buildApp` refuses to start when a route declares
 * none.
 *
 * - `public`: anyone; the hook checks nothing (discovery, JWKS, health, the UI's files, emailed-token links).
 * - `public+own-origin`: anyone, but a browser's foreign `Origin` is refused: anonymous state changes from our own
 *   UI (sign-in, registration, reset requests), against login CSRF.
 * - `client`: OAuth client authentication, done by the route (RFC 6749 §2.3: /token, /introspect, /revoke).
 * - `bearer`: an access token, checked by the route (RFC 6750: /userinfo, the users directory).
 * - `scim-token`: a SCIM provisioning token, checked by the SCIM routes' own hook (scim/public-routes.ts), which
 *   answers in the SCIM error shape (RFC 7644 §3.12).
 * - `optional-session`: the port's session if there is one, a second factor still owed included, else none
 *   (/authorize, GET /session, GET /admin/session).
 * - `pending-second-factor`, `pending-second-factor+csrf`: a session that may still owe its second factor, reads
 *   and state changes (the routes that let it be verified or enrolled, sign-out, the profile those pages show).
 * - `session`, `session+csrf`: a complete session (its second factor verified, if one was owed), reads and state
 *   changes. `+csrf`: the session's CSRF token in `X-CSRF-Token` and, when the browser sends one, our own
 *   `Origin` (RFC 6454 §7) — always, under a port's `originRequiredUnder` prefixes (the public port's
 *   `/crypto/`); on the admin port any admin may do it (sign out, own password).
 * - `admin-write` (admin port): `session+csrf` of an admin with the write role.
 */
export type Access =
  | 'public'
  | 'public+own-origin'
  | 'client'
  | 'bearer'
  | 'scim-token'
  | 'optional-session'
  | 'pending-second-factor'
  | 'pending-second-factor+csrf'
  | 'session'
  | 'session+csrf'
  | 'admin-write';

const COMMON_ACCESS = [
  'public',
  'public+own-origin',
  'optional-session',
  'pending-second-factor',
  'pending-second-factor+csrf',
  'session',
  'session+csrf',
] as const satisfies readonly Access[];

/** The values each port accepts: OAuth client and bearer authentication are the public port's, roles the admin's. */
export const ACCESS_BY_PORT: Readonly<Record<Port, readonly Access[]>> = {
  public: [...COMMON_ACCESS, 'client', 'bearer', 'scim-token'],
  admin: [...COMMON_ACCESS, 'admin-write'],
};

/** Values that only read: a state-changing method (POST, PUT, PATCH, DELETE) with a session needs `+csrf`. */
export const READ_ONLY_SESSION_ACCESS: readonly Access[] = ['session', 'pending-second-factor'];

/** The header carrying the CSRF token on cookie-authenticated state changes. */
export const CSRF_HEADER = 'x-csrf-token';

/** A signed-in caller as the hook established it. */
export interface SessionCaller<A> {
  session: Session;
  account: A;
  /** The session cookie's value (the CSRF token derives from it). */
  cookieValue: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route requires of its caller (app/access.ts); every route of both ports declares it. */
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the access hook for session access values (null: `optional-session` without a session). */
    sessionCaller?: SessionCaller<unknown> | null;
  }
}

export interface SessionAccessOptions<A> {
  kind: SessionKind;
  sessions: SessionService;
  /** The port's configured URL: its origin is the only one accepted, and https makes the cookie `__Host-`/Secure. */
  url: string;
  /** The cookie name without and with (on https) the `__Host-` prefix. */
  cookieNames: { http: string; https: string };
  sameSite: 'lax' | 'strict';
  /** The account a session belongs to, or null when it is gone or not active. */
  findAccount(id: string): Promise<A | null>;
  /**
   * The live session of a cookie value and its account (null when not active) in one lookup, where the port can
   * read both at once; without it, the session and then findAccount.
   */
  resolveWithAccount?(
    cookieValue: string | undefined,
  ): Promise<{ session: Session; account: A | null } | null>;
  /**
   * Keeps a session this node just started for the account that signed in (read after `mark`), where the port
   * caches its sessions (SessionService.remember).
   */
  rememberSignIn?(started: StartedSession, account: A, mark: number): void;
  /** The 401 of a call without a (live) session on this port. */
  signedOut(): ApiError;
  /**
   * Route path prefixes under which a `+csrf` change must carry our `Origin`, not only refuse a foreign one
   * (docs/zk.md §7: the key custody API, `/crypto/`). Browsers send `Origin` on every POST, PUT, PATCH and DELETE,
   * same-origin fetches included (Fetch standard, "append a request `Origin` header"), so the hosted UI always has it.
   */
  originRequiredUnder?: readonly string[];
  /** Whether the account may make `admin-write` changes (admin port). */
  mayWrite?(account: A): boolean;
  /** How this port completes sign-ins (ending the old session, owed second factor, amr/acr, audit, metrics). */
  signIn: SignInCompletion;
  /** Every kind of second factor, to ask for a recent one before a sensitive action (step-up). */
  secondFactors: SecondFactors;
  /**
   * Bearer tokens the port accepts in place of a session (the admin port's API tokens, docs/admin-api-tokens.md):
   * a request with `Authorization: Bearer` is judged by them alone, its cookie ignored, and needs no CSRF token
   * (a browser never sends the header on its own). Without them a bearer value is no session.
   */
  bearerTokens?: BearerTokenAccess;
}

/** What a port's bearer tokens must do in the access hook (SessionAccessOptions.bearerTokens). */
export interface BearerTokenAccess {
  /** Checks the token for the route's declared access and records the caller on the request, or throws. */
  enforce(request: FastifyRequest, access: Access, token: string): Promise<void>;
}

/** The value of an `Authorization: Bearer` header (RFC 6750 §2.1), or null. */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match?.[1] ?? null;
}

export const secondFactorRequired = () =>
  new ApiError(401, 'second_factor_required', 'verify your second factor first');
const crossOrigin = () => new ApiError(403, 'csrf_failed', 'cross-origin request refused');
const wrongCsrfToken = () => new ApiError(403, 'csrf_failed', 'missing or wrong CSRF token');

/**
 * One port's sessions as HTTP sees them: the cookie (name and flags), the port's own origin, finding the session and
 * its account, and the CSRF check. The public port's (users, accounts/session-http.ts) and the admin port's
 * (admins, admin/guard.ts) are the only two; route factories that serve both ports take one.
 */
export class SessionAccess<A extends { id: string; email: string }> {
  readonly kind: SessionKind;
  readonly sessions: SessionService;
  readonly signIn: SignInCompletion;
  readonly origin: string;
  readonly cookieName: string;
  private readonly secure: boolean;

  constructor(private readonly options: SessionAccessOptions<A>) {
    this.kind = options.kind;
    this.sessions = options.sessions;
    this.signIn = options.signIn;
    this.origin = new URL(options.url).origin;
    this.secure = options.url.startsWith('https://');
    this.cookieName = this.secure ? options.cookieNames.https : options.cookieNames.http;
  }

  /**
   * The flags the cookie is set and cleared with: a browser drops a cookie only when the clearing Set-Cookie
   * matches, and refuses any `__Host-` cookie without Secure (RFC 6265bis §4.1.3.2).
   */
  private cookieFlags() {
    return { httpOnly: true, secure: this.secure, sameSite: this.options.sameSite, path: '/' } as const;
  }

  setCookie(reply: FastifyReply, started: StartedSession): void {
    reply.setCookie(this.cookieName, started.cookieValue, {
      ...this.cookieFlags(),
      maxAge: this.sessions.absoluteSeconds(),
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(this.cookieName, this.cookieFlags());
  }

  private cookieValue(request: FastifyRequest): string | undefined {
    return request.cookies?.[this.cookieName];
  }

  /** The CSRF token for the session cookie this request carries (served to the UI by GET /session). */
  csrfToken(request: FastifyRequest): string | null {
    const value = this.cookieValue(request);
    return value ? csrfTokenFor(value) : null;
  }

  /** The live session of this request and its active account, or null (a second factor still owed included). */
  async current(request: FastifyRequest): Promise<SessionCaller<A> | null> {
    const cookieValue = this.cookieValue(request);
    if (!cookieValue) return null;
    if (this.options.resolveWithAccount) {
      const found = await this.options.resolveWithAccount(cookieValue);
      return found?.account ? { session: found.session, account: found.account, cookieValue } : null;
    }
    const session = await this.sessions.resolve(cookieValue);
    if (!session) return null;
    const account = await this.options.findAccount(session.userId);
    return account ? { session, account, cookieValue } : null;
  }

  /**
   * A browser always sends Origin on a cross-site POST; one that is not ours is refused (RFC 6454 §7). The
   * configured URL decides, never the Host header.
   */
  requireOwnOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== this.origin) throw crossOrigin();
  }

  /** A `+csrf` change under one of `originRequiredUnder`'s prefixes (the route's declared path decides). */
  private originRequired(request: FastifyRequest): boolean {
    const path = request.routeOptions.url;
    return (
      path !== undefined && (this.options.originRequiredUnder ?? []).some((prefix) => path.startsWith(prefix))
    );
  }

  /**
   * Enforces one access value on a request and records the caller on it. Called by the port's hook; POST /logout
   * calls it for its first-party branch, the one route whose access depends on the request (app/access.ts).
   */
  async enforce(request: FastifyRequest, access: Access): Promise<void> {
    switch (access) {
      case 'public':
      case 'client':
      case 'bearer':
      case 'scim-token':
        return;
      case 'public+own-origin':
        this.requireOwnOrigin(request);
        return;
      case 'optional-session':
        // A bearer token is not a session: a token's call sees none.
        request.sessionCaller =
          this.options.bearerTokens && request.headers.authorization !== undefined
            ? null
            : await this.current(request);
        return;
    }
    if (this.options.bearerTokens && request.headers.authorization !== undefined) {
      const token = bearerOf(request);
      if (token === null) throw new ApiError(401, 'admin_token_invalid', 'malformed Authorization header');
      await this.options.bearerTokens.enforce(request, access, token);
      return;
    }
    const caller = await this.current(request);
    if (!caller) throw this.options.signedOut();
    // A session that still owes its second factor may only finish signing in (or sign out).
    if (caller.session.secondFactorPending && !access.startsWith('pending-second-factor')) {
      throw secondFactorRequired();
    }
    if (access.endsWith('+csrf') || access === 'admin-write') {
      this.requireOwnOrigin(request);
      if (request.headers.origin === undefined && this.originRequired(request)) {
        throw new ApiError(403, 'csrf_failed', 'this change needs the Origin header of our own pages');
      }
      const presented = request.headers[CSRF_HEADER];
      if (typeof presented !== 'string' || !verifyCsrfToken(caller.cookieValue, presented)) {
        throw wrongCsrfToken();
      }
    }
    if (access === 'admin-write' && !this.options.mayWrite?.(caller.account)) {
      throw new ApiError(403, 'write_admin_required', 'this needs a write admin');
    }
    request.sessionCaller = caller;
  }

  /** The caller the hook established for a session access value; a route without one is a programming error. */
  caller(request: FastifyRequest): SessionCaller<A> {
    if (!request.sessionCaller) {
      throw new Error(`${request.method} ${request.routeOptions.url} declares no session access`);
    }
    return request.sessionCaller as SessionCaller<A>;
  }

  /** The caller of an `optional-session` route, or null. */
  optionalCaller(request: FastifyRequest): SessionCaller<A> | null {
    return (request.sessionCaller ?? null) as SessionCaller<A> | null;
  }

  /**
   * A sign-in proved who the caller is (OPAQUE today; a passkey or federation later): whatever session this browser
   * had ends, the new one starts through the port's sign-in completion, and its cookie is set after the commit.
   * `cacheMark` (SessionService.cacheMark), taken before the account was read, lets the port keep the new session
   * for the sign-in's next requests. `work` is done in the sign-in's own statement when it can be
   * (SignInCompletion.signIn).
   */
  async completeSignIn<P extends { values: Record<string, unknown> }>(
    request: FastifyRequest,
    reply: FastifyReply,
    account: A & SignInAccount,
    evidence: SignInEvidence,
    cacheMark?: number,
    work?: SignInStatementPlan<P>,
  ): Promise<{
    started: StartedSession;
    secondFactor: SecondFactorOwed;
    work?: SignInStatementOutcome<P>;
  }> {
    const previous = await this.sessions.resolve(this.cookieValue(request));
    const signedIn = await this.signIn.signIn(account, evidence, {
      previous,
      request,
      onAuditError: (error) => request.log.error({ err: error }, 'audit failed'),
      ...(work ? { work } : {}),
    });
    if (cacheMark !== undefined) this.options.rememberSignIn?.(signedIn.started, account, cacheMark);
    this.setCookie(reply, signedIn.started);
    return signedIn;
  }

  /**
   * A sensitive action of the caller (docs/users.md#second-factor-totp): when the account has a second
   * factor, one must have been verified on this session recently, whichever kind it was.
   */
  async requireRecentSecondFactor(request: FastifyRequest): Promise<void> {
    const { account, session } = this.caller(request);
    await this.options.secondFactors.requireRecentIfEnrolled(this.factorAccount(account), session);
  }

  /** The account as the second-factor services name it. */
  factorAccount(account: A): FactorAccount {
    return { kind: this.kind, id: account.id, label: account.email };
  }
}

/** A route registered without declared access (or with one its port does not know) must not serve: refuse to start. */
export function assertRouteDeclaresAccess(
  route: { method: string | string[]; url: string; config?: { access?: unknown } },
  port: Port,
): void {
  const access = route.config?.access;
  if (access === undefined) {
    throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
  }
  if (!ACCESS_BY_PORT[port].includes(access as Access)) {
    throw new Error(
      `route ${String(route.method)} ${route.url} declares access '${String(access)}' unknown on the ${port} port`,
    );
  }
}

/** Access values that ask nothing of the request before the handler runs (the route checks its caller itself). */
const NOTHING_BEFORE_HANDLER: ReadonlySet<unknown> = new Set<Access>([
  'public',
  'client',
  'bearer',
  'scim-token',
]);

/**
 * The port's one access hook: runs before the body is parsed, for every route (404s have no access to check).
 * Callback style, answering at once for the access values that check nothing here: no promise per request on the
 * protocol endpoints.
 */
export function registerAccessHook(
  app: {
    addHook: (
      name: 'onRequest',
      hook: (request: FastifyRequest, reply: unknown, done: (error?: Error) => void) => void,
    ) => unknown;
  },
  access: SessionAccess<{ id: string; email: string }>,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const declared = request.routeOptions.config?.access;
    if (declared === undefined || NOTHING_BEFORE_HANDLER.has(declared)) return done();
    access.enforce(request, declared).then(() => done(), done);
  });
}
