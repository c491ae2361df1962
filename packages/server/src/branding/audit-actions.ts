import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: brand changes. */
export const BRANDING_AUDIT_ACTIONS = [
  'branding.image_removed',
  'branding.image_uploaded',
  'branding.updated',
] as const;

type BrandingAuditActions = AuditActionsOf<typeof BRANDING_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends BrandingAuditActions {}
}
