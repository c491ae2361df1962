import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { appError } from '../app/errors.js';
import type { SettingsService } from '../config/settings.js';
import type { Sealer } from '../crypto/seal.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { preparedQuery } from '../db/prepared.js';
import { accountsError } from './errors.js';
import type { OpaqueServer } from './opaque.js';
import type { SecondFactorOwed } from './second-factors.js';
import { opaqueLogins, pendingRegistrations } from './tables.js';
import { normalizeEmail } from './users.js';

/** An account that signs in with a password: a user, or an admin user. */
export interface PasswordAccount {
  id: string;
  email: string;
  status: string;
}

/** Where the accounts of one kind live; PasswordAuthentication works the same for both kinds. */
export interface PasswordAccounts<A extends PasswordAccount> {
  kind: 'user' | 'admin';
  /**
   * The account (by email or id) and its OPAQUE record, in one query: a login's start reads the account once. Null
   * when there is no such account.
   */
  findWithRecord(
    by: { email: string } | { id: string },
  ): Promise<{ account: A; record: string | null } | null>;
  /**
   * A login's finish in one statement: consumes the login state (consumedLoginState, with this kind's accounts) and
   * reads the account it names beside it. Null when the state is unknown, of another kind or purpose, used or
   * expired (then nothing changed); `proof` is null when the state names no account (an unknown address, or one
   * without a password) or the account is gone. Whether the password was proved is checked after, on the state.
   */
  consumeLogin(values: ConsumeLoginValues): Promise<ConsumedLogin<A> | null>;
  recordOf(id: string): Promise<string | null>;
  setRecord(id: string, record: string, options: { mustChangePassword?: boolean }): Promise<void>;
}

/** Who proved their password, and whether they must change it before anything else. */
export interface LoginProof<A> {
  account: A;
  mustChangePassword: boolean;
  /**
   * The second factor the sign-in owes, when it was read with the account (SecondFactors.owedFromFacts); absent,
   * the sign-in asks (SecondFactors.owedAtSignIn).
   */
  secondFactor?: SecondFactorOwed;
}

/** The placeholders of consumedLoginState. */
export interface ConsumeLoginValues {
  idHash: string;
  purpose: LoginPurpose;
  /** ISO 8601: the consumption time, and the instant the state must not have expired by. */
  now: string;
}

/** A login state consumed, with the account it names (see PasswordAccounts.consumeLogin). */
export interface ConsumedLogin<A> {
  stateSealed: string;
  proof: LoginProof<A> | null;
}

/**
 * The first part of PasswordAccounts.consumeLogin's statement, a data-modifying CTE: the login state of this kind,
 * with the placeholders of ConsumeLoginValues, marked consumed only while it is unused and unexpired, returning its
 * sealed state and the account it names. Of two finishes of one login, one consumes it; the other finds
 * `consumed_at` set when PostgreSQL re-checks the row after the first commits, and matches nothing.
 */
export function consumedLoginState(db: Db, kind: PasswordAccounts<PasswordAccount>['kind']) {
  const now = sql.placeholder('now');
  return db.$with('consumed_login').as(
    db
      .update(opaqueLogins)
      .set({ consumedAt: sql`${now}::timestamptz` })
      .where(
        and(
          eq(opaqueLogins.idHash, sql.placeholder('idHash')),
          eq(opaqueLogins.kind, kind),
          eq(opaqueLogins.purpose, sql.placeholder('purpose')),
          isNull(opaqueLogins.consumedAt),
          notExpired(opaqueLogins.expiresAt, now),
        ),
      )
      .returning({
        stateSealed: opaqueLogins.stateSealed,
        userId: opaqueLogins.userId,
        adminUserId: opaqueLogins.adminUserId,
      }),
  );
}

/** What a proof of password is for: a sign-in, or re-proving it before changing it. */
export type LoginPurpose = 'login' | 'reauth';
/** Why a new OPAQUE record is being registered. */
export type RegistrationPurpose = 'signup' | 'password_change' | 'password_reset' | 'admin_set';

