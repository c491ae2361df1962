import type { Logger } from 'pino';
import { EmailTokens } from '../accounts/email-tokens.js';
import { OpaqueServer } from '../accounts/opaque.js';
import { PasswordAuthentication } from '../accounts/password-authentication.js';
import { SessionService } from '../accounts/sessions.js';
import { type User, UserService, userPasswordAccounts } from '../accounts/users.js';
import { type AdminUser, AdminUserService, adminPasswordAccounts } from '../admin/admin-users.js';
import { InstallService } from '../admin/install.js';
import { PublicBaseUrl } from '../admin/public-base-url.js';
import { AuditLog } from '../audit/audit-log.js';
import { ClientService } from '../clients/service.js';
import type { Config } from '../config/config.js';
import { SettingsService } from '../config/settings.js';
import { type Keyring, keyringFromFile, keyringFromText } from '../crypto/keyring.js';
import { Sealer } from '../crypto/seal.js';
import { loadServerSecret } from '../crypto/server-secrets.js';
import { SigningKeyService } from '../crypto/signing-keys.js';
import { ChangeBus } from '../db/change-bus.js';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { Mailer } from '../email/mailer.js';
import { EmailTemplateService } from '../email/template-service.js';
import { AuthorizeService } from '../oauth/authorize-service.js';
import { revokeOrganizationGrants } from '../oauth/grant-revocation.js';
import { Introspection } from '../oauth/introspection.js';
import { OAuthStore } from '../oauth/store.js';
import { TokenIssuer } from '../oauth/token-issuer.js';
import { TokenService } from '../oauth/token-service.js';
import { RoleStore } from '../orgs/catalogue-store.js';
import { InviteService } from '../orgs/invites.js';
import { RoleService } from '../orgs/roles.js';
import { OrganizationService } from '../orgs/service.js';
import { OrganizationStore } from '../orgs/store.js';
import { OtpService } from '../otp/service.js';
import { Metrics } from './metrics.js';
import { MemoryRateLimitStore, RateLimits } from './rate-limits.js';
import { FallbackRateLimitStore, RedisRateLimitStore } from './shared-rate-limit-store.js';

/** Everything a request handler may use; one per process (or per test app). */
export interface AppContext {
  config: Config;
  logger: Logger;
  database: Database;
  keyring: Keyring;
  sealer: Sealer;
  bus: ChangeBus;
  settings: SettingsService;
  signingKeys: SigningKeyService;
  clients: ClientService;
  users: UserService;
  sessions: SessionService;
  oauthStore: OAuthStore;
  issuer: TokenIssuer;
  tokens: TokenService;
  introspection: Introspection;
  authorize: AuthorizeService;
  passwords: PasswordAuthentication<User>;
  emailTokens: EmailTokens;
  mailer: Mailer;
  emailTemplates: EmailTemplateService;
  rateLimits: RateLimits;
  adminUsers: AdminUserService;
  adminSessions: SessionService;
  adminPasswords: PasswordAuthentication<AdminUser>;
  install: InstallService;
  audit: AuditLog;
  publicBaseUrl: PublicBaseUrl;
  otp: OtpService;
  organizations: OrganizationService;
  organizationInvites: InviteService;
  organizationRoles: RoleService;
  /** Prometheus metrics served at `/metrics` on the admin port; slices add their instruments here. */
  metrics: Metrics;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  /** Apply pending migrations at start (the default); `tessera serve` workers skip it after the primary did it. */
  migrate?: boolean;
  /** How often each node advances the signing-key lifecycle; 0 disables the timer (tests drive it). */
  keyMaintenanceMs?: number;
}

export function openKeyring(config: Config): Keyring {
  return config.kek
    ? keyringFromText(config.kek)
    : keyringFromFile(config.kekFile, { create: config.environment !== 'production' });
}

