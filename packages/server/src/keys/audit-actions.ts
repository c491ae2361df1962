import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: key custody: keybags, envelopes, devices, unlock policy. */
export const KEYS_AUDIT_ACTIONS = [
  'keys.account_key_created',
  'keys.device_approval_requested',
  'keys.device_admin_revoked',
  'keys.device_approved',
  'keys.device_revoked',
  'keys.enc_priv_set',
  'keys.enc_pub_set',
  'keys.envelope_added',
  'keys.envelope_deleted',
  'keys.legacy_drk_set',
  'keys.reset',
  'keys.rotated',
  'organization.unlock_policy_changed',
] as const;

type KeysAuditActions = AuditActionsOf<typeof KEYS_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends KeysAuditActions {}
}
