import type { SliceModule } from '../app/module.js';
import { registerAdminScimRoutes } from './admin-routes.js';
import { SCIM_AUDIT_ACTIONS } from './audit-actions.js';
import { registerScimRoutes } from './public-routes.js';
import { createScimServices } from './services.js';
import { SCIM_SETTINGS } from './settings.js';

/** SCIM 2.0 provisioning (RFC 7643/7644): connections, their tokens, and /scim/v2 on the public port. */
export const scimModule = {
  name: 'scim',
  auditActions: SCIM_AUDIT_ACTIONS,
  createServices: createScimServices,
  settings: SCIM_SETTINGS,
  settingsTitle: 'SCIM',
  registerPublic(app, context) {
    registerScimRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminScimRoutes(app, context);
  },
} satisfies SliceModule<'scim'>;
