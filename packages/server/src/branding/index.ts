import type { SliceModule } from '../app/module.js';
import { registerBrandingAdminRoutes } from './admin-routes.js';
import { BRANDING_AUDIT_ACTIONS } from './audit-actions.js';
import { registerBrandingPublicRoutes } from './public-routes.js';
import { createBrandingServices } from './services.js';

/** The brand of the hosted UI, the public port's pages and emails: name, logos, colour, favicon, stylesheet. */
export const brandingModule = {
  name: 'branding',
  auditActions: BRANDING_AUDIT_ACTIONS,
  createServices: createBrandingServices,
  registerPublic: registerBrandingPublicRoutes,
  registerAdmin: registerBrandingAdminRoutes,
} satisfies SliceModule<'branding'>;
