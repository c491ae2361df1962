import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: one-time-password factors. */
export const OTP_AUDIT_ACTIONS = [
  'otp.admin_reset',
  'otp.admin_unlock',
  'otp.backup_codes_regenerated',
  'otp.enrolled',
  'otp.enrolment',
  'otp.reauth',
  'otp.removed',
  'otp.verify',
] as const;

type OtpAuditActions = AuditActionsOf<typeof OTP_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends OtpAuditActions {}
}
