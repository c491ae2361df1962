import type { SliceModule } from '../app/module.js';
import { purgeExpired } from '../db/purge.js';
import { registerAdminIdentityRoutes } from './admin-identity-routes.js';
import { registerAdminFederationRoutes } from './admin-routes.js';
import { FEDERATION_AUDIT_ACTIONS } from './audit-actions.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { registerFederationRoutes } from './public-routes.js';
import { createFederationServices } from './services.js';
import { federationFlows } from './tables.js';

/**
 * Upstream OpenID Connect federation (docs/federation.md): connections, domain routing, the sign-in flow,
 * links.
 */
export const federationModule = {
  name: 'federation',
  auditActions: FEDERATION_AUDIT_ACTIONS,
  purges: [purgeExpired(federationFlows, federationFlows.stateHash)],
  createServices: createFederationServices,
  sealedColumns: [
    { table: 'federation_connections', column: 'client_secret_sealed', idColumn: 'id' },
    { table: 'federation_flows', column: 'secrets_sealed', idColumn: 'state_hash' },
  ],
  registerPublic(app, context) {
    registerFederationRoutes(app, context);
    registerIdentityRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminFederationRoutes(app, context);
    registerAdminIdentityRoutes(app, context);
  },
} satisfies SliceModule<'federation'>;
