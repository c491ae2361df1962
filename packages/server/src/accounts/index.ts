import type { SliceModule } from '../app/module.js';
import { registerAdminUserRoutes } from './admin-routes.js';
import { ACCOUNT_AUDIT_ACTIONS } from './audit-actions.js';
import { registerKeyUnlockRoutes } from './key-unlock-routes.js';
import { registerPasswordChangeRoutes } from './password-change-routes.js';
import { registerPasswordRoutes } from './password-routes.js';
import { registerProfileRoutes } from './profile-routes.js';
import { ACCOUNT_PURGES } from './purges.js';
import { registerRegistrationRoutes } from './registration-routes.js';
import { createAccountServices } from './services.js';
import { userSessionAccess } from './session-http.js';
import { ACCOUNT_RATE_LIMITS, ACCOUNT_SETTINGS } from './settings.js';
import { registerSignInRoutes } from './sign-in-routes.js';
import { registerUiMessageRoutes } from './ui-messages-routes.js';

/** Users: OPAQUE sign-in and registration, sessions, password reset and change, profile. */
export const accountsModule = {
  name: 'accounts',
  auditActions: ACCOUNT_AUDIT_ACTIONS,
  purges: ACCOUNT_PURGES,
  createServices: createAccountServices,
  settings: ACCOUNT_SETTINGS,
  settingsTitle: 'Accounts, sessions and sign-in limits',
  rateLimits: ACCOUNT_RATE_LIMITS,
  sealedColumns: [{ table: 'opaque_logins', column: 'state_sealed', idColumn: 'id_hash' }],
  registerPublic(app, context) {
    registerSignInRoutes(app, context);
    registerRegistrationRoutes(app, context);
    registerPasswordRoutes(app, context);
    registerPasswordChangeRoutes(app, context, userSessionAccess(context), {
      prefix: '/api/user/password/change',
      tag: 'accounts',
      passwords: context.accounts.passwords,
      recordStored: (userId) => context.accounts.lifecycle.passwordChangedByOwner.run(userId),
    });
    registerKeyUnlockRoutes(app, context);
    registerProfileRoutes(app, context);
    registerUiMessageRoutes(app, context);
  },
  registerAdmin(app, context, port) {
    registerAdminUserRoutes(app, context);
    // One password-change factory serves both ports; on this one it changes the signed-in admin's password.
    registerPasswordChangeRoutes(app, context, port.access, {
      prefix: '/admin/password/change',
      tag: 'admin-session',
      passwords: context.admin.passwords,
    });
  },
} satisfies SliceModule<'accounts'>;
