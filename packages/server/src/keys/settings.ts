import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** The unlock policy (docs/zk.md §8): metadata only, never key material. */
export const KEYS_SETTINGS = {
  // One switch per envelope type (docs/zk.md §8), so the admin portal's settings page edits them as it edits any
  // boolean. Envelopes of a switched-off type cannot be added and do not count as able to unlock.
  'keys.allow_password_envelopes': defineSetting(
    Type.Boolean(),
    true,
    'Users may unlock their keybag with their password (an envelope under the OPAQUE export key).',
  ),
  'keys.allow_recovery_key_envelopes': defineSetting(
    Type.Boolean(),
    true,
    'Users may unlock their keybag with a recovery key.',
  ),
  'keys.allow_passkey_prf_envelopes': defineSetting(
    Type.Boolean(),
    true,
    'Users may unlock their keybag with a passkey (WebAuthn PRF).',
  ),
  'keys.allow_trusted_device_envelopes': defineSetting(
    Type.Boolean(),
    true,
    'Users may unlock their keybag on a trusted device (a key kept in that browser).',
  ),
  'keys.zk_requires_unlocked_keybag': defineSetting(
    Type.Boolean(),
    true,
    'Zero-knowledge apps are authorized only with a key from an unlocked keybag (signing in alone never hands out a key).',
  ),
  'keys.trusted_device_approval': defineSetting(
    Type.Boolean(),
    false,
    'A signed-in device that cannot unlock may be approved from an unlocked one, which hands it the account key (docs/zk.md §3.6).',
  ),
  'keys.new_key_setup_allowed': defineSetting(
    Type.Boolean(),
    true,
    'A user who cannot unlock may replace their account key (data encrypted under the old one is lost).',
  ),
  'rate_limits.keybag_writes_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    100,
    'Changes to their key custody (/crypto writes: account key, envelopes, rotation, encryption keys) a user may make per hour.',
  ),
  'rate_limits.user_key_lookups_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    600,
    "Other users' public encryption keys (GET /crypto/user-enc-pub) a user may look up per hour.",
  ),
  'rate_limits.device_approval_requests_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    20,
    'Device approval requests (POST /crypto/device-approvals) a user may start per hour.',
  ),
  'rate_limits.device_approvals_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    30,
    'Device approval attempts (POST /crypto/device-approvals/{id}/approve) a user may make per hour.',
  ),
  'rate_limits.device_pickups_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    90,
    'Pickup polls (POST /crypto/device-approvals/pickup) a user may make per minute: a waiting device polls every 2 s (30 a minute), so the default leaves room for three at once.',
  ),
} satisfies SettingDefinitions;

/**
 * Named rate limits (app/rate-limits.ts), per signed-in user (docs/zk.md §7.3): each write stores up to 64 KiB and
 * an audit entry, and key lookups walk organization memberships; neither has a reason to come in bursts.
 */
export const KEYS_RATE_LIMITS = {
  'keybag-writes-user': { setting: 'rate_limits.keybag_writes_per_hour', windowSeconds: 3600 },
  'user-key-lookups-user': { setting: 'rate_limits.user_key_lookups_per_hour', windowSeconds: 3600 },
  // Device approval (docs/zk.md §3.6): asking and approving are rare (a new device, a retry), so an hour's
  // allowance bounds a session guessing at approval ids or flooding the approving device's list; pickup is a poll
  // every 2 s while a device waits (MAX_PENDING_DEVICE_APPROVALS at most), so it is counted per minute.
  'device-approval-requests-user': {
    setting: 'rate_limits.device_approval_requests_per_hour',
    windowSeconds: 3600,
  },
  'device-approvals-user': { setting: 'rate_limits.device_approvals_per_hour', windowSeconds: 3600 },
  'device-pickups-user': { setting: 'rate_limits.device_pickups_per_minute', windowSeconds: 60 },
} satisfies RateLimitRules;

type KeysSettingDefinitions = typeof KEYS_SETTINGS;
type KeysRateLimits = typeof KEYS_RATE_LIMITS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends KeysSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends KeysRateLimits {}
}
