import type { Logger } from 'pino';
import { PublicBaseUrl } from '../admin/public-base-url.js';
import { AuditLog } from '../audit/audit-log.js';
import type { Config } from '../config/config.js';
import { SettingsService } from '../config/settings.js';
import { resealAll } from '../crypto/kek-rotation.js';
import { type Keyring, keyringFromFile, keyringFromText } from '../crypto/keyring.js';
import { Sealer } from '../crypto/seal.js';
import { SigningKeyService } from '../crypto/signing-keys.js';
import { writeBackup } from '../db/backup.js';
import { ChangeBus } from '../db/change-bus.js';
import { type Database, openDatabase } from '../db/client.js';
import type { LockRole } from '../db/data-dir-lock.js';
import { embeddedDatabaseDirectory } from '../db/data-dir-lock.js';
import { isMigrated, migrate, migrationStatus } from '../db/migrate.js';
import type { AppContext } from './app-context.js';
import type { DatabaseOperations, Infrastructure } from './infrastructure.js';
import { Metrics } from './metrics.js';
import { createSliceServices } from './module.js';
import { AUDIT_ACTIONS, MODULES, RATE_LIMIT_RULES, SETTING_DEFINITIONS } from './modules.js';
import { MemoryRateLimitStore, RateLimits } from './rate-limits.js';
import { FallbackRateLimitStore, RedisRateLimitStore } from './shared-rate-limit-store.js';

/** How long a starting node waits for its first Redis connection. */
const REDIS_START_WAIT_MS = 3_000;

export interface ContextOptions {
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  /** Apply pending migrations at start (the default); `tessera serve` workers skip it after the primary did it. */
  migrate?: boolean;
  /** How often each node advances the signing-key lifecycle; 0 disables the timer (tests drive it). */
  keyMaintenanceMs?: number;
  /**
   * How often this node offers to run housekeeping; 0 disables the timer (tests and one-shot commands). By default
   * the `housekeeping.interval_minutes` setting.
   */
  housekeepingMs?: number;
  /** Who holds the embedded database's directory: a server, or a command (the default). */
  lockRole?: LockRole;
}

export { embeddedDatabaseDirectory };

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
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      embeddedDir: embeddedDatabaseDirectory(config),
      lockRole: options.lockRole,
    }));
  try {
    if (options.migrate !== false) {
      const applied = await migrate(database);
      if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
    }
    const metrics = new Metrics(database);
    const sealer = new Sealer(keyring);
    const bus = new ChangeBus(database, { trustMs: config.cacheTrustSeconds * 1000, logger });
    await bus.start();
    const settings = new SettingsService(database, bus, sealer, SETTING_DEFINITIONS);
    await settings.load();
    // The issuer must be final before anything that signs tokens or builds URLs is created.
    new PublicBaseUrl(config, settings).applyAtStart();
    const signingKeys = new SigningKeyService(database, sealer, settings, bus);
    await signingKeys.ensureKeys();
    await signingKeys.advance();
    const audit = new AuditLog(database.db, AUDIT_ACTIONS);
    const storage: DatabaseOperations = {
      isMigrated: () => isMigrated(database),
      dataDirectoryLock: database.dataDirectoryLock,
      reseal: (withSealer, columns) => resealAll(database, withSealer, columns),
      backup: (path) => writeBackup(database, path),
      migrationStatus: () => migrationStatus(database),
    };
    const shared = { config, logger, keyring, sealer, bus, settings, signingKeys, audit, metrics, storage };
    // The service factories get the database; the context they fill does not (AppContext).
    const infrastructure: Infrastructure = { ...shared, database };
    const services = await createSliceServices(MODULES, infrastructure);
    const sharedLimits = config.redisUrl
      ? new FallbackRateLimitStore(
          new RedisRateLimitStore(config.redisUrl, logger),
          new MemoryRateLimitStore(),
        )
      : null;
    const rateLimits = new RateLimits(
      sharedLimits ?? new MemoryRateLimitStore(),
      settings,
      RATE_LIMIT_RULES,
      (name) => metrics.rateLimitRefused(name),
    );
    // Start-up work done: give Redis a moment to connect, so limits are shared from the first request. Without it
    // the node starts anyway and counts on its own until Redis answers (docs/operations.md, "Redis outage").
    if (sharedLimits && !(await sharedLimits.waitUntilReady(REDIS_START_WAIT_MS))) {
      logger.warn('Redis did not answer at start: rate limits are counted per node until it does');
    }

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
    const { housekeeping } = services;
    if (options.housekeepingMs !== 0) housekeeping.start(options.housekeepingMs);
    // Webhook delivery is background work too: off where housekeeping is (one-shot commands, tests drive it).
    const webhookDelivery = services.webhooks.delivery;
    if (options.housekeepingMs !== 0) webhookDelivery.start();
    const logoutDelivery = services.logout.delivery;
    if (options.housekeepingMs !== 0) logoutDelivery.start();

    return {
      ...shared,
      ...services,
      rateLimits,
      async close() {
        if (timer) clearInterval(timer);
        await housekeeping.stop();
        await webhookDelivery.stop();
        await logoutDelivery.stop();
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
