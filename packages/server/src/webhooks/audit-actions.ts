import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: webhook endpoints and redeliveries. */
export const WEBHOOK_AUDIT_ACTIONS = [
  'webhook.endpoint_created',
  'webhook.endpoint_deleted',
  'webhook.endpoint_updated',
  'webhook.redelivered',
  'webhook.secret_rotated',
] as const;

type WebhookAuditActions = AuditActionsOf<typeof WEBHOOK_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends WebhookAuditActions {}
}
