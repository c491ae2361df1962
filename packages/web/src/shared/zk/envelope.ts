import { AccountRootKey } from './account-root-key';
import { decodeBase64url, decodeBase64urlOfLength, encodeBase64url } from './base64url';
import { concatBytes, randomBytes } from './bytes';
import { type EnvelopeSecret, envelopeKey } from './envelope-secret';
import { ZkError } from './errors';
import {
  ENVELOPE_AAD_LABEL,
  ENVELOPE_CIPHERTEXT_BYTES,
  ENVELOPE_KDF_INFO,
  type EnvelopeType,
  GCM_NONCE_BYTES,
  KDF_SALT_BYTES,
  MAX_LABEL_LENGTH,
  structuredInfo,
  ZK_SCHEME,
} from './scheme';

/**
 * Envelopes (docs/zk.md §3): the ARK sealed with AES-256-GCM under one envelope key, with
 * AAD = JSON(["tessera/zk/v2/envelope", user_id, envelope_id, type, key_id, version]) and
 * ciphertext = nonce || AES-GCM(ARK) || tag, so the server cannot move an envelope to another user, relabel it,
 * or replay one from before a rotation.
 */

/** What an envelope is bound to: its user and the account key (id and keybag version) it wraps. */
export interface EnvelopeBinding {
  userId: string;
  keyId: string;
  /** The keybag version the envelope is made for (1 for a new keybag; `expected_version + 1` in a rotation). */
  version: number;
}

/** An envelope as `POST /crypto/keybag/account-key`, `/envelopes` and `/rotate` take it. */
export interface EnvelopeRecord {
  id: string;
  type: EnvelopeType;
  scheme: typeof ZK_SCHEME;
  alg: 'A256GCM';
  kdf: 'HKDF-SHA-256' | 'none';
  kdf_salt?: string;
  kdf_info?: string;
  ciphertext: string;
  label?: string;
  credential_id?: string;
  prf_salt?: string;
  device_id?: string;
}

/** An envelope as `GET /crypto/keybag` returns it (absent values are null there). */
export interface StoredEnvelope {
  id: string;
  type: string;
  scheme: number;
  alg: string;
  kdf: string;
  kdf_salt: string | null;
  kdf_info: string | null;
  ciphertext: string;
  status?: string;
}

export function envelopeAad(binding: EnvelopeBinding, envelopeId: string, type: EnvelopeType) {
  return structuredInfo([
    ENVELOPE_AAD_LABEL,
    binding.userId,
    envelopeId,
    type,
    binding.keyId,
    binding.version,
  ]);
}

export interface SealEnvelopeOptions {
  /** The user's name for it (at most 100 characters). */
  label?: string;
  /** `passkey_prf`: the WebAuthn credential id (base64url) and the PRF evaluation input (32 bytes, base64url). */
  credentialId?: string;
  prfSalt?: string;
  /** `trusted_device`: the browser profile's UUID. */
  deviceId?: string;
}

