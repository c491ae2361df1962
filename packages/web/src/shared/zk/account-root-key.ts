import { decodeBase64url, encodeBase64url } from './base64url';
import type { Bytes } from './bytes';
import { constantTimeEqual, randomBytes, wipe } from './bytes';
import { hkdfAesGcmKey, hkdfBytes, importHkdfKey } from './hkdf';
import {
  ACCOUNT_ROOT_KEY_BYTES,
  CLIENT_APP_KEY_BYTES,
  CLIENT_APP_KEY_LABEL,
  ENCRYPTION_PRIVATE_KEY_LABEL,
  KEY_CHECK_BYTES,
  KEY_CHECK_LABEL,
  LEGACY_DRK_BYTES,
  LEGACY_DRK_LABEL,
  structuredInfo,
} from './scheme';

const EMPTY_SALT: Bytes = new Uint8Array(0);

/**
 * The account root key (ARK, docs/zk.md §2): 32 random bytes made in this browser, at rest only inside envelopes.
 *
 * How it is held: as two CryptoKeys in private fields, never as a JS byte array after creation.
 * - `#derivation`, a non-extractable HKDF key: every derivation (CAK, key check) uses it.
 * - `#wrapping`, the same bytes as an *extractable* AES-GCM key, used only as the key argument of
 *   `crypto.subtle.wrapKey` when sealing an envelope. WebCrypto cannot wrap a non-extractable key, and an HKDF key
 *   can only be non-extractable, so the wrapping handle has to be a second key; AES-GCM with the `encrypt` usage
 *   is simply the least capable secret-key kind WebCrypto lets us import (a secret key needs at least one usage).
 *   It is never used to encrypt, and it is never exported: nothing outside this class can reach it.
 * Opening an envelope unwraps straight into both keys (`unwrapKey`), so an unlocked ARK never exists as bytes in
 * the page's heap; a new ARK's random bytes are wiped once both keys are imported. Dropping the object (and so
 * both keys) is how the UI locks again.
 */
export class AccountRootKey {
  readonly #derivation: CryptoKey;
  readonly #wrapping: CryptoKey;

  private constructor(derivation: CryptoKey, wrapping: CryptoKey) {
    this.#derivation = derivation;
    this.#wrapping = wrapping;
  }

  /** A new ARK from `crypto.getRandomValues` (new keybag or new-key setup). */
  static async generate(): Promise<AccountRootKey> {
    const bytes = randomBytes(ACCOUNT_ROOT_KEY_BYTES);
    try {
      const [derivation, wrapping] = await Promise.all([
        importHkdfKey(bytes),
        globalThis.crypto.subtle.importKey('raw', bytes, 'AES-GCM', true, ['encrypt']),
      ]);
      return new AccountRootKey(derivation, wrapping);
    } finally {
      wipe(bytes);
    }
  }

  /**
   * Unwraps an ARK sealed under `unwrappingKey` (AES-GCM with `params`: nonce and AAD). Rejects (OperationError)
   * when the tag does not verify; the caller turns that into its own error.
   */
  static async unwrap(
    ciphertextAndTag: Bytes,
    unwrappingKey: CryptoKey,
    params: AesGcmParams,
  ): Promise<AccountRootKey> {
    const subtle = globalThis.crypto.subtle;
    const derivation = await subtle.unwrapKey('raw', ciphertextAndTag, unwrappingKey, params, 'HKDF', false, [
      'deriveBits',
      'deriveKey',
    ]);
    const wrapping = await subtle.unwrapKey('raw', ciphertextAndTag, unwrappingKey, params, 'AES-GCM', true, [
      'encrypt',
    ]);
    return new AccountRootKey(derivation, wrapping);
  }

  /** Seals this ARK under `wrappingKey` (AES-GCM with `params`): ciphertext || tag, 48 bytes. */
  async wrap(wrappingKey: CryptoKey, params: AesGcmParams): Promise<Bytes> {
    return new Uint8Array(await globalThis.crypto.subtle.wrapKey('raw', this.#wrapping, wrappingKey, params));
  }

  /**
   * The keybag's key check (§2.1), base64url: HKDF(ARK, no salt, JSON(["tessera/zk/v2/key-check", user_id,
   * key_id])). Tells an unwrapped ARK from one an attacker wrapped in an envelope of its own.
   */
  async keyCheck(userId: string, keyId: string): Promise<string> {
    const info = structuredInfo([KEY_CHECK_LABEL, userId, keyId]);
    return encodeBase64url(await hkdfBytes(this.#derivation, EMPTY_SALT, info, KEY_CHECK_BYTES));
  }

  /** Whether `expected` (the keybag's stored key check) is this ARK's, compared in constant time. */
  async matchesKeyCheck(userId: string, keyId: string, expected: string): Promise<boolean> {
    let stored: Bytes;
    try {
      stored = decodeBase64url(expected);
    } catch {
      return false;
    }
    return constantTimeEqual(decodeBase64url(await this.keyCheck(userId, keyId)), stored);
  }

  /**
   * The key that wraps the user's private encryption JWK (§6): HKDF(ARK, no salt,
   * JSON(["tessera/zk/v2/enc-priv", user_id, key_id])), a non-extractable AES-256-GCM key.
   */
  encryptionPrivateKeyWrappingKey(userId: string, keyId: string): Promise<CryptoKey> {
    const info = structuredInfo([ENCRYPTION_PRIVATE_KEY_LABEL, userId, keyId]);
    return hkdfAesGcmKey(this.#derivation, EMPTY_SALT, info, ['encrypt', 'unwrapKey']);
  }

  /**
   * The client app key (§2.2): HKDF(ARK, no salt, JSON(["tessera/zk/v2/cak", client_id, organization_id])), 32
   * bytes. Bytes because the protocol delivers them (inside a JWE to the app); the caller wipes them after use.
   * `organizationId` is null for a client whose key scope is `client`.
   */
  async clientAppKey(clientId: string, organizationId: string | null): Promise<Bytes> {
    const info = structuredInfo([CLIENT_APP_KEY_LABEL, clientId, organizationId]);
    return hkdfBytes(this.#derivation, EMPTY_SALT, info, CLIENT_APP_KEY_BYTES);
  }

  /**
   * A legacy v1 app's data root key (§5.1): HKDF(ARK, no salt, JSON(["tessera/zk/v1/drk", client_id,
   * organization_id])), 32 bytes; another label than the CAK's, so a client's DRK and CAK are unrelated keys.
   */
  async legacyDataRootKey(clientId: string, organizationId: string | null): Promise<Bytes> {
    const info = structuredInfo([LEGACY_DRK_LABEL, clientId, organizationId]);
    return hkdfBytes(this.#derivation, EMPTY_SALT, info, LEGACY_DRK_BYTES);
  }
}
