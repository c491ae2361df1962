import { AccountRootKey } from './account-root-key';
import { decodeBase64url, encodeBase64url } from './base64url';
import { concatBytes, randomBytes, wipe } from './bytes';
import { jwkThumbprint } from './encryption-key-pair';
import { ZkError } from './errors';
import { sha256 } from './hash';
import { hkdfAesGcmKey, importHkdfKey } from './hkdf';
import { importP256PublicJwk, type P256PublicJwk } from './p256-jwk';
import {
  DEVICE_APPROVAL_CODE_LABEL,
  DEVICE_APPROVAL_LABEL,
  ENVELOPE_CIPHERTEXT_BYTES,
  GCM_NONCE_BYTES,
  structuredInfo,
} from './scheme';

/**
 * Trusted devices (docs/zk.md §3.5) and approving a new device from an unlocked one (§3.6): the device key, the
 * asking device's ephemeral key pair with its code and fingerprint, and the account root key wrapped to it
 * (ECDH-ES + HKDF-SHA-256 + AES-256-GCM, bound to the user, the request, the account key and both public keys).
 */

const subtle = () => globalThis.crypto.subtle;
const EMPTY_SALT = new Uint8Array(0);

/**
 * A new device key: non-extractable AES-256-GCM with `wrapKey` and `unwrapKey` (§3.5). IndexedDB keeps such a
 * CryptoKey as it is (structured clone), so its bytes never reach the page or storage in readable form.
 */
export async function generateDeviceKey(): Promise<CryptoKey> {
  return subtle().generateKey({ name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
}

/** The asking device's ephemeral ECDH key pair (§3.6 step 1): the private key stays non-extractable in memory. */
export interface ApprovalRequestKey {
  privateKey: CryptoKey;
  publicJwk: P256PublicJwk;
}

export async function createApprovalRequestKey(): Promise<ApprovalRequestKey> {
  const pair = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const jwk = await subtle().exportKey('jwk', pair.publicKey);
  return {
    privateKey: pair.privateKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string },
  };
}

/** What both devices show for the user to compare (§3.6 step 2). */
export interface ApprovalComparison {
  /** 8 decimal digits. */
  code: string;
  /** The RFC 7638 thumbprint of the asking device's public key (43 base64url characters). */
  fingerprint: string;
}

/**
 * The code and fingerprint of a request's public key: code = (first 6 bytes of SHA-256(JSON(["tessera/zk/v2/
 * device-approval-code", T])) as a big-endian integer) mod 10^8, T the thumbprint.
 */
export async function approvalComparison(publicJwk: P256PublicJwk): Promise<ApprovalComparison> {
  const fingerprint = await jwkThumbprint(publicJwk);
  const digest = await sha256(structuredInfo([DEVICE_APPROVAL_CODE_LABEL, fingerprint]));
  let value = 0;
  // 6 bytes = 48 bits: still a safe integer, and the modulo bias toward low codes is below 2^-20.
  for (let index = 0; index < 6; index++) value = value * 256 + digest[index]!;
  return { code: String(value % 100_000_000).padStart(8, '0'), fingerprint };
}

/** "1234 5678" and the fingerprint in groups of four, as the UI shows them. */
export function formatApprovalCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4)}`;
}

export function formatFingerprint(fingerprint: string): string {
  return fingerprint.match(/.{1,4}/g)?.join(' ') ?? fingerprint;
}

/** What binds an approval: the user, the request, and the account key it carries (§3.6 step 4). */
export interface ApprovalBinding {
  userId: string;
  approvalId: string;
  keyId: string;
}

/** The body of `POST /crypto/device-approvals/{id}/approve`. */
export interface WrappedForDevice {
  epk: P256PublicJwk;
  key_id: string;
  ciphertext: string;
}

async function wrapKeyFor(
  privateKey: CryptoKey,
  peer: CryptoKey,
  info: Uint8Array<ArrayBuffer>,
  usage: 'wrapKey' | 'unwrapKey',
): Promise<CryptoKey> {
  const shared = new Uint8Array(await subtle().deriveBits({ name: 'ECDH', public: peer }, privateKey, 256));
  try {
    return await hkdfAesGcmKey(await importHkdfKey(shared), EMPTY_SALT, info, [usage]);
  } finally {
    wipe(shared);
  }
}

async function bindingInfo(binding: ApprovalBinding, epk: P256PublicJwk, requestPub: P256PublicJwk) {
  return structuredInfo([
    DEVICE_APPROVAL_LABEL,
    binding.userId,
    binding.approvalId,
    binding.keyId,
    await jwkThumbprint(epk),
    await jwkThumbprint(requestPub),
  ]);
}

/** The approving device wraps the unlocked ARK to the asking device's public key (§3.6 step 4). */
export async function wrapForDevice(
  ark: AccountRootKey,
  binding: ApprovalBinding,
  requestPub: P256PublicJwk,
): Promise<WrappedForDevice> {
  const peer = await importP256PublicJwk(requestPub);
  const ephemeral = await createApprovalRequestKey();
  const info = await bindingInfo(binding, ephemeral.publicJwk, peer.jwk);
  const nonce = randomBytes(GCM_NONCE_BYTES);
  const sealed = await ark.wrap(await wrapKeyFor(ephemeral.privateKey, peer.key, info, 'wrapKey'), {
    name: 'AES-GCM',
    iv: nonce,
    additionalData: info,
  });
  return {
    epk: ephemeral.publicJwk,
    key_id: binding.keyId,
    ciphertext: encodeBase64url(concatBytes(nonce, sealed)),
  };
}

/**
 * The asking device opens what it picked up (§3.6 step 5): only for the keybag's own account key, and the ARK
 * only when it matches the keybag's key check (§2.1).
 */
export async function openDeviceApproval(
  request: ApprovalRequestKey,
  binding: ApprovalBinding & { keyCheck: string },
  picked: { epk: unknown; key_id: string; ciphertext: string },
): Promise<AccountRootKey> {
  if (picked.key_id !== binding.keyId) {
    throw new ZkError('key_check_mismatch', 'the approval carries an account key other than the keybag’s');
  }
  const epk = await importP256PublicJwk(picked.epk);
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = decodeBase64url(picked.ciphertext);
  } catch {
    throw new ZkError('invalid_envelope', 'the approval ciphertext is not base64url');
  }
  if (sealed.length !== ENVELOPE_CIPHERTEXT_BYTES) {
    throw new ZkError('invalid_envelope', `an approval ciphertext is ${ENVELOPE_CIPHERTEXT_BYTES} bytes`);
  }
  const info = await bindingInfo(binding, epk.jwk, request.publicJwk);
  let ark: AccountRootKey;
  try {
    ark = await AccountRootKey.unwrap(
      sealed.slice(GCM_NONCE_BYTES),
      await wrapKeyFor(request.privateKey, epk.key, info, 'unwrapKey'),
      { name: 'AES-GCM', iv: sealed.slice(0, GCM_NONCE_BYTES), additionalData: info },
    );
  } catch {
    throw new ZkError(
      'envelope_open_failed',
      'the approval does not open with this device’s key, or was changed',
    );
  }
  if (!(await ark.matchesKeyCheck(binding.userId, binding.keyId, binding.keyCheck))) {
    throw new ZkError('key_check_mismatch', 'the approval holds a key other than this keybag’s account key');
  }
  return ark;
}
