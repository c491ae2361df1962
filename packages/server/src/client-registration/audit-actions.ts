import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: dynamic registrations and the initial access tokens that allow them. */
export const CLIENT_REGISTRATION_AUDIT_ACTIONS = [
  'client.registered',
  'client.registration_deleted',
  'client.registration_updated',
  'initial_access_token.created',
  'initial_access_token.revoked',
] as const;

type ClientRegistrationAuditActions = AuditActionsOf<typeof CLIENT_REGISTRATION_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends ClientRegistrationAuditActions {}
}
