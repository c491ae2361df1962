import type { SliceModule } from '../app/module.js';
import { registerAdminLogoutRoutes } from './admin-routes.js';
import { LOGOUT_AUDIT_ACTIONS } from './audit-actions.js';
import { createLogoutServices } from './services.js';
import { LOGOUT_SETTINGS } from './settings.js';

/**
 * What a session's end does to the relying parties (docs/logout.md): the refresh tokens issued in it end (offline
 * access aside), and OIDC Back-Channel Logout 1.0 tokens are queued in the ending transaction and delivered by a
 * worker every node runs (the composition root starts its timer).
 */
export const logoutModule = {
  name: 'logout',
  auditActions: LOGOUT_AUDIT_ACTIONS,
  settings: LOGOUT_SETTINGS,
  settingsTitle: 'Back-channel logout',
  createServices: createLogoutServices,
  registerAdmin(app, context) {
    registerAdminLogoutRoutes(app, context);
  },
} satisfies SliceModule<'logout'>;
