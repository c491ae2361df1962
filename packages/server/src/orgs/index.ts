import type { SliceModule } from '../app/module.js';
import { registerAdminRoleRoutes } from './admin-role-routes.js';
import { registerAdminOrganizationRoutes } from './admin-routes.js';
import { ORGANIZATION_AUDIT_ACTIONS } from './audit-actions.js';
import { registerDirectoryRoutes } from './directory-routes.js';
import { registerOrganizationRoutes } from './public-routes.js';
import { ORGANIZATION_PURGES } from './purges.js';
import { createOrganizationServices } from './services.js';
import { ORGANIZATION_RATE_LIMITS, ORGANIZATION_SETTINGS } from './settings.js';

/** Organizations, members, roles, permissions and invitations; the users directory apps search. */
export const organizationsModule = {
  name: 'orgs',
  auditActions: ORGANIZATION_AUDIT_ACTIONS,
  purges: ORGANIZATION_PURGES,
  createServices: createOrganizationServices,
  settings: ORGANIZATION_SETTINGS,
  settingsTitle: 'Organizations',
  rateLimits: ORGANIZATION_RATE_LIMITS,
  registerPublic(app, context) {
    registerOrganizationRoutes(app, context);
    registerDirectoryRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminOrganizationRoutes(app, context);
    registerAdminRoleRoutes(app, context);
  },
} satisfies SliceModule<'orgs'>;
