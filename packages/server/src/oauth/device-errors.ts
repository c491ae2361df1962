import { defineErrors } from '../app/errors.js';

/** The error codes of the hosted UI's user-code entry (oauth/device-routes.ts). */
const DEVICE_ERRORS = {
  /** Unknown, expired or already decided: the same answer for each, so a guess learns nothing more. */
  invalid_user_code: 400,
} as const;
type DeviceErrorStatuses = typeof DEVICE_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends DeviceErrorStatuses {}
}

export const deviceError = defineErrors(DEVICE_ERRORS);
