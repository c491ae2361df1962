import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: admin users and tokens, first-run install, settings changes, audit exports. */
export const ADMIN_AUDIT_ACTIONS = [
  'admin_token.created',
  'admin_token.revoked',
  'admin_user.created',
  'admin_user.removed',
  'admin_user.role_changed',
  'audit.exported',
  'install.completed',
  'setting.changed',
] as const;

type AdminAuditActions = AuditActionsOf<typeof ADMIN_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends AdminAuditActions {}
}
