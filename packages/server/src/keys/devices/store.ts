import { and, asc, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keybagEnvelopes } from '../tables.js';
import { deviceApprovals } from './tables.js';

export type DeviceApprovalRow = typeof deviceApprovals.$inferSelect;
export type DeviceApprovalInsert = typeof deviceApprovals.$inferInsert;
export type TrustedDeviceRow = typeof keybagEnvelopes.$inferSelect;

/**
 * SQL of trusted devices (docs/zk.md §3.5, §3.6): approval requests, and the keybag's `trusted_device` envelopes
 * as devices. Approval and pickup are single conditional UPDATEs, so concurrent calls give one success on any node.
 */
export class DeviceStore {
  constructor(private readonly db: Db) {}

  async insertApproval(row: DeviceApprovalInsert): Promise<DeviceApprovalRow> {
    const [inserted] = await this.db.insert(deviceApprovals).values(row).returning();
    return inserted!;
  }

  /** How many of the user's requests still wait for approval. */
  async countPending(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ pending: count() })
      .from(deviceApprovals)
      .where(
        and(
          eq(deviceApprovals.userId, userId),
          gt(deviceApprovals.expiresAt, now),
          isNull(deviceApprovals.approvedAt),
        ),
      );
    return row?.pending ?? 0;
  }

  listPending(userId: string, now: Date): Promise<DeviceApprovalRow[]> {
    return this.db
      .select()
      .from(deviceApprovals)
      .where(
        and(
          eq(deviceApprovals.userId, userId),
          gt(deviceApprovals.expiresAt, now),
          isNull(deviceApprovals.approvedAt),
        ),
      )
      .orderBy(asc(deviceApprovals.createdAt), asc(deviceApprovals.id));
  }

  async findApproval(userId: string, id: string): Promise<DeviceApprovalRow | null> {
    const [row] = await this.db
      .select()
      .from(deviceApprovals)
      .where(and(eq(deviceApprovals.userId, userId), eq(deviceApprovals.id, id)));
    return row ?? null;
  }

  async findByPickupToken(userId: string, tokenHash: string): Promise<DeviceApprovalRow | null> {
    const [row] = await this.db
      .select()
      .from(deviceApprovals)
      .where(and(eq(deviceApprovals.userId, userId), eq(deviceApprovals.pickupTokenHash, tokenHash)));
    return row ?? null;
  }

  /** Records the approval once: null when the request is unknown, another user's, expired or already approved. */
  async approve(
    userId: string,
    id: string,
    approval: NonNullable<DeviceApprovalRow['approval']>,
    now: Date,
  ): Promise<DeviceApprovalRow | null> {
    const [row] = await this.db
      .update(deviceApprovals)
      .set({ approvedAt: now, approval })
      .where(
        and(
          eq(deviceApprovals.userId, userId),
          eq(deviceApprovals.id, id),
          isNull(deviceApprovals.approvedAt),
          gt(deviceApprovals.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Hands out an approved request once: null when it is not approved yet, used, expired or unknown. */
  async consume(userId: string, tokenHash: string, now: Date): Promise<DeviceApprovalRow | null> {
    const [row] = await this.db
      .update(deviceApprovals)
      .set({ consumedAt: now })
      .where(
        and(
          eq(deviceApprovals.userId, userId),
          eq(deviceApprovals.pickupTokenHash, tokenHash),
          isNotNull(deviceApprovals.approvedAt),
          isNull(deviceApprovals.consumedAt),
          gt(deviceApprovals.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  // --- trusted devices: the keybag's trusted_device envelopes ---

  listDevices(userId: string): Promise<TrustedDeviceRow[]> {
    return this.db
      .select()
      .from(keybagEnvelopes)
      .where(and(eq(keybagEnvelopes.userId, userId), eq(keybagEnvelopes.type, 'trusted_device')))
      .orderBy(asc(keybagEnvelopes.createdAt), asc(keybagEnvelopes.id));
  }

  async findDevice(userId: string, deviceId: string): Promise<TrustedDeviceRow | null> {
    const [row] = await this.db
      .select()
      .from(keybagEnvelopes)
      .where(
        and(
          eq(keybagEnvelopes.userId, userId),
          eq(keybagEnvelopes.type, 'trusted_device'),
          eq(keybagEnvelopes.deviceId, deviceId),
        ),
      );
    return row ?? null;
  }

  async markDeviceUsed(userId: string, deviceId: string, at: Date): Promise<TrustedDeviceRow | null> {
    const [row] = await this.db
      .update(keybagEnvelopes)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(keybagEnvelopes.userId, userId),
          eq(keybagEnvelopes.type, 'trusted_device'),
          eq(keybagEnvelopes.deviceId, deviceId),
        ),
      )
      .returning();
    return row ?? null;
  }
}
