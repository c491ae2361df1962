import type { Bytes } from './bytes';
import { utf8 } from './bytes';

/**
 * The constants of ZK key custody scheme v2, exactly as docs/zk.md states them (it is normative; a change here is
 * a new scheme version, because every stored envelope and every app's key depends on these bytes).
 */

/** `scheme` of keybags and envelopes, `zk_key_version` and the `v` of a delivered key. */
export const ZK_SCHEME = 2;
/** `zk_key_kind` and the `kind` of a delivered key (§2.2). */
export const ZK_KEY_KIND = 'client_app_key';

export const ENVELOPE_TYPES = ['password', 'recovery_key', 'passkey_prf', 'trusted_device'] as const;
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number];

/** The HKDF info of each envelope type's key (§3.1, §3.3, §3.4); a trusted device's key is used directly (§3.5). */
export const ENVELOPE_KDF_INFO: Readonly<Record<EnvelopeType, string | null>> = {
  password: 'tessera/zk/v2/envelope-key/password',
  recovery_key: 'tessera/zk/v2/envelope-key/recovery_key',
  passkey_prf: 'tessera/zk/v2/envelope-key/passkey_prf',
  trusted_device: null,
};

/** Labels of the structured info and AAD strings (§2.1, §2.2, §3, §6). */
export const KEY_CHECK_LABEL = 'tessera/zk/v2/key-check';
export const CLIENT_APP_KEY_LABEL = 'tessera/zk/v2/cak';
export const ENVELOPE_AAD_LABEL = 'tessera/zk/v2/envelope';
/** Both the HKDF info and the AAD of the wrapped private encryption key start with it (§6). */
export const ENCRYPTION_PRIVATE_KEY_LABEL = 'tessera/zk/v2/enc-priv';
/** HKDF info and AAD of an account root key wrapped to a device awaiting approval (§3.6 step 4). */
export const DEVICE_APPROVAL_LABEL = 'tessera/zk/v2/device-approval';
/** The short code both devices show for an approval request (§3.6 step 2). */
export const DEVICE_APPROVAL_CODE_LABEL = 'tessera/zk/v2/device-approval-code';
/** Prefix of the recovery key's checksum input (§3.3). */
export const RECOVERY_KEY_CHECKSUM_LABEL = 'tessera/zk/v2/recovery-key';
/** `typ` of the delivery JWE's protected header (§5 step 2). */
export const KEY_DELIVERY_JWE_TYPE = 'tessera-zk-key';
/** A delivered key is valid this long after `iat` (§5 step 2). */
export const KEY_DELIVERY_LIFETIME_SECONDS = 120;

/**
 * Legacy v1 delivery (§5.1), for clients configured `zk_delivery: legacy-v1` only: a per-client data root key (DRK)
 * derived from the ARK under its own label, in a payload with its own `v` and `kind`, in a JWE of its own `typ`, so
 * neither delivery can be taken for the other.
 */
export const LEGACY_SCHEME = 1;
export const LEGACY_DRK_KIND = 'data_root_key';
export const LEGACY_DRK_LABEL = 'tessera/zk/v1/drk';
export const LEGACY_DRK_JWE_TYPE = 'tessera-zk-drk';
export const LEGACY_DRK_BYTES = 32;

/** Lengths fixed by the scheme. */
export const ACCOUNT_ROOT_KEY_BYTES = 32;
export const CLIENT_APP_KEY_BYTES = 32;
export const KEY_CHECK_BYTES = 32;
export const KDF_SALT_BYTES = 32;
export const GCM_NONCE_BYTES = 12;
export const GCM_TAG_BYTES = 16;
/** nonce || ciphertext of the 32-byte ARK || tag. */
export const ENVELOPE_CIPHERTEXT_BYTES = GCM_NONCE_BYTES + ACCOUNT_ROOT_KEY_BYTES + GCM_TAG_BYTES;
/** The longest envelope label the server stores (§7.1). */
export const MAX_LABEL_LENGTH = 100;

/**
 * "JSON(...)" of docs/zk.md: the UTF-8 bytes of `JSON.stringify` of an array of strings, integers and null. One
 * serialisation per value, so the server and other implementations can rebuild it byte for byte; a non-integer
 * number has no place in it and is refused.
 */
export function structuredInfo(parts: readonly (string | number | null)[]): Bytes {
  for (const part of parts) {
    if (typeof part === 'number' && !Number.isSafeInteger(part)) {
      throw new TypeError('structured info holds only strings, safe integers and null');
    }
  }
  return utf8(JSON.stringify(parts));
}
