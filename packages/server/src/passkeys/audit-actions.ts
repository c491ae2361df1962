import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: users' and admins' passkeys. */
export const PASSKEY_AUDIT_ACTIONS = [
  'admin.passkey_registered',
  'admin.passkey_removed',
  'passkey.admin_revoked',
  'passkey.clone_suspected',
  'passkey.registered',
  'passkey.removed',
  'passkey.renamed',
] as const;

type PasskeyAuditActions = AuditActionsOf<typeof PASSKEY_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends PasskeyAuditActions {}
}
