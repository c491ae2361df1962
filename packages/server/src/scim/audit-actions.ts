import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: sCIM connections, tokens and provisioned users and groups. */
export const SCIM_AUDIT_ACTIONS = [
  'scim.connection.created',
  'scim.connection.deleted',
  'scim.connection.updated',
  'scim.group.created',
  'scim.group.deleted',
  'scim.group.patched',
  'scim.group.replaced',
  'scim.token.created',
  'scim.token.revoked',
  'scim.user.created',
  'scim.user.deleted',
  'scim.user.patched',
  'scim.user.replaced',
] as const;

type ScimAuditActions = AuditActionsOf<typeof SCIM_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends ScimAuditActions {}
}
