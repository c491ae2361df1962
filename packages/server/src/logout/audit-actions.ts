import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: back-channel logouts delivered, failed for good, or sent again. */
export const LOGOUT_AUDIT_ACTIONS = [
  'logout.backchannel_delivered',
  'logout.backchannel_failed',
  'logout.backchannel_redelivered',
] as const;

type LogoutAuditActions = AuditActionsOf<typeof LOGOUT_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends LogoutAuditActions {}
}
