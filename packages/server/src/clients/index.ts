import type { SliceModule } from '../app/module.js';
import { registerAdminClientRoutes } from './admin-routes.js';
import { CLIENT_AUDIT_ACTIONS } from './audit-actions.js';
import { registerAppsDashboardRoutes } from './dashboard-routes.js';
import { registerClientIconRoutes } from './public-routes.js';
import { CLIENT_PURGES } from './purges.js';
import { createClientServices } from './services.js';
import { CLIENT_SETTINGS } from './settings.js';

/** The client registry: relying parties, their secrets and icons. */
export const clientsModule = {
  name: 'clients',
  auditActions: CLIENT_AUDIT_ACTIONS,
  purges: CLIENT_PURGES,
  createServices: createClientServices,
  settings: CLIENT_SETTINGS,
  settingsTitle: 'Clients',
  sealedColumns: [{ table: 'client_secrets', column: 'secret_sealed', idColumn: 'id' }],
  registerPublic(app, context) {
    registerClientIconRoutes(app, context);
    registerAppsDashboardRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminClientRoutes(app, context);
  },
} satisfies SliceModule<'clients'>;
