import type { SliceModule } from '../app/module.js';
import { registerAdminEmailTemplateRoutes, registerAdminSmtpTestRoute } from './admin-routes.js';
import { EMAIL_AUDIT_ACTIONS } from './audit-actions.js';
import { createEmailServices } from './services.js';
import { EMAIL_SETTINGS } from './settings.js';

/** Outgoing email: the SMTP transport and the templates admins may reword. */
export const emailModule = {
  name: 'email',
  auditActions: EMAIL_AUDIT_ACTIONS,
  createServices: createEmailServices,
  settings: EMAIL_SETTINGS,
  settingsTitle: 'Email',
  registerAdmin(app, context) {
    registerAdminSmtpTestRoute(app, context);
    registerAdminEmailTemplateRoutes(app, context);
  },
} satisfies SliceModule<'email'>;
