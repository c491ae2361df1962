import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: email templates and SMTP tests. */
export const EMAIL_AUDIT_ACTIONS = ['email_template.reset', 'email_template.updated', 'smtp.tested'] as const;

type EmailAuditActions = AuditActionsOf<typeof EMAIL_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends EmailAuditActions {}
}
