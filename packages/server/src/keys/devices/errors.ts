import { defineErrors } from '../../app/errors.js';

/** The error codes of trusted devices and their approval (docs/zk.md §3.5, §3.6), each with its one status. */
const DEVICE_ERRORS = {
  /** `keys.trusted_device_approval` is off (docs/zk.md §8). */
  device_approval_not_allowed: 403,
  /** Unknown, expired, used up, or another user's: one answer. */
  device_approval_not_found: 404,
  device_approval_already_approved: 409,
  too_many_device_approvals: 409,
  /** The approval names an account key other than the keybag's current one. */
  account_key_mismatch: 409,
  device_not_found: 404,
} as const;
type DeviceErrorStatuses = typeof DEVICE_ERRORS;

declare module '../../app/errors.js' {
  interface ErrorStatuses extends DeviceErrorStatuses {}
}

/** `deviceError('code', 'message')`: an ApiError with the code's status. */
export const deviceError = defineErrors(DEVICE_ERRORS);
