import type { Column, SQL } from 'drizzle-orm';
import { ApiError } from '../app/errors.js';
import type { Session, SessionKind } from './sessions.js';

/** The account a session belongs to, as the second-factor services name it (an OtpAccount is one). */
export interface FactorAccount {
  kind: SessionKind;
  id: string;
  /** Shown as the account label (in authenticator apps). */
  label: string;
}

/**
 * A kind of second factor (TOTP today; a passkey with user verification later), as sign-in and step-up see it.
 * The slice that owns it registers it in `context.accounts.secondFactors` when its services are built.
 */
export interface SecondFactor {
  /** Whether the account has this factor set up (a sign-in then owes it, a sensitive action asks it again). */
  enrolled(account: FactorAccount): Promise<boolean>;
  /** Whether policy requires the account to have a second factor (a sign-in without one must enrol it). */
  required(account: FactorAccount): Promise<boolean>;
  /** Both, as a sign-in asks them: in one round trip where the factor can. */
  atSignIn(account: FactorAccount): Promise<{ enrolled: boolean; required: boolean }>;
  /**
   * Optional: what atSignIn reads for a user, as SQL over the user's id, for a statement the password sign-in makes
   * anyway (the login's consumption, PasswordAccounts.consumeLogin); `atSignInFrom` answers from the values read as
   * atSignIn would. A factor without them is asked with atSignIn.
   */
  userSignInFacts?(userId: SQL | Column): Record<string, SQL>;
  atSignInFrom?(facts: Record<string, unknown>): { enrolled: boolean; required: boolean };
}

/** What a first-factor sign-in still owes: a verification, an enrolment, or nothing. */
export type SecondFactorOwed = 'verify' | 'enroll' | null;

/**
 * The second factors of every kind, asked together: the rules ("a second factor is owed", "a sensitive action
 * needs a recent one") never name a kind, so a passkey satisfies them as a TOTP code does.
 */
export class SecondFactors {
  private readonly factors: SecondFactor[] = [];

  register(factor: SecondFactor): void {
    this.factors.push(factor);
  }

  async enrolled(account: FactorAccount): Promise<boolean> {
    for (const factor of this.factors) if (await factor.enrolled(account)) return true;
    return false;
  }

  async required(account: FactorAccount): Promise<boolean> {
    for (const factor of this.factors) if (await factor.required(account)) return true;
    return false;
  }

  /** How many factors are registered (a statement built with userSignInFactColumns covers this many). */
  get count(): number {
    return this.factors.length;
  }

  /**
   * Every registered factor's sign-in facts for a user, as columns (`f<index>_<fact>`) of a statement that reads
   * the user, or null when a factor offers none (the sign-in then asks owedAtSignIn).
   */
  userSignInFactColumns(userId: SQL | Column): Record<string, SQL> | null {
    const columns: Record<string, SQL> = {};
    for (const [index, factor] of this.factors.entries()) {
      if (!factor.userSignInFacts || !factor.atSignInFrom) return null;
      for (const [fact, expression] of Object.entries(factor.userSignInFacts(userId)))
        columns[`f${index}_${fact}`] = expression;
    }
    return columns;
  }

  /**
   * What a user's password sign-in owes, from the columns of userSignInFactColumns as read by a statement built
   * when `factorsRead` factors were registered; undefined when more have registered since (the sign-in then asks).
   */
  owedFromFacts(row: Record<string, unknown>, factorsRead: number): SecondFactorOwed | undefined {
    if (factorsRead !== this.factors.length) return undefined;
    let required = false;
    for (const [index, factor] of this.factors.entries()) {
      const prefix = `f${index}_`;
      const facts = Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => column.startsWith(prefix))
          .map(([column, value]) => [column.slice(prefix.length), value]),
      );
      const state = factor.atSignInFrom?.(facts);
      if (!state) return undefined;
      if (state.enrolled) return 'verify';
      required ||= state.required;
    }
    return required ? 'enroll' : null;
  }

  /** What a sign-in by a first factor (a password) still owes: a factor set up is verified, else one required is set up. */
  async owedAtSignIn(account: FactorAccount): Promise<SecondFactorOwed> {
    let required = false;
    for (const factor of this.factors) {
      const state = await factor.atSignIn(account);
      if (state.enrolled) return 'verify';
      required ||= state.required;
    }
    return required ? 'enroll' : null;
  }

  /**
   * Sensitive actions need a recent second factor when the account has one
   * (docs/users.md#second-factor-totp), users and admins alike.
   */
  async requireRecentIfEnrolled(
    account: FactorAccount,
    session: Pick<Session, 'stepUpUntil'>,
  ): Promise<void> {
    if ((await this.enrolled(account)) && !hasRecentSecondFactor(session)) throw stepUpRequired();
  }
}

/**
 * Whether a second factor of sufficient strength was verified on this session recently enough for a sensitive
 * action: completing a sign-in's second factor or a step-up sets `stepUpUntil`, whichever factor proved it.
 */
export function hasRecentSecondFactor(session: Pick<Session, 'stepUpUntil'>, now = new Date()): boolean {
  return session.stepUpUntil !== null && session.stepUpUntil > now;
}

export const stepUpRequired = () =>
  new ApiError(
    403,
    'step_up_required',
    'confirm with a current code from your authenticator (or a backup code) first',
  );
