import { userSessionAccess } from '../accounts/session-http.js';
import type { SliceModule } from '../app/module.js';
import { registerAdminOtpManagementRoutes } from './admin-routes.js';
import { OTP_AUDIT_ACTIONS } from './audit-actions.js';
import { registerOtpRoutes } from './factor-routes.js';
import { createOtpServices } from './services.js';
import { OTP_RATE_LIMITS, OTP_SETTINGS } from './settings.js';

/** TOTP and backup codes, for users and admins alike. */
export const otpModule = {
  name: 'otp',
  auditActions: OTP_AUDIT_ACTIONS,
  createServices: createOtpServices,
  settings: OTP_SETTINGS,
  settingsTitle: 'Second factor (TOTP)',
  rateLimits: OTP_RATE_LIMITS,
  sealedColumns: [{ table: 'otp_factors', column: 'secret_sealed', idColumn: 'id' }],
  registerPublic(app, context) {
    registerOtpRoutes(app, context, '/otp', userSessionAccess(context));
  },
  registerAdmin(app, context, port) {
    // One factory serves both ports: the signed-in admin's own factor, then admins managing others' factors.
    registerOtpRoutes(app, context, '/admin/otp', port.access);
    registerAdminOtpManagementRoutes(app, context);
  },
} satisfies SliceModule<'otp'>;
