import { decodeBase64url } from './base64url';
import type { Bytes } from './bytes';
import { utf8, wipe } from './bytes';
import { ZkError } from './errors';
import { hkdfAesGcmKey, importHkdfKey } from './hkdf';
import type { RecoveryKeySecret } from './recovery-key';
import { ENVELOPE_KDF_INFO, type EnvelopeType } from './scheme';

/**
 * The secret that opens one type of envelope, held as a CryptoKey: an HKDF key over the export key, recovery key
 * or PRF output (docs/zk.md §3.1, §3.3, §3.4), or the trusted device's own AES-GCM key (§3.5). Build one with the
 * functions below; the byte inputs are wiped once imported.
 */
export interface EnvelopeSecret {
  readonly type: EnvelopeType;
  readonly key: CryptoKey;
}

/**
 * The password envelope's secret: the OPAQUE export key (RFC 9807 §6.4, 64 bytes with our suite) as
 * @serenity-kit/opaque returns it (base64url) or as bytes.
 */
export async function passwordSecret(exportKey: string | Bytes): Promise<EnvelopeSecret> {
  const bytes = typeof exportKey === 'string' ? decodeBase64url(exportKey) : exportKey;
  try {
    // Anything shorter than a 256-bit key is not an export key: refuse rather than wrap under a weak key.
    if (bytes.length < 32) throw new ZkError('invalid_envelope', 'the export key is shorter than 32 bytes');
    return { type: 'password', key: await importHkdfKey(bytes) };
  } finally {
    wipe(bytes);
  }
}

export function recoveryKeySecret(recoveryKey: RecoveryKeySecret): EnvelopeSecret {
  return { type: 'recovery_key', key: recoveryKey.key };
}

/** The WebAuthn PRF output `P` of a passkey, evaluated with the envelope's `prf_salt` (32 bytes). */
export async function passkeyPrfSecret(prfOutput: Bytes): Promise<EnvelopeSecret> {
  try {
    if (prfOutput.length !== 32) throw new ZkError('invalid_envelope', 'a PRF output is 32 bytes');
    return { type: 'passkey_prf', key: await importHkdfKey(prfOutput) };
  } finally {
    wipe(prfOutput);
  }
}

/**
 * A trusted device's key, used directly as the envelope key (§3.5). It must be a non-extractable AES-256-GCM key
 * made with the `wrapKey` and `unwrapKey` usages (the ARK is wrapped with `crypto.subtle.wrapKey`).
 */
export function trustedDeviceSecret(deviceKey: CryptoKey): EnvelopeSecret {
  const algorithm = deviceKey.algorithm as AesKeyAlgorithm;
  if (
    algorithm.name !== 'AES-GCM' ||
    algorithm.length !== 256 ||
    deviceKey.extractable ||
    !deviceKey.usages.includes('wrapKey') ||
    !deviceKey.usages.includes('unwrapKey')
  ) {
    throw new ZkError(
      'invalid_envelope',
      'a device key is a non-extractable AES-256-GCM key with wrapKey and unwrapKey',
    );
  }
  return { type: 'trusted_device', key: deviceKey };
}

/** The envelope key for `secret` and the envelope's `kdf_salt` (null only for a trusted device). */
export function envelopeKey(secret: EnvelopeSecret, salt: Bytes | null): Promise<CryptoKey> {
  const info = ENVELOPE_KDF_INFO[secret.type];
  if (info === null) return Promise.resolve(secret.key);
  if (salt === null) throw new ZkError('invalid_envelope', `a ${secret.type} envelope has a kdf_salt`);
  return hkdfAesGcmKey(secret.key, salt, utf8(info), ['wrapKey', 'unwrapKey']);
}
