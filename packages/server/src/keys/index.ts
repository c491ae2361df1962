import type { SliceModule } from '../app/module.js';
import { purgeExpired } from '../db/purge.js';
import { registerAdminKeyRoutes } from './admin-routes.js';
import { KEYS_AUDIT_ACTIONS } from './audit-actions.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { deviceApprovals } from './devices/tables.js';
import { registerOrganizationUnlockPolicyRoutes } from './organization-policy-admin-routes.js';
import { registerKeyRoutes } from './public-routes.js';
import { createKeyServices } from './services.js';
import { KEYS_RATE_LIMITS, KEYS_SETTINGS } from './settings.js';

/** Zero-knowledge key custody: keybags, envelopes, unlock policy, users' encryption keys (docs/zk.md). */
export const keysModule = {
  name: 'keys',
  auditActions: KEYS_AUDIT_ACTIONS,
  purges: [purgeExpired(deviceApprovals, deviceApprovals.id)],
  createServices: createKeyServices,
  settings: KEYS_SETTINGS,
  settingsTitle: 'Zero-knowledge key custody',
  rateLimits: KEYS_RATE_LIMITS,
  registerPublic(app, context) {
    registerKeyRoutes(app, context);
    registerDeviceRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminKeyRoutes(app, context);
    registerOrganizationUnlockPolicyRoutes(app, context);
  },
} satisfies SliceModule<'keys'>;