/** Seals `ark` for `binding` under the envelope key of `secret`, with a fresh id, salt and nonce. */
export async function sealEnvelope(
  ark: AccountRootKey,
  binding: EnvelopeBinding,
  secret: EnvelopeSecret,
  options: SealEnvelopeOptions = {},
): Promise<EnvelopeRecord> {
  const { type } = secret;
  if (type === 'passkey_prf' && (options.credentialId === undefined || options.prfSalt === undefined)) {
    throw new ZkError('invalid_envelope', 'a passkey_prf envelope names its credential_id and prf_salt');
  }
  if (type === 'trusted_device' && options.deviceId === undefined) {
    throw new ZkError('invalid_envelope', 'a trusted_device envelope names its device_id');
  }
  // The server refuses these members on other types (and the limits of docs/zk.md §7.1); refuse them here first.
  if (type !== 'passkey_prf' && (options.credentialId !== undefined || options.prfSalt !== undefined)) {
    throw new ZkError('invalid_envelope', 'credential_id and prf_salt belong to passkey_prf envelopes');
  }
  if (type !== 'trusted_device' && options.deviceId !== undefined) {
    throw new ZkError('invalid_envelope', 'device_id belongs to trusted_device envelopes');
  }
  if (options.prfSalt !== undefined) decodeBase64urlOfLength(options.prfSalt, KDF_SALT_BYTES, 'a prf_salt');
  if (options.label !== undefined && options.label.length > MAX_LABEL_LENGTH) {
    throw new ZkError('invalid_envelope', `an envelope label has at most ${MAX_LABEL_LENGTH} characters`);
  }
  // Lower case: ids are bound into the AAD, so they have one spelling (the server requires lower-case UUIDs).
  const id = globalThis.crypto.randomUUID().toLowerCase();
  const info = ENVELOPE_KDF_INFO[type];
  const salt = info === null ? null : randomBytes(KDF_SALT_BYTES);
  const nonce = randomBytes(GCM_NONCE_BYTES);
  const sealed = await ark.wrap(await envelopeKey(secret, salt), {
    name: 'AES-GCM',
    iv: nonce,
    additionalData: envelopeAad(binding, id, type),
  });
  const record: EnvelopeRecord = {
    id,
    type,
    scheme: ZK_SCHEME,
    alg: 'A256GCM',
    kdf: info === null ? 'none' : 'HKDF-SHA-256',
    ciphertext: encodeBase64url(concatBytes(nonce, sealed)),
  };
  if (salt !== null && info !== null) {
    record.kdf_salt = encodeBase64url(salt);
    record.kdf_info = info;
  }
  if (options.label !== undefined) record.label = options.label;
  if (options.credentialId !== undefined) record.credential_id = options.credentialId;
  if (options.prfSalt !== undefined) record.prf_salt = options.prfSalt;
  if (options.deviceId !== undefined) record.device_id = options.deviceId;
  return record;
}

/**
 * Opens `envelope` with `secret` and returns the ARK only when it matches the keybag's `keyCheck` (§2.1): an
 * envelope the server (or anyone with the session) added around an ARK of its own fails here, as does one opened
 * for the wrong user, id, type, account key or version (the AES-GCM tag covers them through the AAD).
 * The metadata is checked against the scheme first, so a server cannot steer the derivation (another info, kdf
 * or algorithm) — we derive only with our own constants and refuse a record that claims otherwise.
 */
export async function openEnvelope(
  envelope: StoredEnvelope,
  binding: EnvelopeBinding & { keyCheck: string },
  secret: EnvelopeSecret,
): Promise<AccountRootKey> {
  if (envelope.type !== secret.type) {
    throw new ZkError('invalid_envelope', `a ${secret.type} secret cannot open a ${envelope.type} envelope`);
  }
  const info = ENVELOPE_KDF_INFO[secret.type];
  const expectedKdf = info === null ? 'none' : 'HKDF-SHA-256';
  if (envelope.scheme !== ZK_SCHEME || envelope.alg !== 'A256GCM' || envelope.kdf !== expectedKdf) {
    throw new ZkError('invalid_envelope', 'the envelope is not of scheme 2 with A256GCM and its type’s KDF');
  }
  if (info !== null && envelope.kdf_info !== info) {
    throw new ZkError('invalid_envelope', 'the envelope names a KDF info other than its type’s');
  }
  const salt =
    info === null
      ? null
      : decodeBase64urlOfLength(envelope.kdf_salt ?? '', KDF_SALT_BYTES, 'an envelope’s kdf_salt');
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = decodeBase64url(envelope.ciphertext);
  } catch {
    throw new ZkError('invalid_envelope', 'the envelope ciphertext is not base64url');
  }
  if (sealed.length !== ENVELOPE_CIPHERTEXT_BYTES) {
    throw new ZkError('invalid_envelope', `an envelope ciphertext is ${ENVELOPE_CIPHERTEXT_BYTES} bytes`);
  }
  let ark: AccountRootKey;
  try {
    ark = await AccountRootKey.unwrap(sealed.slice(GCM_NONCE_BYTES), await envelopeKey(secret, salt), {
      name: 'AES-GCM',
      iv: sealed.slice(0, GCM_NONCE_BYTES),
      additionalData: envelopeAad(binding, envelope.id, secret.type),
    });
  } catch {
    throw new ZkError(
      'envelope_open_failed',
      'the envelope does not open with this secret (wrong secret, or the envelope or its binding was changed)',
    );
  }
  if (!(await ark.matchesKeyCheck(binding.userId, binding.keyId, binding.keyCheck))) {
    throw new ZkError('key_check_mismatch', 'the envelope holds a key other than this keybag’s account key');
  }
  return ark;
}
