import type { AuditActionsOf } from '../audit/actions.js';

/**
 * What the audit log records of this slice: token requests refused, a user's decision on a device's request
 * (RFC 8628), tokens exchanged (RFC 8693).
 */
export const OAUTH_AUDIT_ACTIONS = [
  'oauth.device_authorization_approved',
  'oauth.device_authorization_denied',
  'oauth.token',
  'oauth.token_exchanged',
] as const;

type OauthAuditActions = AuditActionsOf<typeof OAUTH_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends OauthAuditActions {}
}
