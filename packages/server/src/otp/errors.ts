import { defineErrors } from '../app/errors.js';

/**
 * The error codes of TOTP and backup codes (users and admins), each with its one status. The shared codes
 * (invalid_request, not_found, session access, ...) are in app/errors.ts; routes list the codes they answer with
 * `errorResponses(...)`.
 */
const OTP_ERRORS = {
  invalid_otp: 401,
  /** Locked (RFC 4918 §11.3) after too many wrong codes, until the lockout ends. */
  otp_locked: 423,
  otp_not_enabled: 409,
  otp_not_pending: 409,
  otp_not_required: 409,
  otp_required: 409,
  /** A sensitive action needs a fresh second-factor proof (POST /otp/reauth) first. */
  step_up_required: 403,
} as const;
type OtpErrorStatuses = typeof OTP_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends OtpErrorStatuses {}
}

export type OtpErrorCode = keyof OtpErrorStatuses;

/** `otpError('code', 'message')`: an ApiError with the code's status. */
export const otpError = defineErrors(OTP_ERRORS);
