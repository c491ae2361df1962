import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  and,
  type Column,
  count,
  eq,
  exists,
  isNull,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SecondFactor } from '../accounts/second-factors.js';
import type { SettingsService } from '../config/settings.js';
import type { Sealer } from '../crypto/seal.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { otpError } from './errors.js';
import { otpBackupCodes, otpFactors } from './tables.js';
import {
  matchingStep,
  newTotpSecret,
  provisioningUri,
  type TotpAlgorithm,
  type TotpParameters,
} from './totp.js';

/** A user or admin account as TOTP sees it (the same shape every kind of second factor takes). */
export interface OtpAccount {
  kind: 'user' | 'admin';
  id: string;
  /** Shown as the account label in authenticator apps. */
  label: string;
}

export type OtpStatus = 'enabled' | 'pending' | 'required' | 'locked' | 'disabled';

export interface OtpStatusView {
  status: OtpStatus;
  enrolled: boolean;
  required: boolean;
  lockedUntil: Date | null;
  backupCodesRemaining: number | null;
}

export const otpLocked = (until: Date) =>
  otpError('otp_locked', `too many wrong codes; try again after ${until.toISOString()}`, {
    'retry-after': String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))),
  });
export const invalidOtp = () => otpError('invalid_otp', 'the code is not correct or was already used');

