import type { Session } from '../accounts/sessions.js';
import { otpError } from './errors.js';
import type { OtpAccount, OtpService } from './service.js';

/** Whether the session proved its second factor recently enough for a sensitive action (POST /otp/reauth). */
export function hasFreshStepUp(session: Pick<Session, 'stepUpUntil'>, now = new Date()): boolean {
  return session.stepUpUntil !== null && session.stepUpUntil > now;
}

export const stepUpRequired = () =>
  otpError(
    'step_up_required',
    'confirm with a current code from your authenticator (or a backup code) first',
  );

/**
 * Sensitive actions (password or email change, factor changes) need a fresh second-factor proof when the account
 * has a factor (DESIGN §7) — for users and admins alike.
 */
export async function requireStepUpIfEnrolled(
  otp: OtpService,
  account: OtpAccount,
  session: Pick<Session, 'stepUpUntil'>,
): Promise<void> {
  if ((await otp.enrolled(account)) && !hasFreshStepUp(session)) throw stepUpRequired();
}
