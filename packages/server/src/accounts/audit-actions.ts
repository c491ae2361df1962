import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: users and admins signing in and changing passwords; users created, changed and removed, their sessions ended by an admin. */
export const ACCOUNT_AUDIT_ACTIONS = [
  'admin.password_changed',
  'admin.sign_in',
  'user.created',
  'user.credentials_discarded',
  'user.deleted',
  'user.disabled',
  'user.enabled',
  'user.password_changed',
  'user.password_reset_sent',
  'user.password_set',
  'user.sessions_ended',
  'user.sign_in',
  'user.updated',
] as const;

type AccountAuditActions = AuditActionsOf<typeof ACCOUNT_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends AccountAuditActions {}
}
