import type { Logger } from 'pino';
import type { AuditLog } from '../audit/audit-log.js';
import type { Config } from '../config/config.js';
import type { SettingsService } from '../config/settings.js';
import type { ResealReport } from '../crypto/kek-rotation.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Sealer } from '../crypto/seal.js';
import type { SealedColumn } from '../crypto/sealed-columns.js';
import type { SigningKeyService } from '../crypto/signing-keys.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import type { DataDirectoryLock } from '../db/data-dir-lock.js';
import type { MigrationStatus } from '../db/migrate.js';
import type { Metrics } from './metrics.js';

/**
 * What the process's own machinery needs of the database (readiness, the control socket, KEK rotation), and no
 * way to query it: request handlers and slices read and write through services.
 */
export interface DatabaseOperations {
  /** Every migration applied (`/readyz`); rejects when the database does not answer. */
  isMigrated(): Promise<boolean>;
  /** The lock this process holds on the embedded database's directory (absent in memory and on PostgreSQL). */
  readonly dataDirectoryLock: DataDirectoryLock | undefined;
  /** Re-seals every sealed column under the current KEK version (`tessera kek rotate`). */
  reseal(sealer: Sealer, columns: readonly SealedColumn[]): Promise<ResealReport[]>;
  /** Writes a consistent snapshot of the embedded database to a new file (`tessera backup`); returns its size. */
  backup(path: string): Promise<number>;
  /** Applied and pending migrations (`tessera migrate --status`). */
  migrationStatus(): Promise<MigrationStatus>;
}

/** The shared infrastructure of one process, as the context holds it: no database handle. */
export interface SharedInfrastructure {
  config: Config;
  logger: Logger;
  keyring: Keyring;
  sealer: Sealer;
  bus: ChangeBus;
  settings: SettingsService;
  signingKeys: SigningKeyService;
  audit: AuditLog;
  /** Prometheus metrics served at `/metrics` on the admin port; slices add their instruments here. */
  metrics: Metrics;
  storage: DatabaseOperations;
}

/**
 * What each slice's service factory (`createServices`) builds from: the shared infrastructure and the database its
 * stores query. Only the factories see `database`; the context they fill does not carry it.
 */
export interface Infrastructure extends SharedInfrastructure {
  database: Database;
}
