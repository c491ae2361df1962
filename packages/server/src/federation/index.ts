import type { SliceModule } from '../app/module.js';
import { registerAdminIdentityRoutes } from './admin-identity-routes.js';
import { registerAdminFederationRoutes } from './admin-routes.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { registerFederationRoutes } from './public-routes.js';
import { createFederationServices } from './services.js';

/**
 * Upstream OpenID Connect federation (docs/federation.md): connections, domain routing, the sign-in flow,
 * links.
 */
export const federationModule = {
  name: 'federation',
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
