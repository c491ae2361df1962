import { type Static, Type } from 'typebox';
import {
  BASE64URL_PATTERN,
  BYTES32_PATTERN,
  ENVELOPE_CIPHERTEXT_PATTERN,
  type EnvelopeType as EnvelopeTypeName,
  MAX_CREDENTIAL_ID_LENGTH,
  MAX_ENVELOPES,
  MAX_LABEL_LENGTH,
  MAX_LEGACY_DRK_LENGTH,
  MAX_WRAPPED_PRIVATE_LENGTH,
  UUID_PATTERN,
  ZK_SCHEME,
} from './formats.js';
import type { EncryptionKeysRow, EnvelopeRow, KeybagRow } from './store.js';

/** Request and response shapes of the keys slice (docs/zk.md §7); the limits are those of §7.1. */

const Uuid = Type.String({
  minLength: 36,
  maxLength: 36,
  pattern: UUID_PATTERN,
  description: 'lower-case UUID',
});
const Bytes32 = Type.String({
  minLength: 43,
  maxLength: 43,
  pattern: BYTES32_PATTERN,
  description: '32 bytes, unpadded base64url',
});

export const EnvelopeType = Type.Union(
  [
    Type.Literal('password'),
    Type.Literal('recovery_key'),
    Type.Literal('passkey_prf'),
    Type.Literal('trusted_device'),
  ],
  { description: 'password, recovery_key, passkey_prf or trusted_device (formats.ts ENVELOPE_TYPES)' },
);

export const EnvelopeInput = Type.Object(
  {
    id: Uuid,
    type: EnvelopeType,
    scheme: Type.Literal(ZK_SCHEME),
    alg: Type.Literal('A256GCM'),
    kdf: Type.Union([Type.Literal('HKDF-SHA-256'), Type.Literal('none')]),
    kdf_salt: Type.Optional(Bytes32),
    kdf_info: Type.Optional(Type.String({ maxLength: 100 })),
    ciphertext: Type.String({
      minLength: 80,
      maxLength: 80,
      pattern: ENVELOPE_CIPHERTEXT_PATTERN,
      description:
        'nonce (12) || AES-256-GCM ciphertext of the 32-byte account root key || tag (16): 60 bytes',
    }),
    label: Type.Optional(Type.String({ maxLength: MAX_LABEL_LENGTH })),
    credential_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_CREDENTIAL_ID_LENGTH, pattern: BASE64URL_PATTERN }),
    ),
    prf_salt: Type.Optional(Bytes32),
    device_id: Type.Optional(Uuid),
  },
  { additionalProperties: false, title: 'EnvelopeInput' },
);
export type EnvelopeInput = Static<typeof EnvelopeInput>;

const EnvelopeFields = {
  id: Type.String(),
  type: Type.String(),
  scheme: Type.Integer(),
  alg: Type.String(),
  kdf: Type.String(),
  kdf_salt: Type.Union([Type.String(), Type.Null()]),
  kdf_info: Type.Union([Type.String(), Type.Null()]),
  label: Type.String(),
  credential_id: Type.Union([Type.String(), Type.Null()]),
  prf_salt: Type.Union([Type.String(), Type.Null()]),
  device_id: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('usable'), Type.Literal('stale')]),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
};

/** An envelope's metadata: what lists and the admin summary show. */
export const EnvelopeMetadata = Type.Object(EnvelopeFields, { title: 'EnvelopeMetadata' });
/** An envelope with its ciphertext: only the keybag's own user reads it, to unlock. */
export const EnvelopeView = Type.Object(
  { ...EnvelopeFields, ciphertext: Type.String() },
  { title: 'Envelope' },
);

export const AccountKeyView = Type.Object(
  {
    key_id: Type.String(),
    version: Type.Integer(),
    scheme: Type.Integer(),
    key_check: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    rotated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_unlocked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'AccountKey' },
);

export const KeybagView = Type.Object(
  {
    user_id: Type.String({ description: 'the user id bound into every envelope AAD' }),
    exists: Type.Boolean(),
    account_key: Type.Union([AccountKeyView, Type.Null()]),
    envelopes: Type.Array(EnvelopeView),
  },
  { title: 'Keybag' },
);

const Envelopes = Type.Array(EnvelopeInput, { minItems: 1, maxItems: MAX_ENVELOPES });

export const CreateAccountKeyInput = Type.Object(
  { key_id: Uuid, key_check: Bytes32, envelopes: Envelopes },
  { additionalProperties: false },
);
export type CreateAccountKeyInput = Static<typeof CreateAccountKeyInput>;

