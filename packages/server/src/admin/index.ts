import type { SliceModule } from '../app/module.js';
import { purgeExpired } from '../db/purge.js';
import { registerAdminAdminUserRoutes } from './admin-users-routes.js';
import { ADMIN_AUDIT_ACTIONS } from './audit-actions.js';
import { registerAdminAuditRoutes } from './audit-routes.js';
import { registerAdminAuthRoutes } from './auth-routes.js';
import { registerInstallRoutes } from './install-routes.js';
import { createAdminServices } from './services.js';
import { ADMIN_SETTINGS } from './settings.js';
import { registerAdminSystemRoutes } from './system-routes.js';
import { installTokens } from './tables.js';
import { registerAdminTokenRoutes } from './token-routes.js';

/**
 * Admins themselves and the system no slice owns: first-run install, admin sign-in and sessions, admin users, the
 * settings API, signing keys and the audit viewer. (The port's access hook is registered by app/build.ts, before any route.)
 */
export const adminModule = {
  name: 'admin',
  auditActions: ADMIN_AUDIT_ACTIONS,
  purges: [purgeExpired(installTokens, installTokens.tokenHash)],
  createServices: createAdminServices,
  settings: ADMIN_SETTINGS,
  settingsTitle: 'Admins and the system',
  registerAdmin(app, context) {
    registerInstallRoutes(app, context);
    registerAdminAuthRoutes(app, context);
    registerAdminSystemRoutes(app, context);
    registerAdminAuditRoutes(app, context);
    registerAdminAdminUserRoutes(app, context);
    registerAdminTokenRoutes(app, context);
  },
} satisfies SliceModule<'admin'>;