export async function createContext(
  config: Config,
  logger: Logger,
  options: ContextOptions = {},
): Promise<AppContext> {
  const keyring = openKeyring(config);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: `${config.dataDir}/db` }));
  try {
    if (options.migrate !== false) {
      const applied = await migrate(database);
      if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
    }
    const metrics = new Metrics(database);
    const sealer = new Sealer(keyring);
    const bus = new ChangeBus(database, { trustMs: config.cacheTrustSeconds * 1000, logger });
    await bus.start();
    const settings = new SettingsService(database, bus, sealer);
    await settings.load();
    const publicBaseUrl = new PublicBaseUrl(config, settings);
    publicBaseUrl.applyAtStart();
    const signingKeys = new SigningKeyService(database, sealer, settings, bus);
    await signingKeys.ensureKeys();
    await signingKeys.advance();

    const clients = new ClientService(database.db, sealer, bus);
    const users = new UserService(database.db);
    const sessions = new SessionService(database.db, settings);
    const oauthStore = new OAuthStore(database.db);
    const issuer = new TokenIssuer(config.baseUrl, signingKeys, settings);
    const organizationStore = new OrganizationStore(database.db);
    const organizationRoles = new RoleService(new RoleStore(database.db), organizationStore);
    await organizationRoles.ensureBuiltIns();
    const organizations = new OrganizationService(
      organizationStore,
      new RoleStore(database.db),
      settings,
      (organizationId, userId) => revokeOrganizationGrants(database.db, organizationId, userId),
    );
    const organizationInvites = new InviteService(organizationStore, organizations, settings);
    const tokens = new TokenService(oauthStore, issuer, users, settings, organizations);
    const introspection = new Introspection(config.baseUrl, issuer, oauthStore);
    const authorize = new AuthorizeService(config.baseUrl, clients, oauthStore, issuer, organizations);
    const opaque = new OpaqueServer(database.db, sealer);
    await opaque.ensureSetup();
    const passwords = new PasswordAuthentication(
      database.db,
      sealer,
      opaque,
      userPasswordAccounts(database.db, users),
      settings,
    );
    const emailTokens = new EmailTokens(database.db);
    const emailTemplates = new EmailTemplateService(settings, config.baseUrl);
    const mailer = new Mailer(config, settings, emailTemplates, logger);
    const adminUsers = new AdminUserService(database.db);
    const adminSessions = new SessionService(database.db, settings, 'admin');
    const adminPasswords = new PasswordAuthentication(
      database.db,
      sealer,
      opaque,
      adminPasswordAccounts(database.db, adminUsers),
      settings,
    );
    const install = new InstallService(database.db);
    const otp = new OtpService(
      database.db,
      sealer,
      settings,
      await loadServerSecret(database.db, sealer, 'otp_backup_code_key'),
      () => settings.get('product.name'),
      (userId) => organizations.requiresTotp(userId),
    );
    const audit = new AuditLog(database.db);
    const rateLimits = new RateLimits(
      config.redisUrl
        ? new FallbackRateLimitStore(
            new RedisRateLimitStore(config.redisUrl, logger),
            new MemoryRateLimitStore(),
          )
        : new MemoryRateLimitStore(),
      settings,
    );

    const maintenanceMs = options.keyMaintenanceMs ?? 30_000;
    const timer =
      maintenanceMs > 0
        ? setInterval(() => {
            signingKeys
              .advance()
              .catch((error) => logger.error({ err: error }, 'signing-key maintenance failed'));
          }, maintenanceMs)
        : null;
    timer?.unref();

    return {
      config,
      logger,
      database,
      keyring,
      sealer,
      bus,
      settings,
      signingKeys,
      clients,
      users,
      sessions,
      oauthStore,
      issuer,
      tokens,
      introspection,
      authorize,
      passwords,
      emailTokens,
      mailer,
      emailTemplates,
      rateLimits,
      adminUsers,
      adminSessions,
      adminPasswords,
      install,
      audit,
      publicBaseUrl,
      otp,
      organizations,
      organizationInvites,
      organizationRoles,
      metrics,
      async close() {
        if (timer) clearInterval(timer);
        await rateLimits.close();
        await bus.stop();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}