/** Backup codes: 10 characters without look-alikes, shown as two groups of five. */
const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newBackupCode(): string {
  const bytes = randomBytes(10);
  const characters = [...bytes].map((byte) => BACKUP_ALPHABET[byte % BACKUP_ALPHABET.length]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

function normalizeBackupCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** The organizations' part in the TOTP policy (orgs/service.ts): whether one the user belongs to enforces TOTP. */
export interface OrganizationTotpPolicy {
  requiresTotp(userId: string): Promise<boolean>;
  /** The same as a condition over the user's id, asked in a statement of this slice (one round trip). */
  requiresTotpCondition(userId: SQL | Column | Placeholder): SQL;
}

/** No organization enforces TOTP (a service built without the organizations slice, in tests). */
const NO_ORGANIZATION_POLICY: OrganizationTotpPolicy = {
  requiresTotp: async () => false,
  requiresTotpCondition: () => sql`false`,
};

/** The column that ties a factor to its account. */
function ownerColumn(kind: OtpAccount['kind']) {
  return kind === 'admin' ? otpFactors.adminUserId : otpFactors.userId;
}

/** The account's enabled factor (none or one): whether it has TOTP on. */
function enabledFactorOf(db: Db, kind: OtpAccount['kind'], accountId: SQL | Column | Placeholder) {
  return db
    .select({ id: otpFactors.id })
    .from(otpFactors)
    .where(and(eq(ownerColumn(kind), accountId), eq(otpFactors.status, 'enabled')));
}

/**
 * TOTP second factor for users and admins (RFC 6238, docs/users.md#second-factor-totp). Everything lives in
 * the database: accepted steps, failure counts and locks hold across nodes and restarts.
 */
/** `failure`: a wrong or replayed code; `locked`: refused while the factor is locked; `error`: anything else. */
export type SecondFactorOutcome = 'success' | 'failure' | 'locked' | 'error';

export class OtpService implements SecondFactor {
  // Every password sign-in and every sensitive action asks whether the account has TOTP on: prepared once per kind.
  private readonly enabledFactorQueries;
  // A user's password sign-in asks that and the organizations' policy together: prepared once.
  private readonly userAtSignInQuery;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly settings: SettingsService,
    private readonly backupCodeKey: string,
    private readonly issuerName: () => string,
    private readonly organizations: OrganizationTotpPolicy = NO_ORGANIZATION_POLICY,
  ) {
    const enabledFactorQuery = (kind: OtpAccount['kind']) =>
      preparedQuery(db, `otp_enabled_factor_${kind}`, (db) =>
        enabledFactorOf(db, kind, sql.placeholder('accountId')),
      );
    this.enabledFactorQueries = { user: enabledFactorQuery('user'), admin: enabledFactorQuery('admin') };
    this.userAtSignInQuery = preparedQuery(db, 'otp_user_at_sign_in', (db) =>
      db.select(this.userSignInFacts(sql.placeholder('userId'), db)).from(sql`(VALUES (1)) AS one (n)`),
    );
  }

  /**
   * What a user's sign-in asks (SecondFactor.userSignInFacts): whether the user has TOTP on, and whether an
   * organization they actively belong to enforces it, as SQL over the user's id.
   */
  userSignInFacts(userId: SQL | Column | Placeholder, db: Db = this.db) {
    return {
      enrolled: exists(enabledFactorOf(db, 'user', userId)).mapWith(Boolean),
      organizationRequires: this.organizations.requiresTotpCondition(userId).mapWith(Boolean),
    };
  }

  /** atSignIn's answer for a user from the facts of userSignInFacts as read. */
  atSignInFrom(facts: Record<string, unknown>): { enrolled: boolean; required: boolean } {
    return {
      enrolled: facts.enrolled === true,
      required: this.settings.get('otp.required_for_users') || facts.organizationRequires === true,
    };
  }

  private owner(account: Pick<OtpAccount, 'kind' | 'id'>) {
    return eq(ownerColumn(account.kind), account.id);
  }

  private secretContext(id: string) {
    return { table: 'otp_factors', column: 'secret_sealed', row: id };
  }

  private hashBackupCode(factorId: string, code: string): string {
    return createHmac('sha256', this.backupCodeKey)
      .update(`${factorId}\u0000${normalizeBackupCode(code)}`)
      .digest('base64url');
  }

  private async factor(account: OtpAccount, status: 'enabled' | 'pending') {
    const [row] = await this.db
      .select()
      .from(otpFactors)
      .where(and(this.owner(account), eq(otpFactors.status, status)));
    return row;
  }

  /**
   * Policy: required for admins by default; for users by the global setting, or by any organization in which the
   * user is an active member that enforces TOTP (`require_totp`).
   */
  async required(account: OtpAccount): Promise<boolean> {
    if (account.kind === 'admin') return this.settings.get('otp.required_for_admins');
    if (this.settings.get('otp.required_for_users')) return true;
    return this.organizations.requiresTotp(account.id);
  }

  /**
   * enrolled and required together, as a sign-in asks them: for a user whom the global setting does not already
   * require, the factor and the organizations' policy are read in one statement.
   */
  async atSignIn(account: OtpAccount): Promise<{ enrolled: boolean; required: boolean }> {
    if (account.kind === 'admin' || this.settings.get('otp.required_for_users')) {
      return { enrolled: await this.enrolled(account), required: await this.required(account) };
    }
    const [row] = await this.userAtSignInQuery({ userId: account.id });
    return this.atSignInFrom(row!);
  }

  async enrolled(account: OtpAccount): Promise<boolean> {
    const rows = await this.enabledFactorQueries[account.kind]({ accountId: account.id });
    return rows.length > 0;
  }

  async status(account: OtpAccount): Promise<OtpStatusView> {
    const enabled = await this.factor(account, 'enabled');
    const required = await this.required(account);
    if (enabled) {
      const [remaining] = await this.db
        .select({ n: count() })
        .from(otpBackupCodes)
        .where(and(eq(otpBackupCodes.factorId, enabled.id), isNull(otpBackupCodes.usedAt)));
      const locked = enabled.lockedUntil !== null && enabled.lockedUntil > new Date();
      return {
        status: locked ? 'locked' : 'enabled',
        enrolled: true,
        required,
        lockedUntil: locked ? enabled.lockedUntil : null,
        backupCodesRemaining: Number(remaining?.n ?? 0),
      };
    }
    const pending = await this.factor(account, 'pending');
    return {
      status: pending ? 'pending' : required ? 'required' : 'disabled',
      enrolled: false,
      required,
      lockedUntil: null,
      backupCodesRemaining: null,
    };
  }

  /** Starts (or restarts) an enrolment: a new pending secret; any earlier pending one is dropped. */
  async startEnrolment(
    account: OtpAccount,
  ): Promise<{ uri: string; secret: string; parameters: TotpParameters }> {
    const parameters: TotpParameters = {
      algorithm: this.settings.get('otp.algorithm') as TotpAlgorithm,
      digits: this.settings.get('otp.digits') as 6 | 8,
      period: this.settings.get('otp.period_seconds'),
    };
    const secret = newTotpSecret();
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.delete(otpFactors).where(and(this.owner(account), eq(otpFactors.status, 'pending')));
      await tx.insert(otpFactors).values({
        id,
        kind: account.kind,
        userId: account.kind === 'user' ? account.id : null,
        adminUserId: account.kind === 'admin' ? account.id : null,
        status: 'pending',
        secretSealed: this.sealer.seal(secret, this.secretContext(id)),
        algorithm: parameters.algorithm,
        digits: parameters.digits,
        period: parameters.period,
      });
    });
    const uri = provisioningUri(secret, this.issuerName(), account.label, parameters);
    return { uri, secret: new URL(uri).searchParams.get('secret')!, parameters };
  }

  /** Checks the first code of a pending secret, enables it in place of any earlier one, returns new backup codes. */
  async confirmEnrolment(account: OtpAccount, code: string): Promise<string[]> {
    const pending = await this.factor(account, 'pending');
    if (!pending) throw otpError('otp_not_pending', 'start the set-up first');
    const step = this.matchingStep(pending, code);
    if (step === null || !(await this.recordStep(pending.id, step))) throw invalidOtp();
    const codes = Array.from({ length: this.settings.get('otp.backup_code_count') }, newBackupCode);
    await this.db.transaction(async (tx) => {
      await tx.delete(otpFactors).where(and(this.owner(account), eq(otpFactors.status, 'enabled')));
      await tx
        .update(otpFactors)
        .set({ status: 'enabled', enabledAt: new Date() })
        .where(eq(otpFactors.id, pending.id));
      await tx.insert(otpBackupCodes).values(
        codes.map((backup) => ({
          id: randomUUID(),
          factorId: pending.id,
          codeHash: this.hashBackupCode(pending.id, backup),
        })),
      );
    });
    return codes;
  }

  /** Told of each verification's outcome (`tessera_second_factor_verifications_total`). */
  private outcomes: ((method: 'totp' | 'backup_code', outcome: SecondFactorOutcome) => void) | null = null;

  countOutcomes(listener: (method: 'totp' | 'backup_code', outcome: SecondFactorOutcome) => void): void {
    this.outcomes = listener;
  }

  /** Verifies a TOTP or backup code of the enabled factor; counts failures and locks after too many. */
  async verify(account: OtpAccount, code: string): Promise<{ method: 'totp' | 'backup_code' }> {
    if (!this.outcomes) return this.verifyCode(account, code);
    const method = /^\d+$/.test(code.trim()) ? 'totp' : 'backup_code';
    try {
      const verified = await this.verifyCode(account, code);
      this.outcomes(verified.method, 'success');
      return verified;
    } catch (error) {
      const errorCode = (error as { code?: unknown }).code;
      const outcome =
        errorCode === 'invalid_otp' ? 'failure' : errorCode === 'otp_locked' ? 'locked' : 'error';
      this.outcomes(method, outcome);
      throw error;
    }
  }

  private async verifyCode(account: OtpAccount, code: string): Promise<{ method: 'totp' | 'backup_code' }> {
    const factor = await this.factor(account, 'enabled');
    if (!factor) throw otpError('otp_not_enabled', 'no second factor is set up');
    if (factor.lockedUntil && factor.lockedUntil > new Date()) throw otpLocked(factor.lockedUntil);
    const trimmed = code.trim();
    if (/^\d+$/.test(trimmed)) {
      const step = this.matchingStep(factor, trimmed);
      if (step !== null) {
        // A correct code whose step was already used is a replay: refused, but not counted as a guess.
        if (await this.recordStep(factor.id, step)) return { method: 'totp' };
        throw invalidOtp();
      }
    } else {
      const [used] = await this.db
        .update(otpBackupCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(otpBackupCodes.factorId, factor.id),
            eq(otpBackupCodes.codeHash, this.hashBackupCode(factor.id, trimmed)),
            isNull(otpBackupCodes.usedAt),
          ),
        )
        .returning({ id: otpBackupCodes.id });
      if (used) {
        await this.db.update(otpFactors).set({ failedAttempts: 0 }).where(eq(otpFactors.id, factor.id));
        return { method: 'backup_code' };
      }
      // A genuine backup code already spent (e.g. a double submit) is refused but is not a guess.
      const [spent] = await this.db
        .select({ id: otpBackupCodes.id })
        .from(otpBackupCodes)
        .where(
          and(
            eq(otpBackupCodes.factorId, factor.id),
            eq(otpBackupCodes.codeHash, this.hashBackupCode(factor.id, trimmed)),
          ),
        );
      if (spent) throw invalidOtp();
    }
    await this.recordFailure(factor.id);
    throw invalidOtp();
  }

  async regenerateBackupCodes(account: OtpAccount): Promise<string[]> {
    const factor = await this.factor(account, 'enabled');
    if (!factor) throw otpError('otp_not_enabled', 'no second factor is set up');
    const codes = Array.from({ length: this.settings.get('otp.backup_code_count') }, newBackupCode);
    await this.db.transaction(async (tx) => {
      await tx.delete(otpBackupCodes).where(eq(otpBackupCodes.factorId, factor.id));
      await tx.insert(otpBackupCodes).values(
        codes.map((backup) => ({
          id: randomUUID(),
          factorId: factor.id,
          codeHash: this.hashBackupCode(factor.id, backup),
        })),
      );
    });
    return codes;
  }

  /** Removes every factor of the account (user disabling it, or an admin resetting it). */
  async remove(account: Pick<OtpAccount, 'kind' | 'id'>): Promise<void> {
    await this.db.delete(otpFactors).where(this.owner(account));
  }

  async unlock(account: OtpAccount): Promise<void> {
    await this.db.update(otpFactors).set({ failedAttempts: 0, lockedUntil: null }).where(this.owner(account));
  }

  private matchingStep(factor: typeof otpFactors.$inferSelect, code: string): bigint | null {
    const secret = this.sealer.open(factor.secretSealed, this.secretContext(factor.id));
    const parameters: TotpParameters = {
      algorithm: factor.algorithm as TotpAlgorithm,
      digits: factor.digits as 6 | 8,
      period: factor.period,
    };
    return matchingStep(
      secret,
      code.trim(),
      Math.floor(Date.now() / 1000),
      parameters,
      this.settings.get('otp.window_steps'),
    );
  }

  /** RFC 6238 §5.2: records the step only if it is later than every accepted one; of racing requests one wins. */
  private async recordStep(factorId: string, step: bigint): Promise<boolean> {
    const updated = await this.db
      .update(otpFactors)
      .set({ lastStep: step, failedAttempts: 0 })
      .where(and(eq(otpFactors.id, factorId), or(isNull(otpFactors.lastStep), lt(otpFactors.lastStep, step))))
      .returning({ id: otpFactors.id });
    return updated.length === 1;
  }

  /** RFC 4226 §7.3: after N failures the factor locks for M minutes (the count restarts after a lock). */
  private async recordFailure(factorId: string): Promise<void> {
    const max = this.settings.get('otp.max_failures');
    const lockMs = this.settings.get('otp.lock_minutes') * 60_000;
    const lockedUntil = new Date(Date.now() + lockMs);
    await this.db
      .update(otpFactors)
      .set({
        failedAttempts: sql`CASE WHEN ${otpFactors.failedAttempts} + 1 >= ${max} THEN 0 ELSE ${otpFactors.failedAttempts} + 1 END`,
        lockedUntil: sql`CASE WHEN ${otpFactors.failedAttempts} + 1 >= ${max} THEN ${lockedUntil.toISOString()}::timestamptz ELSE ${otpFactors.lockedUntil} END`,
      })
      .where(eq(otpFactors.id, factorId));
  }
}
