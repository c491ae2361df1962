import { type Static, Type } from 'typebox';
import { ENVELOPE_CIPHERTEXT_PATTERN, MAX_LABEL_LENGTH, UUID_PATTERN } from '../formats.js';
import { PublicJwk } from '../model.js';
import type { DeviceApprovalRow, TrustedDeviceRow } from './store.js';

/** Request and response shapes of trusted devices and their approval (docs/zk.md §3.5, §3.6, §7.1). */

const Uuid = Type.String({
  minLength: 36,
  maxLength: 36,
  pattern: UUID_PATTERN,
  description: 'lower-case UUID',
});
/**
 * A P-256 public JWK as sent: any small object, so `d`, other curves and other members get the precise refusal of
 * formats.ts (`invalid_jwk`), bounded by the route's body limit.
 */
const JwkInput = Type.Record(Type.String({ maxLength: 20 }), Type.Unknown(), { maxProperties: 12 });
const Label = Type.String({ minLength: 1, maxLength: MAX_LABEL_LENGTH, description: "the device's name" });
const Timestamp = Type.String({ format: 'date-time' });

export const DeviceApprovalRequestInput = Type.Object(
  { public_jwk: JwkInput, label: Label },
  { additionalProperties: false },
);
export type DeviceApprovalRequestInput = Static<typeof DeviceApprovalRequestInput>;

export const DeviceApprovalCreatedView = Type.Object(
  {
    id: Type.String(),
    pickup_token: Type.String({ description: 'shown once; the only way to pick the approval up' }),
    expires_at: Timestamp,
  },
  { title: 'DeviceApprovalCreated' },
);

export const PendingDeviceApprovalView = Type.Object(
  {
    id: Type.String(),
    public_jwk: PublicJwk,
    label: Type.String(),
    created_at: Timestamp,
    expires_at: Timestamp,
  },
  { title: 'PendingDeviceApproval' },
);

export const ApproveDeviceInput = Type.Object(
  {
    epk: JwkInput,
    key_id: Uuid,
    ciphertext: Type.String({
      minLength: 80,
      maxLength: 80,
      pattern: ENVELOPE_CIPHERTEXT_PATTERN,
      description:
        'nonce (12) || AES-256-GCM ciphertext of the account root key || tag (16), docs/zk.md §3.6',
    }),
  },
  { additionalProperties: false },
);
export type ApproveDeviceInput = Static<typeof ApproveDeviceInput>;

export const PickupInput = Type.Object(
  { pickup_token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

export const PickupView = Type.Object(
  {
    status: Type.Union([Type.Literal('pending'), Type.Literal('approved')]),
    expires_at: Timestamp,
    epk: Type.Optional(PublicJwk),
    key_id: Type.Optional(Type.String()),
    ciphertext: Type.Optional(Type.String()),
  },
  { title: 'DeviceApprovalPickup' },
);

export const TrustedDeviceView = Type.Object(
  {
    device_id: Type.String(),
    envelope_id: Type.String(),
    label: Type.String(),
    status: Type.Union([Type.Literal('usable'), Type.Literal('stale')]),
    created_at: Timestamp,
    last_used_at: Type.Union([Timestamp, Type.Null()]),
  },
  { title: 'TrustedDevice' },
);

export const DeviceIdParams = Type.Object({ deviceId: Type.String({ maxLength: 100 }) });
export const ApprovalIdParams = Type.Object({ approvalId: Type.String({ maxLength: 100 }) });

export function pendingApprovalView(row: DeviceApprovalRow) {
  return {
    id: row.id,
    public_jwk: row.publicJwk,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export function trustedDeviceView(row: TrustedDeviceRow) {
  return {
    device_id: row.deviceId ?? '',
    envelope_id: row.id,
    label: row.label,
    status: row.status as 'usable' | 'stale',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