const LOGIN_TTL_MS = 5 * 60_000;
const REGISTRATION_TTL_MS = 10 * 60_000;

/** Every sign-in failure looks the same (docs/users.md#how-passwords-work): no hint whether the account exists. */
export const invalidCredentials = () =>
  accountsError('invalid_credentials', 'the email address or password is not correct');

/** OPAQUE messages are base64url strings of bounded size. */
const OPAQUE_MESSAGE = /^[A-Za-z0-9_-]{16,2048}$/;

export function checkOpaqueMessage(value: string, field: string): void {
  if (!OPAQUE_MESSAGE.test(value)) throw appError('invalid_request', `${field} is not an OPAQUE message`);
}

/**
 * Password sign-in and (re-)registration with OPAQUE (RFC 9807). The server never receives the password or
 * anything derived from it that could be attacked offline; the state between the two halves of each exchange is a
 * database row, so the halves may be served by different nodes, and the user is taken from that row, never from
 * the client's second message.
 */

export class PasswordAuthentication<A extends PasswordAccount> {
  // Every password sign-in writes one login state: built and prepared once (its account adapter consumes it).
  private readonly insertLoginQuery;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly opaque: OpaqueServer,
    private readonly accounts: PasswordAccounts<A>,
    private readonly settings: SettingsService,
  ) {
    this.insertLoginQuery = preparedQuery(db, 'opaque_login_insert', (db) =>
      db.insert(opaqueLogins).values({
        idHash: sql.placeholder('idHash'),
        kind: sql.placeholder('kind'),
        userId: sql.placeholder('userId'),
        adminUserId: sql.placeholder('adminUserId'),
        purpose: sql.placeholder('purpose'),
        stateSealed: sql.placeholder('stateSealed'),
        expiresAt: sql.placeholder('expiresAt'),
      }),
    );
  }

  /** OPAQUE identifiers of the two kinds never collide. */
  private identifier(id: string): string {
    return this.accounts.kind === 'admin' ? `admin:${id}` : id;
  }

  private stateContext(idHash: string) {
    return { table: 'opaque_logins', column: 'state_sealed', row: idHash };
  }

  /**
   * Starts a login. For an unknown account (or one without a password) the fake-record response keeps the answer
   * the same in shape and timing; the failure only shows at finish, exactly like a wrong password.
   */
  async startLogin(
    account: { email: string } | { userId: string },
    startLoginRequest: string,
    purpose: LoginPurpose,
  ): Promise<{ loginId: string; loginResponse: string }> {
    const { accountId, started } = await this.respond(account, startLoginRequest);
    const loginId = randomToken();
    const idHash = hashToken(loginId);
    await this.insertLoginQuery({
      idHash,
      kind: this.accounts.kind,
      userId: this.accounts.kind === 'user' ? accountId : null,
      adminUserId: this.accounts.kind === 'admin' ? accountId : null,
      purpose,
      stateSealed: this.sealer.seal(started.serverLoginState, this.stateContext(idHash)),
      // A Date: the placeholder stands for the column's value and is encoded as the column encodes it.
      expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
    });
    return { loginId, loginResponse: started.loginResponse };
  }

  /**
   * The login's first answer (KE2) alone, for a signed-in account that opens its password envelope (docs/zk.md
   * §3.1): the browser recovers the export key from it and never sends the third message, so no login state is
   * kept and nothing can be finished with it. A wrong password shows only in the browser.
   */
  async exportKeyResponse(userId: string, startLoginRequest: string): Promise<string> {
    return (await this.respond({ userId }, startLoginRequest)).started.loginResponse;
  }

  private async respond(
    account: { email: string } | { userId: string },
    startLoginRequest: string,
  ): Promise<{ accountId: string | null; started: { loginResponse: string; serverLoginState: string } }> {
    checkOpaqueMessage(startLoginRequest, 'start_login_request');
    // One query whether or not the account exists, so an unknown address is not faster to answer (client
    // enumeration, RFC 9807 security considerations).
    const found = await this.accounts.findWithRecord(
      'email' in account ? { email: account.email } : { id: account.userId },
    );
    const user = found?.account ?? null;
    const record = found?.record ?? null;
    const identifier =
      user && record
        ? this.identifier(user.id)
        : `unknown:${this.accounts.kind}:${'email' in account ? normalizeEmail(account.email) : account.userId}`;
    let started: { loginResponse: string; serverLoginState: string };
    try {
      started = this.opaque.startLogin(identifier, record, startLoginRequest);
    } catch {
      throw appError('invalid_request', 'start_login_request is not a valid OPAQUE message');
    }
    return { accountId: user && record ? user.id : null, started };
  }

  /** Finishes a login; the login state is consumed atomically, so a replayed finish is refused. */
  async finishLogin(
    loginId: string,
    finishLoginRequest: string,
    purpose: LoginPurpose,
  ): Promise<LoginProof<A>> {
    checkOpaqueMessage(finishLoginRequest, 'finish_login_request');
    const idHash = hashToken(loginId);
    // The state is consumed and its account read in one statement, before the proof is checked: a wrong password
    // uses the login up as a right one does, and the account read is thrown away.
    const consumed = await this.accounts.consumeLogin({ idHash, purpose, now: new Date().toISOString() });
    if (!consumed) throw invalidCredentials();
    const state = this.sealer.openText(consumed.stateSealed, this.stateContext(idHash));
    const proved = this.opaque.finishLogin(state, finishLoginRequest);
    const { proof } = consumed;
    if (!proved || proof?.account.status !== 'active') throw invalidCredentials();
    return proof;
  }

  /** Starts registering a new OPAQUE record for a new account (signup) or an existing one (change/reset). */
  async startRegistration(
    target: { email: string; userId?: string },
    registrationRequest: string,
    purpose: RegistrationPurpose,
  ): Promise<{ registrationId: string; registrationResponse: string }> {
    checkOpaqueMessage(registrationRequest, 'registration_request');
    const userId = target.userId ?? randomUUID();
    let registrationResponse: string;
    try {
      registrationResponse = this.opaque.registrationResponse(this.identifier(userId), registrationRequest);
    } catch {
      throw appError('invalid_request', 'registration_request is not a valid OPAQUE message');
    }
    const registrationId = randomToken();
    await this.db.insert(pendingRegistrations).values({
      idHash: hashToken(registrationId),
      kind: this.accounts.kind,
      email: target.email.trim(),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + REGISTRATION_TTL_MS),
    });
    return { registrationId, registrationResponse };
  }

  /** Consumes a pending registration of the given purpose; returns who and what it was for. */
  async consumeRegistration(
    registrationId: string,
    registrationRecord: string,
    purpose: RegistrationPurpose,
  ): Promise<{ userId: string; email: string }> {
    checkOpaqueMessage(registrationRecord, 'registration_record');
    const [row] = await this.db
      .update(pendingRegistrations)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(pendingRegistrations.idHash, hashToken(registrationId)),
          eq(pendingRegistrations.kind, this.accounts.kind),
          eq(pendingRegistrations.purpose, purpose),
          isNull(pendingRegistrations.consumedAt),
          notExpired(pendingRegistrations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row)
      throw accountsError('registration_expired', 'this registration is unknown or expired; start again');
    return { userId: row.userId, email: row.email };
  }

  setRecord(
    userId: string,
    registrationRecord: string,
    options: { mustChangePassword?: boolean } = {},
  ): Promise<void> {
    return this.accounts.setRecord(userId, registrationRecord, options);
  }

  /** Whether the account has a password (an OPAQUE record) to sign in with. */
  async hasPassword(id: string): Promise<boolean> {
    return (await this.accounts.recordOf(id)) !== null;
  }

  selfRegistrationOpen(): boolean {
    return this.settings.get('accounts.self_registration');
  }
}
