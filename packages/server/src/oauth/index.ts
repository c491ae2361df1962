import type { SliceModule } from '../app/module.js';
import { OAUTH_AUDIT_ACTIONS } from './audit-actions.js';
import { registerAuthorizeRoutes } from './authorize-routes.js';
import { registerBackchannelRoutes } from './backchannel-routes.js';
import { registerCrossOriginPreflights } from './cors-routes.js';
import { registerDeviceRoutes } from './device-routes.js';
import { DEVICE_RATE_LIMITS, DEVICE_SETTINGS } from './device-settings.js';
import { registerDiscoveryRoutes } from './discovery-routes.js';
import { registerPushedAuthorizationRoutes } from './par-routes.js';
import { OAUTH_PURGES } from './purges.js';
import { createOAuthServices } from './services.js';
import { registerSessionRoutes } from './session-routes.js';
import { OAUTH_SETTINGS } from './settings.js';
import { registerTokenRoutes } from './token-routes.js';
import { registerUserInfoRoutes } from './userinfo-routes.js';

/** OAuth 2.0 and OpenID Connect: discovery, authorize, token, introspect, revoke, userinfo, session, logout. */
export const oauthModule = {
  name: 'oauth',
  auditActions: OAUTH_AUDIT_ACTIONS,
  purges: OAUTH_PURGES,
  async createServices(infrastructure, services) {
    const oauth = await createOAuthServices(infrastructure, services);
    // The sign-in pages show the brand of the organization an authorization request names (docs/branding.md).
    services.branding.brands.requestOrganizations.answerWith((requestId) =>
      oauth.authorize.requestedOrganization(requestId),
    );
    return oauth;
  },
  settings: { ...OAUTH_SETTINGS, ...DEVICE_SETTINGS },
  settingsTitle: 'Tokens',
  rateLimits: DEVICE_RATE_LIMITS,
  registerPublic(app, context) {
    registerDiscoveryRoutes(app, context);
    registerAuthorizeRoutes(app, context);
    registerTokenRoutes(app, context);
    registerPushedAuthorizationRoutes(app, context);
    registerDeviceRoutes(app, context);
    registerBackchannelRoutes(app, context);
    registerUserInfoRoutes(app, context);
    registerCrossOriginPreflights(app, context);
    registerSessionRoutes(app, context);
  },
} satisfies SliceModule<'oauth'>;
