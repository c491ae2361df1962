import type { SliceModule } from '../app/module.js';
import { registerAdminClientRegistrationRoutes } from './admin-routes.js';
import { CLIENT_REGISTRATION_AUDIT_ACTIONS } from './audit-actions.js';
import { registerClientRegistrationRoutes } from './public-routes.js';
import { createClientRegistrationServices } from './services.js';
import { CLIENT_REGISTRATION_RATE_LIMITS, CLIENT_REGISTRATION_SETTINGS } from './settings.js';

/** Dynamic Client Registration (RFC 7591, RFC 7592) and the initial access tokens that gate it. */
export const clientRegistrationModule = {
  name: 'clientRegistration',
  auditActions: CLIENT_REGISTRATION_AUDIT_ACTIONS,
  createServices: createClientRegistrationServices,
  settings: CLIENT_REGISTRATION_SETTINGS,
  settingsTitle: 'Dynamic client registration',
  rateLimits: CLIENT_REGISTRATION_RATE_LIMITS,
  registerPublic(app, context) {
    registerClientRegistrationRoutes(app, context);
  },
  registerAdmin(app, context) {
    registerAdminClientRegistrationRoutes(app, context);
  },
} satisfies SliceModule<'clientRegistration'>;
