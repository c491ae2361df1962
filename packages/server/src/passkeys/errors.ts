import { defineErrors } from '../app/errors.js';

/**
 * The error codes of the passkeys slice, each with its one status. The shared codes (invalid_request, not_found,
 * session access, step-up, ...) are in app/errors.ts and accounts/second-factors.ts.
 */
const PASSKEYS_ERRORS = {
  /**
   * A passkey sign-in that did not prove an account: unknown, used or expired challenge, unknown credential, a
   * signature, origin or RP ID that does not verify, a cloned authenticator. One code and message for every cause
   * (the audit log keeps the reason), like a wrong password (docs/users.md#how-passwords-work).
   */
  passkey_rejected: 401,
  /** A registration response that does not verify against the ceremony this session started. */
  passkey_registration_failed: 400,
  /** The authenticator's credential is registered already (to this or another account). */
  passkey_exists: 409,
  too_many_passkeys: 409,
  /** Removing it would leave the account no way to sign in (no password, no other passkey). */
  last_sign_in_method: 409,
} as const;
type PasskeysErrorStatuses = typeof PASSKEYS_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends PasskeysErrorStatuses {}
}

export type PasskeysErrorCode = keyof PasskeysErrorStatuses;

/** `passkeysError('code', 'message')`: an ApiError with the code's status. */
export const passkeysError = defineErrors(PASSKEYS_ERRORS);
