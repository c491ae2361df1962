import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: tokens issued, a user's decision on a device's request (RFC 8628). */
export const OAUTH_AUDIT_ACTIONS = [
  'oauth.device_authorization_approved',
  'oauth.device_authorization_denied',
  'oauth.token',
] as const;

type OauthAuditActions = AuditActionsOf<typeof OAUTH_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends OauthAuditActions {}
}
