import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: client registrations and their secrets and icons. */
export const CLIENT_AUDIT_ACTIONS = [
  'client.created',
  'client.deleted',
  'client.icon_removed',
  'client.icon_uploaded',
  'client.secret_rotated',
  'client.updated',
] as const;

type ClientAuditActions = AuditActionsOf<typeof CLIENT_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends ClientAuditActions {}
}
