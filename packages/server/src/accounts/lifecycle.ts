import { appError } from '../app/errors.js';
import { RequiredHook } from '../app/required-hook.js';
import type { AuditAction } from '../audit/actions.js';
import type { AuditEventInput, AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/client.js';
import { runInTransaction } from '../db/transactions.js';
import type { Mailer } from '../email/mailer.js';
import type { EmailTokens } from './email-tokens.js';
import { EncryptionKeyReport } from './encryption-key-report.js';
import { accountsError } from './errors.js';
import { hostedUiLink } from './links.js';
import type { PasswordAuthentication } from './password-authentication.js';
import type { SessionEndReason, SessionService } from './sessions.js';
import type { User, UserService } from './users.js';

/**
 * Who makes a change, for its audit entry: an admin through the admin API (with the request it came from), SCIM
 * with its token, the system. The lifecycle's rules are the same whoever calls.
 */
export interface ChangedBy {
  actor: AuditEventInput['actor'];
  request?: AuditEventInput['request'];
}

/** A finished OPAQUE registration (its id from the start step, and the record the client made). */
export interface FinishedRegistration {
  registrationId: string;
  registrationRecord: string;
}

/**
 * What a reset did to the account's encryption key (docs/zk.md §3.1): `none` (it had none), `kept` (the key is
 * still there; the new password cannot open it, `opensWith` can), `discarded` (an address never verified before:
 * whatever its registrant set up went, the key with it).
 */
export interface ResetOutcome {
  encryptionKey: 'none' | 'kept' | 'discarded';
  opensWith: string[];
}

export const userNotFound = () => appError('not_found', 'no such user');

export const invalidResetToken = () =>
  accountsError('invalid_token', 'this reset link is invalid, already used or expired; ask for a new one');

export interface AccountLifecycleDependencies {
  users: UserService;
  sessions: SessionService;
  passwords: PasswordAuthentication<User>;
  emailTokens: EmailTokens;
  audit: AuditLog;
  mailer: Mailer;
  /** The issuer, under which the hosted UI's pages are (emailed links). */
  baseUrl: string;
}

/**
 * A user account's lifecycle: created, edited, disabled, enabled, deleted, its password set by an admin or reset
 * through an emailed link. The admin API calls it, and SCIM will, with its own actor. Each change is one transaction
 * with its audit entry; whatever ends the account's access (a disable, a new password) ends its sessions and, through
 * `accessEnded` (handled by the oauth slice), every grant with its refresh and access tokens.
 */
export class AccountLifecycle {
  /** The account's grants must end (oauth revokes them; it is built after this slice). */
  readonly accessEnded = new RequiredHook<[userId: string]>("the end of an account's access");
  /**
   * The account's password was replaced without its owner's old export key (an admin set it, or a reset by email),
   * so what was wrapped under the old one can no longer be opened: key custody marks the password envelope stale
   * (docs/zk.md §3.1). Handled by the keys slice, built after this one.
   */
  readonly passwordReplaced = new RequiredHook<[userId: string]>(
    'a password replaced without its old export key',
  );
  /**
   * The account's owner changed their password (proving the old one). The new OPAQUE record is stored before the
   * browser re-wraps the password envelope under the new export key, so until it does, the envelope made with the
   * old export key cannot unlock: key custody marks it stale, as for `passwordReplaced` (docs/zk.md §3.1). Runs in
   * the change's transaction.
   */
  readonly passwordChangedByOwner = new RequiredHook<[userId: string]>('a password changed by its owner');

  /**
   * The account's address was just proven by someone who may not be whoever registered it, and every credential
   * other slices hold for the account must go (passkeys, second factors, the keybag with its envelopes, encryption
   * keys and trusted devices): see `claimForProvenOwner`. Runs in the claim's transaction.
   */
  /** What is left of the account's encryption key, answered by the keys slice (the reset confirmation says it). */
  readonly encryptionKey = new EncryptionKeyReport();

  readonly credentialsDiscarded = new RequiredHook<[userId: string]>(
    "the discarding of an unverified account's credentials",
  );

  /**
   * The account is being disabled or deleted: the organizations slice flags each organization this takes its last
   * manager from (docs/organizations.md, "Without a manager"); the change itself always goes ahead. Runs in the
   * change's transaction, before a deletion removes the memberships.
   */
  readonly accountLeaving = new RequiredHook<[userId: string, by: ChangedBy]>(
    'an account disabled or deleted',
  );

  constructor(
    private readonly db: Db,
    private readonly services: AccountLifecycleDependencies,
  ) {}

  /** A new account without a password (an admin then sets one, or sends a reset link). Throws UserExistsError. */
  create(input: { email: string; name?: string; emailVerified?: boolean }, by: ChangedBy): Promise<User> {
    return this.services.audit.recordChange(
      () => this.services.users.create(input),
      (created) => this.entry(by, 'user.created', created.id, { email: created.email }),
    );
  }

  /** Throws UserExistsError when the new address belongs to another account. */
  update(
    userId: string,
    changes: { name?: string; email?: string; emailVerified?: boolean },
    by: ChangedBy,
  ): Promise<User> {
    return this.services.audit.recordChange(
      async () => {
        const updated = await this.services.users.update(userId, changes);
        if (!updated) throw userNotFound();
        return updated;
      },
      this.entry(by, 'user.updated', userId, {
        // In the API's words, only what was sent.
        changes: Object.fromEntries(
          Object.entries({
            name: changes.name,
            email: changes.email,
            email_verified: changes.emailVerified,
          }).filter(([, value]) => value !== undefined),
        ),
      }),
    );
  }

  /** The account can no longer sign in; its sessions end and its grants are revoked. */
  disable(userId: string, by: ChangedBy): Promise<User> {
    return this.services.audit.recordChange(
      async () => {
        await this.require(userId);
        await this.services.users.setStatus(userId, 'disabled');
        await this.accountLeaving.run(userId, by);
        await this.endAccess(userId, 'account_disabled');
        return this.require(userId);
      },
      this.entry(by, 'user.disabled', userId),
    );
  }

  enable(userId: string, by: ChangedBy): Promise<User> {
    return this.services.audit.recordChange(
      async () => {
        await this.require(userId);
        await this.services.users.setStatus(userId, 'active');
        return this.require(userId);
      },
      this.entry(by, 'user.enabled', userId),
    );
  }

  /** Deletes the account and, by cascade, everything issued to it (sessions, grants, factors, memberships). */
  async delete(userId: string, by: ChangedBy): Promise<void> {
    await this.services.audit.recordChange(
      async () => {
        await this.accountLeaving.run(userId, by);
        // Ended before the rows go, so the relying parties are told (docs/logout.md#back-channel-logout).
        await this.services.sessions.endAllForUser(userId, 'account_deleted');
        if (!(await this.services.users.delete(userId))) throw userNotFound();
      },
      this.entry(by, 'user.deleted', userId),
    );
  }

  /**
   * An admin sets the account's password from an OPAQUE registration the admin's browser ran; the user must change
   * it at the next sign-in, and whoever is signed in with the old one is signed out, their grants revoked.
   */
  async setPassword(userId: string, registration: FinishedRegistration, by: ChangedBy): Promise<void> {
    await this.services.audit.recordChange(
      async () => {
        const registered = await this.services.passwords.consumeRegistration(
          registration.registrationId,
          registration.registrationRecord,
          'admin_set',
        );
        if (registered.userId !== userId)
          throw accountsError('registration_expired', 'this registration is for another user');
        await this.services.passwords.setRecord(userId, registration.registrationRecord, {
          mustChangePassword: true,
        });
        await this.passwordReplaced.run(userId);
        // Whoever knew the old password must not stay signed in anywhere, nor keep the tokens it got them.
        await this.endAccess(userId, 'password_set');
      },
      this.entry(by, 'user.password_set', userId),
    );
  }

  /**
   * Emails the account a password-reset link on someone else's behalf (an admin), recorded once it has gone: the
   * email is the action, and it cannot be rolled back.
   */
  async sendPasswordReset(userId: string, by: ChangedBy): Promise<void> {
    const user = await this.require(userId);
    await this.emailPasswordReset(user);
    await this.services.audit.record(this.entry(by, 'user.password_reset_sent', user.id));
  }

  /**
   * Emails a password-reset link to the account's address (the owner asked, or an admin did), in the account's
   * saved language, else in the language of the request that asked (docs/languages.md#emails).
   */
  async emailPasswordReset(
    user: Pick<User, 'id' | 'email' | 'locale'>,
    requestLocale?: string | null,
  ): Promise<void> {
    const token = await this.services.emailTokens.issue(user.id, 'password_reset', user.email);
    await this.services.mailer.send({
      to: user.email,
      template: 'password_reset',
      variables: { email: user.email, link: hostedUiLink(this.services.baseUrl, 'reset-password', token) },
      locale: user.locale ?? requestLocale ?? null,
    });
  }

  /**
   * Completes a reset through an emailed link: uses the link up, stores the new record, ends every session and
   * grant, and marks the address verified (following the link proves control of it). One transaction: a refused
   * registration leaves the link usable and nothing changed.
   */
  async completePasswordReset(token: string, registration: FinishedRegistration): Promise<ResetOutcome> {
    return runInTransaction(this.db, async () => {
      const used = await this.services.emailTokens.consume(token, 'password_reset');
      if (!used) throw invalidResetToken();
      const before = await this.encryptionKey.of(used.userId);
      const registered = await this.services.passwords.consumeRegistration(
        registration.registrationId,
        registration.registrationRecord,
        'password_reset',
      );
      if (registered.userId !== used.userId) throw invalidResetToken();
      // A reset is how the owner of a pre-registered address takes the account over: what its registrant set up goes.
      await this.claimForProvenOwner(used.userId, used.email, 'password_reset', {
        actor: { type: 'system' },
      });
      await this.services.passwords.setRecord(used.userId, registration.registrationRecord);
      await this.passwordReplaced.run(used.userId);
      // Whoever knew the old password must not stay signed in anywhere.
      await this.endAccess(used.userId, 'password_reset');
      await this.services.users.markEmailVerified(used.userId, used.email);
      const after = await this.encryptionKey.of(used.userId);
      if (after.exists) return { encryptionKey: 'kept', opensWith: after.opensWith };
      return { encryptionKey: before.exists ? 'discarded' : 'none', opensWith: [] };
    });
  }

  /**
   * Hands an account to the owner of its address, just proven: an upstream provider that owns the address's verified
   * domain says so, or its owner followed an emailed reset link (docs/users.md#unverified-accounts). When the address
   * had never been verified, whoever registered the account may not own it (a pre-registered account), so nothing
   * they set up may stay: in one transaction the address is marked verified, the password record goes with the
   * OPAQUE sign-ins and registrations under way, unused emailed links, sessions, grants with their refresh tokens and
   * unredeemed codes, and every credential other slices hold (`credentialsDiscarded`), audited as
   * `user.credentials_discarded`. False, and nothing changed, when the address was verified already.
   */
  claimForProvenOwner(
    userId: string,
    email: string,
    provenBy: 'federation' | 'password_reset',
    by: ChangedBy,
  ): Promise<boolean> {
    return runInTransaction(this.db, async () => {
      if (!(await this.services.users.claimUnverified(userId, email))) return false;
      await this.services.emailTokens.discardAll(userId);
      await this.endAccess(userId, 'account_claimed');
      await this.credentialsDiscarded.run(userId);
      await this.services.audit.record(
        this.entry(by, 'user.credentials_discarded', userId, { proven_by: provenBy }),
      );
      return true;
    });
  }

  /**
   * An admin signs the user out everywhere: every session ends, and with it what was issued in it
   * (docs/logout.md): refresh tokens without offline_access, and back-channel logout to the relying parties.
   */
  async endSessions(userId: string, by: ChangedBy): Promise<void> {
    await this.services.audit.recordChange(
      async () => {
        await this.require(userId);
        await this.services.sessions.endAllForUser(userId, 'admin_ended');
      },
      this.entry(by, 'user.sessions_ended', userId),
    );
  }

  /** Sessions (this slice's) and grants (through the hook). */
  private async endAccess(userId: string, reason: SessionEndReason): Promise<void> {
    await this.services.sessions.endAllForUser(userId, reason);
    await this.accessEnded.run(userId);
  }

  private async require(userId: string): Promise<User> {
    const user = await this.services.users.find(userId);
    if (!user) throw userNotFound();
    return user;
  }

  private entry(
    by: ChangedBy,
    action: AuditAction,
    userId: string,
    details?: Record<string, unknown>,
  ): AuditEventInput {
    return {
      action,
      outcome: 'success',
      actor: by.actor,
      request: by.request,
      target: { type: 'user', id: userId },
      details,
    };
  }
}
