import type { Logger } from 'pino';
import type { AuditLog } from '../audit/audit-log.js';
import type { Config } from '../config/config.js';
import type { SettingsService } from '../config/settings.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Sealer } from '../crypto/seal.js';
import type { SigningKeyService } from '../crypto/signing-keys.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import type { Metrics } from './metrics.js';

/** The shared infrastructure of one process: what every slice builds its services from. */
export interface Infrastructure {
  config: Config;
  logger: Logger;
  database: Database;
  keyring: Keyring;
  sealer: Sealer;
  bus: ChangeBus;
  settings: SettingsService;
  signingKeys: SigningKeyService;
  audit: AuditLog;
  /** Prometheus metrics served at `/metrics` on the admin port; slices add their instruments here. */
  metrics: Metrics;
}
