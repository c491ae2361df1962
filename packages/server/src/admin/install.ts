import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PasswordAuthentication } from '../accounts/password-authentication.js';
import type { AuditEventInput, AuditLog } from '../audit/audit-log.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { AdminUser, AdminUserService } from './admin-users.js';
import { adminError } from './errors.js';
import type { PublicBaseUrl } from './public-base-url.js';
import { installation, installTokens } from './tables.js';

const INSTALL_TOKEN_TTL_MS = 24 * 3600_000;

export const installComplete = () =>
  adminError('install_complete', 'this service is installed; install is closed');
export const invalidInstallToken = () =>
  adminError(
    'invalid_install_token',
    'the install link is invalid or expired; restart the service for a new one',
  );

/** SMTP settings chosen at install (the install page may set them; the command does not). */
export interface InstallSmtp {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  user?: string;
  password?: string;
  from: string;
}

/** What completing the install records: the first admin's finished OPAQUE registration and the install choices. */
export interface InstallChoices {
  registrationId: string;
  registrationRecord: string;
  adminName: string;
  productName: string;
  selfRegistration: boolean;
  /** As given (checked here); null keeps the configured one. */
  baseUrl: string | null;
  smtp?: InstallSmtp;
}

/**
 * Who completes the install: the holder of a one-time install token (the install page, over HTTP), or the operator
 * running `tessera install`, who holds the database itself (or the server's control socket) and needs no token.
 */
export type Installer = { token: string; request: AuditEventInput['request'] } | { via: 'cli' };

export interface InstallServiceDependencies {
  users: AdminUserService;
  passwords: PasswordAuthentication<AdminUser>;
  settings: SettingsService;
  publicBaseUrl: PublicBaseUrl;
  audit: AuditLog;
}

const tokenUsable = (token: string) =>
  and(
    eq(installTokens.tokenHash, hashToken(token)),
    isNull(installTokens.consumedAt),
    gt(installTokens.expiresAt, new Date()),
  );

/**
 * First-run install: one-time tokens stored hashed with an expiry (so any node can serve the install), checked
 * afresh at every step, consumed at completion, after which every install endpoint is closed for good. Completion
 * is one service for the install page and for `tessera install`, and one transaction.
 */
export class InstallService {
  constructor(
    private readonly db: Db,
    private readonly services: InstallServiceDependencies,
  ) {}

  async installed(): Promise<boolean> {
    const [row] = await this.db.select().from(installation).where(eq(installation.id, 1));
    return row?.completedAt != null;
  }

  /** A new install token when not installed yet (printed at start), else null. */
  async issueToken(): Promise<string | null> {
    if (await this.installed()) return null;
    const token = randomToken();
    await this.db
      .insert(installTokens)
      .values({ tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INSTALL_TOKEN_TTL_MS) });
    return token;
  }

  /** Every bootstrap step calls this first. */
  async validate(token: string): Promise<void> {
    if (await this.installed()) throw installComplete();
    const [row] = await this.db.select().from(installTokens).where(tokenUsable(token));
    if (!row) throw invalidInstallToken();
  }

  /** OPAQUE registration of the first admin, first message (the password stays with the installer's client). */
  async startAdminRegistration(
    installer: Installer,
    email: string,
    registrationRequest: string,
  ): Promise<{ registrationId: string; registrationResponse: string }> {
    if ('token' in installer) await this.validate(installer.token);
    else if (await this.installed()) throw installComplete();
    return this.services.passwords.startRegistration({ email }, registrationRequest, 'admin_set');
  }

  /**
   * Creates the first (write) admin from the finished registration, records the install choices and closes install
   * for good, with its audit entry, in one transaction: of two concurrent completions exactly one succeeds, and a
   * failure leaves nothing behind (the token and the registration stay usable). Returns the admin and whether the
   * chosen base URL differs from the running issuer (a restart applies it).
   */
  async complete(
    installer: Installer,
    choices: InstallChoices,
  ): Promise<{ admin: AdminUser; baseUrlAppliesAfterRestart: boolean }> {
    const { users, passwords, settings, publicBaseUrl, audit } = this.services;
    if ('token' in installer) await this.validate(installer.token);
    const baseUrl = choices.baseUrl === null ? null : publicBaseUrl.validate(choices.baseUrl);
    return audit.recordChange(
      async () => {
        const registration = await passwords.consumeRegistration(
          choices.registrationId,
          choices.registrationRecord,
          'admin_set',
        );
        await this.close(installer);
        const admin = await users.create({
          id: registration.userId,
          email: registration.email,
          name: choices.adminName,
          role: 'write',
        });
        await passwords.setRecord(admin.id, choices.registrationRecord);
        await settings.set('product.name', choices.productName);
        await settings.set('accounts.self_registration', choices.selfRegistration);
        if (choices.smtp) {
          await settings.set('smtp.host', choices.smtp.host);
          await settings.set('smtp.port', choices.smtp.port);
          await settings.set('smtp.security', choices.smtp.security);
          await settings.set('smtp.user', choices.smtp.user ?? '');
          await settings.set('smtp.password', choices.smtp.password ?? '');
          await settings.set('smtp.from', choices.smtp.from);
        }
        const baseUrlAppliesAfterRestart = baseUrl !== null ? await publicBaseUrl.save(baseUrl) : false;
        return { admin, baseUrlAppliesAfterRestart };
      },
      ({ admin }) => ({
        action: 'install.completed',
        outcome: 'success',
        actor: { type: 'installer' },
        target: { type: 'admin_user', id: admin.id },
        details: {
          via: 'token' in installer ? 'install_page' : 'cli',
          product_name: choices.productName,
          self_registration: choices.selfRegistration,
          smtp: Boolean(choices.smtp),
          base_url: baseUrl,
        },
        request: 'token' in installer ? installer.request : undefined,
      }),
    );
  }

  /** Consumes the installer's token (if any) and marks the service installed; every other token dies with it. */
  private async close(installer: Installer): Promise<void> {
    if ('token' in installer) {
      const [consumed] = await this.db
        .update(installTokens)
        .set({ consumedAt: new Date() })
        .where(tokenUsable(installer.token))
        .returning();
      if (!consumed) throw invalidInstallToken();
    }
    const inserted = await this.db
      .insert(installation)
      .values({ id: 1, completedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw installComplete();
    await this.db
      .update(installTokens)
      .set({ consumedAt: new Date() })
      .where(isNull(installTokens.consumedAt));
  }
}
