import { defineErrors } from '../app/errors.js';

/**
 * The error codes of key custody (docs/zk.md §7), each with its one status. The shared codes (invalid_request,
 * not_found, session access, ...) are in app/errors.ts.
 */
const KEYS_ERRORS = {
  account_key_exists: 409,
  enc_pub_mismatch: 409,
  envelope_exists: 409,
  envelope_type_not_allowed: 403,
  invalid_envelope: 400,
  invalid_jwk: 400,
  key_check_mismatch: 400,
  keybag_not_found: 404,
  /** docs/zk.md §5 step 3: a v2 key delivery needs a keybag while the policy says so. */
  keybag_required: 409,
  last_unlock_envelope: 409,
  new_key_setup_not_allowed: 403,
  not_legacy_client: 400,
  /** docs/zk.md §8.1: an organization's unlock policy may only be stricter than the global one. */
  policy_not_stricter: 400,
  password_envelope_exists: 409,
  /** docs/zk.md §3.1: a password envelope for an account without a password (nothing could open it). */
  password_not_set: 409,
  /** docs/zk.md §3.4: a passkey_prf envelope's credential_id must be one of the caller's registered passkeys. */
  passkey_not_registered: 400,
  too_many_envelopes: 409,
  /** The expected-version precondition of a keybag change (two tabs must not interleave). */
  version_mismatch: 409,
} as const;
type KeysErrorStatuses = typeof KEYS_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends KeysErrorStatuses {}
}

export type KeysErrorCode = keyof KeysErrorStatuses;

/** `keysError('code', 'message')`: an ApiError with the code's status. */
export const keysError = defineErrors(KEYS_ERRORS);