export const AddEnvelopeInput = Type.Object(
  {
    expected_version: Type.Integer({
      minimum: 1,
      description: 'the keybag version the envelope was made for',
    }),
    envelope: EnvelopeInput,
    replaces: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type AddEnvelopeInput = Static<typeof AddEnvelopeInput>;

export const RotateInput = Type.Object(
  {
    expected_version: Type.Integer({ minimum: 1 }),
    key_id: Uuid,
    key_check: Bytes32,
    envelopes: Envelopes,
  },
  { additionalProperties: false },
);
export type RotateInput = Static<typeof RotateInput>;

export type UnlockMethod = EnvelopeTypeName | 'trusted_device_approval' | 'new_key_setup';

export const UnlockPolicyView = Type.Object(
  {
    allowed_envelope_types: Type.Array(EnvelopeType),
    zk_requires_unlocked_keybag: Type.Boolean(),
    trusted_device_approval: Type.Boolean(),
    new_key_setup_allowed: Type.Boolean(),
    keybag_exists: Type.Boolean(),
    has_password: Type.Boolean({
      description:
        'whether the account has a password: without one (federated, SCIM-provisioned, passkey-only) no password envelope can be made or opened, and the key is protected with a passkey (PRF) or a recovery key (docs/zk.md §3.1)',
    }),
    methods: Type.Array(
      Type.Union([EnvelopeType, Type.Literal('trusted_device_approval'), Type.Literal('new_key_setup')]),
      { description: 'the unlock methods the caller can use now' },
    ),
  },
  { title: 'UnlockPolicy' },
);

const Coordinate = Bytes32;
export const PublicJwk = Type.Object(
  { kty: Type.Literal('EC'), crv: Type.Literal('P-256'), x: Coordinate, y: Coordinate },
  { title: 'P256PublicJwk' },
);
/**
 * What PUT /crypto/enc-pub accepts: any object (so `d`, other curves and other members get the precise refusal
 * of formats.ts), bounded by the route's body limit.
 */
export const EncPubInput = Type.Object(
  { jwk: Type.Record(Type.String({ maxLength: 20 }), Type.Unknown(), { maxProperties: 12 }) },
  { additionalProperties: false },
);

export const EncPubView = Type.Object(
  {
    user_id: Type.String(),
    jwk: PublicJwk,
    kid: Type.String({ description: 'RFC 7638 thumbprint' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'EncPub' },
);

export const WrappedPrivateInput = Type.Object(
  {
    kid: Type.String({ minLength: 43, maxLength: 43, pattern: BASE64URL_PATTERN }),
    alg: Type.Literal('A256GCM'),
    ciphertext: Type.String({
      minLength: 40,
      maxLength: MAX_WRAPPED_PRIVATE_LENGTH,
      pattern: BASE64URL_PATTERN,
    }),
  },
  { additionalProperties: false },
);
export type WrappedPrivateInput = Static<typeof WrappedPrivateInput>;

export const WrappedPrivateView = Type.Object(
  {
    kid: Type.String(),
    alg: Type.String(),
    ciphertext: Type.String(),
    updated_at: Type.String({ format: 'date-time' }),
    matches_enc_pub: Type.Boolean({ description: 'whether kid is the current enc-pub thumbprint' }),
  },
  { title: 'WrappedEncPriv' },
);

/** Legacy v1: the app's own format (base64url or a compact JWE), opaque to the service, bounded (docs/zk.md §7.1). */
export const LegacyDrkInput = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    ciphertext: Type.String({
      minLength: 16,
      maxLength: MAX_LEGACY_DRK_LENGTH,
      pattern: '^[A-Za-z0-9_.-]+$',
    }),
  },
  { additionalProperties: false },
);

export const LegacyDrkView = Type.Object(
  { client_id: Type.String(), ciphertext: Type.String(), updated_at: Type.String({ format: 'date-time' }) },
  { title: 'LegacyWrappedDrk' },
);

export const KeybagSummaryView = Type.Object(
  {
    user_id: Type.String(),
    exists: Type.Boolean(),
    key_id: Type.Union([Type.String(), Type.Null()]),
    version: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    rotated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_unlocked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    envelope_counts: Type.Record(Type.String(), Type.Integer(), {
      description: 'envelopes by type',
    }),
    envelopes: Type.Array(EnvelopeMetadata),
    has_enc_pub: Type.Boolean(),
    has_wrapped_enc_priv: Type.Boolean(),
  },
  { title: 'KeybagSummary' },
);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function envelopeMetadata(row: EnvelopeRow) {
  return {
    id: row.id,
    type: row.type,
    scheme: row.scheme,
    alg: row.alg,
    kdf: row.kdf,
    kdf_salt: row.kdfSalt,
    kdf_info: row.kdfInfo,
    label: row.label,
    credential_id: row.credentialId,
    prf_salt: row.prfSalt,
    device_id: row.deviceId,
    status: row.status as 'usable' | 'stale',
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
  };
}

export function envelopeView(row: EnvelopeRow) {
  return { ...envelopeMetadata(row), ciphertext: row.ciphertext };
}

export function keybagView(userId: string, keybag: KeybagRow | null, envelopes: EnvelopeRow[]) {
  return {
    user_id: userId,
    exists: keybag !== null,
    account_key: keybag
      ? {
          key_id: keybag.keyId,
          version: keybag.version,
          scheme: keybag.scheme,
          key_check: keybag.keyCheck,
          created_at: keybag.createdAt.toISOString(),
          rotated_at: iso(keybag.rotatedAt),
          last_unlocked_at: iso(keybag.lastUnlockedAt),
        }
      : null,
    envelopes: envelopes.map(envelopeView),
  };
}

export function keybagSummaryView(
  userId: string,
  keybag: KeybagRow | null,
  envelopes: EnvelopeRow[],
  encryptionKeys: EncryptionKeysRow | null,
) {
  const counts: Record<string, number> = {};
  for (const envelope of envelopes) counts[envelope.type] = (counts[envelope.type] ?? 0) + 1;
  return {
    user_id: userId,
    exists: keybag !== null,
    key_id: keybag?.keyId ?? null,
    version: keybag?.version ?? null,
    created_at: iso(keybag?.createdAt ?? null),
    rotated_at: iso(keybag?.rotatedAt ?? null),
    last_unlocked_at: iso(keybag?.lastUnlockedAt ?? null),
    envelope_counts: counts,
    envelopes: envelopes.map(envelopeMetadata),
    has_enc_pub: encryptionKeys !== null,
    has_wrapped_enc_priv: encryptionKeys?.wrappedPrivate != null,
  };
}
