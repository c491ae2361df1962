/**
 * Trusted devices in the hosted UI (docs/zk.md §3.5, §3.6): unlocking with this browser's device key, making this
 * browser trusted, approving another device, and being approved. The account root key stays the library's
 * `AccountRootKey`; the device key is a non-extractable CryptoKey in IndexedDB.
 */
import { t } from '../../shared/i18n/translator';
import {
  type ApprovalRequestKey,
  createApprovalRequestKey,
  generateDeviceKey,
  keybagBinding,
  openDeviceApproval,
  sealEnvelope,
  trustedDeviceSecret,
  unlockKeybag,
  wrapForDevice,
} from '../../shared/zk';
import type { Unlocked } from './custody';
import { forgetDevice, loadDevice, saveDevice } from './device-store';
import {
  approveDevice,
  markDeviceUsed,
  type PendingApproval,
  pickUpApproval,
  requestApproval,
} from './devices-api';
import { addEnvelope, type Keybag } from './keybag-api';

/** A name for this browser the user recognises in the device list ("Chrome on Linux"). */
export function thisDeviceLabel(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => agent.includes(token!))?.[1] ?? t('devices.aBrowser');
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => agent.includes(token!))?.[1] ?? null;
  return system ? t('devices.browserOnSystem', { browser, system }) : browser;
}

/** This browser's device id for the user, when it holds a device key for them. */
export async function thisDeviceId(userId: string): Promise<string | null> {
  return (await loadDevice(userId))?.deviceId ?? null;
}

/**
 * Opens the keybag with this browser's device key, or null when it holds none for this user or its envelope is
 * gone (revoked, or a new key set up): then the stale key is deleted. Reports the use (best effort).
 */
export async function unlockWithThisDevice(
  userId: string,
  keybag: Keybag,
  csrfToken: string,
): Promise<Unlocked | null> {
  const device = await loadDevice(userId);
  if (!device) return null;
  const envelope = keybag.envelopes.find(
    (candidate) => candidate.type === 'trusted_device' && candidate.device_id === device.deviceId,
  );
  if (!envelope || keybag.account_key === null) {
    await forgetDevice(userId);
    return null;
  }
  try {
    const ark = await unlockKeybag(keybag, trustedDeviceSecret(device.key), envelope.id);
    await markDeviceUsed(device.deviceId, csrfToken).catch(() => undefined);
    return { ark, keyId: keybag.account_key.key_id, envelopeId: envelope.id };
  } catch {
    return null;
  }
}

/** Makes this browser trusted: a new device key in IndexedDB and its `trusted_device` envelope on the server. */
export async function trustThisDevice(
  userId: string,
  keybag: Keybag,
  unlocked: Unlocked,
  csrfToken: string,
): Promise<void> {
  const binding = keybagBinding(keybag);
  const key = await generateDeviceKey();
  const deviceId = globalThis.crypto.randomUUID().toLowerCase();
  const envelope = await sealEnvelope(unlocked.ark, binding, trustedDeviceSecret(key), {
    deviceId,
    label: thisDeviceLabel(),
  });
  await addEnvelope({ expected_version: binding.version, envelope }, csrfToken);
  // Stored only once the server has the envelope: a key without one would be deleted at the next unlock anyway.
  await saveDevice({ userId, deviceId, keyId: binding.keyId, key });
}

/** The approving device: the unlocked key wrapped to the waiting device the user compared and chose. */
export async function approvePending(
  keybag: Keybag,
  unlocked: Unlocked,
  pending: PendingApproval,
  csrfToken: string,
): Promise<void> {
  const binding = keybagBinding(keybag);
  const wrapped = await wrapForDevice(
    unlocked.ark,
    { userId: binding.userId, approvalId: pending.id, keyId: binding.keyId },
    pending.public_jwk,
  );
  await approveDevice(pending.id, { ...wrapped, epk: { ...wrapped.epk } }, csrfToken);
}

/** A request this device made and waits on: its key pair (memory only) and the pickup token. */
export interface WaitingRequest {
  id: string;
  pickupToken: string;
  key: ApprovalRequestKey;
  expiresAt: Date;
}

export async function askForApproval(csrfToken: string): Promise<WaitingRequest> {
  const key = await createApprovalRequestKey();
  const created = await requestApproval(
    { public_jwk: { ...key.publicJwk }, label: thisDeviceLabel() },
    csrfToken,
  );
  return { id: created.id, pickupToken: created.pickup_token, key, expiresAt: new Date(created.expires_at) };
}

/**
 * One poll of the waiting request: null while pending; once approved, the opened key (checked against the
 * keybag's key check). Rejects when the request is gone (expired, used) or the approval does not open.
 */
export async function pollApproval(
  keybag: Keybag,
  waiting: WaitingRequest,
  csrfToken: string,
): Promise<Unlocked | null> {
  const picked = await pickUpApproval(waiting.pickupToken, csrfToken);
  if (picked.status === 'pending') return null;
  const binding = keybagBinding(keybag);
  const ark = await openDeviceApproval(
    waiting.key,
    { userId: binding.userId, approvalId: waiting.id, keyId: binding.keyId, keyCheck: binding.keyCheck },
    { epk: picked.epk, key_id: picked.key_id ?? '', ciphertext: picked.ciphertext ?? '' },
  );
  // Opened from an approval, not from one of the keybag's envelopes.
  return { ark, keyId: binding.keyId, envelopeId: null };
}
