import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: upstream connections, links and sign-ins. */
export const FEDERATION_AUDIT_ACTIONS = [
  'federation.connection.created',
  'federation.connection.deleted',
  'federation.connection.updated',
  'federation.domain.verified',
  'federation.identity_linked',
  'federation.identity_unlinked',
  'federation.sign_in',
  'federation.user_created',
] as const;

type FederationAuditActions = AuditActionsOf<typeof FEDERATION_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends FederationAuditActions {}
}
