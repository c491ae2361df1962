import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: tokens issued. */
export const OAUTH_AUDIT_ACTIONS = ['oauth.token'] as const;

type OauthAuditActions = AuditActionsOf<typeof OAUTH_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends OauthAuditActions {}
}
