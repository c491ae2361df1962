import { randomUUID } from 'node:crypto';
import { hashToken, randomToken } from '../../crypto/tokens.js';
import { keysError } from '../errors.js';
import { type P256PublicJwk, p256PublicJwkProblem } from '../formats.js';
import type { KeyService } from '../service.js';
import type { EnvelopeRow } from '../store.js';
import { deviceError } from './errors.js';
import type { DeviceApprovalRow, DeviceStore, TrustedDeviceRow } from './store.js';

/** How long a request waits for approval and pickup (docs/zk.md §3.6 step 1). */
export const DEVICE_APPROVAL_LIFETIME_MS = 5 * 60 * 1000;
/** Pending requests per user at a time: enough for a second device and a retry, short enough to compare. */
export const MAX_PENDING_DEVICE_APPROVALS = 3;

const approvalNotFound = () =>
  deviceError(
    'device_approval_not_found',
    'no pending device approval with this id; ask again on the new device',
  );
const deviceNotFound = () => deviceError('device_not_found', 'no trusted device with this id');

export type PickupResult =
  | { status: 'pending'; request: DeviceApprovalRow }
  | { status: 'approved'; request: DeviceApprovalRow };

/**
 * Trusted devices (docs/zk.md §3.5) and approving a new device from an unlocked one (§3.6). The server relays
 * public keys and a wrapped account root key it cannot open; what it enforces is who may ask, approve and pick up,
 * once, and only in time.
 */
export class DeviceService {
  constructor(
    private readonly store: DeviceStore,
    private readonly keybags: KeyService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Approval is a way to unlock: offered only where the user's policy offers it — the global setting and each of
   * their organizations' overrides (docs/zk.md §8.1), since a device approved once can unlock for any app.
   */
  private async requireApprovalAllowed(userId: string): Promise<void> {
    if (!(await this.keybags.userPolicy(userId)).trustedDeviceApproval) {
      throw deviceError(
        'device_approval_not_allowed',
        'approving a device from another one is turned off here',
      );
    }
  }

  private static checkPublicJwk(jwk: Record<string, unknown>, what: string): P256PublicJwk {
    const problem = p256PublicJwkProblem(jwk);
    if (problem !== null) throw keysError('invalid_jwk', `${what} ${problem}`);
    const unknown = Object.keys(jwk).find((member) => !['kty', 'crv', 'x', 'y'].includes(member));
    if (unknown !== undefined)
      throw keysError('invalid_jwk', `${what} has an unexpected member '${unknown}'`);
    return { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string };
  }

  /** Step 1: a signed-in device asks; the pickup token is returned once and stored only as its hash. */
  async request(
    userId: string,
    input: { public_jwk: Record<string, unknown>; label: string },
  ): Promise<{ request: DeviceApprovalRow; pickupToken: string }> {
    await this.requireApprovalAllowed(userId);
    const publicJwk = DeviceService.checkPublicJwk(input.public_jwk, 'public_jwk');
    if (!(await this.keybags.keybag(userId)).accountKey) {
      throw keysError('keybag_not_found', 'there is no keybag to unlock; set up your key instead');
    }
    const now = this.now();
    if ((await this.store.countPending(userId, now)) >= MAX_PENDING_DEVICE_APPROVALS) {
      throw deviceError(
        'too_many_device_approvals',
        `at most ${MAX_PENDING_DEVICE_APPROVALS} devices may wait for approval; wait for one to expire`,
      );
    }
    const pickupToken = randomToken();
    const request = await this.store.insertApproval({
      id: randomUUID(),
      userId,
      pickupTokenHash: hashToken(pickupToken),
      publicJwk,
      label: input.label,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DEVICE_APPROVAL_LIFETIME_MS),
    });
    return { request, pickupToken };
  }

  /** Step 3: the user's requests still waiting, for an unlocked device to show and compare. */
  async pending(userId: string): Promise<DeviceApprovalRow[]> {
    await this.requireApprovalAllowed(userId);
    return this.store.listPending(userId, this.now());
  }

  /** Step 4: records the wrapped account root key for the request, once, if it is the user's and in time. */
  async approve(
    userId: string,
    approvalId: string,
    input: { epk: Record<string, unknown>; key_id: string; ciphertext: string },
  ): Promise<DeviceApprovalRow> {
    await this.requireApprovalAllowed(userId);
    const epk = DeviceService.checkPublicJwk(input.epk, 'epk');
    const { accountKey } = await this.keybags.keybag(userId);
    if (!accountKey) throw approvalNotFound();
    if (accountKey.keyId !== input.key_id) {
      throw deviceError('account_key_mismatch', "key_id is not the keybag's current account key");
    }
    const now = this.now();
    const approved = await this.store.approve(
      userId,
      approvalId,
      { epk, keyId: input.key_id, ciphertext: input.ciphertext },
      now,
    );
    if (approved) return approved;
    const existing = await this.store.findApproval(userId, approvalId);
    if (existing?.approvedAt && existing.expiresAt > now) {
      throw deviceError('device_approval_already_approved', 'this device was approved already');
    }
    throw approvalNotFound();
  }

  /**
   * Step 5: the asking device polls with its pickup token; the approved answer is handed out once (the request is
   * consumed by it). Unknown, another user's, expired and used-up tokens get one answer.
   */
  async pickup(userId: string, pickupToken: string): Promise<PickupResult> {
    await this.requireApprovalAllowed(userId);
    const now = this.now();
    const tokenHash = hashToken(pickupToken);
    const consumed = await this.store.consume(userId, tokenHash, now);
    if (consumed) return { status: 'approved', request: consumed };
    const request = await this.store.findByPickupToken(userId, tokenHash);
    if (request && request.approvedAt === null && request.expiresAt > now)
      return { status: 'pending', request };
    throw approvalNotFound();
  }

  // --- trusted devices ---

  devices(userId: string): Promise<TrustedDeviceRow[]> {
    return this.store.listDevices(userId);
  }

  /** The device unlocked with its envelope (docs/zk.md §3.5): the list shows when it was last used. */
  async markUsed(userId: string, deviceId: string): Promise<TrustedDeviceRow> {
    const row = await this.store.markDeviceUsed(userId, deviceId, this.now());
    if (!row) throw deviceNotFound();
    return row;
  }

  /**
   * Revokes a device: deletes its envelope (through the keybag's rules: never the last one that can unlock), so
   * the key its browser keeps opens nothing any more.
   */
  async revoke(userId: string, deviceId: string): Promise<EnvelopeRow> {
    const device = await this.store.findDevice(userId, deviceId);
    if (!device) throw deviceNotFound();
    return this.keybags.deleteEnvelope(userId, device.id);
  }
}
