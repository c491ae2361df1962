import type { SettingsService } from '../config/settings.js';
import type { OrganizationUnlockPolicy } from '../orgs/model.js';
import { ENVELOPE_TYPES, type EnvelopeType } from './formats.js';

/** The unlock policy (docs/zk.md §8): metadata only, never key material. */
export interface UnlockPolicy {
  allowedEnvelopeTypes: EnvelopeType[];
  zkRequiresUnlockedKeybag: boolean;
  trustedDeviceApproval: boolean;
  newKeySetupAllowed: boolean;
}

/** The setting that allows each envelope type (keys/settings.ts). */
const ENVELOPE_TYPE_SETTING = {
  password: 'keys.allow_password_envelopes',
  recovery_key: 'keys.allow_recovery_key_envelopes',
  passkey_prf: 'keys.allow_passkey_prf_envelopes',
  trusted_device: 'keys.allow_trusted_device_envelopes',
} as const satisfies Record<EnvelopeType, string>;

/** The service's own policy: the `keys.*` settings. */
export function globalUnlockPolicy(settings: SettingsService): UnlockPolicy {
  return {
    allowedEnvelopeTypes: ENVELOPE_TYPES.filter((type) => settings.get(ENVELOPE_TYPE_SETTING[type])),
    zkRequiresUnlockedKeybag: settings.get('keys.zk_requires_unlocked_keybag'),
    trustedDeviceApproval: settings.get('keys.trusted_device_approval'),
    newKeySetupAllowed: settings.get('keys.new_key_setup_allowed'),
  };
}

/**
 * A policy with an organization's override applied (docs/zk.md §8.1). An override can only make it stricter: the
 * allowed envelope types are intersected, "needs an unlocked keybag" can only be turned on, trusted-device approval
 * and new-key setup only off. So an organization can never allow what the service disallows, whatever it stored,
 * and a stricter global setting takes effect in every organization at once.
 */
export function withOverride(policy: UnlockPolicy, override: OrganizationUnlockPolicy): UnlockPolicy {
  const allowed = override.allowed_envelope_types;
  return {
    allowedEnvelopeTypes: allowed
      ? policy.allowedEnvelopeTypes.filter((type) => allowed.includes(type))
      : [...policy.allowedEnvelopeTypes],
    zkRequiresUnlockedKeybag:
      policy.zkRequiresUnlockedKeybag || override.zk_requires_unlocked_keybag === true,
    trustedDeviceApproval: policy.trustedDeviceApproval && override.trusted_device_approval !== false,
    newKeySetupAllowed: policy.newKeySetupAllowed && override.new_key_setup_allowed !== false,
  };
}

/** The strictest combination: the global policy with every given organization's override applied. */
export function strictest(
  policy: UnlockPolicy,
  overrides: readonly OrganizationUnlockPolicy[],
): UnlockPolicy {
  return overrides.reduce(withOverride, policy);
}

/**
 * Why an override would loosen the global policy (allow a type or a way to unlock the service does not), or null
 * (docs/zk.md §8.1). Checked when an admin stores one; `withOverride` keeps it strict after later global changes.
 */
export function looserThanGlobal(global: UnlockPolicy, override: OrganizationUnlockPolicy): string | null {
  const looserType = override.allowed_envelope_types?.find(
    (type) => !global.allowedEnvelopeTypes.includes(type as EnvelopeType),
  );
  if (looserType !== undefined) return `${looserType} envelopes are not allowed by the service`;
  if (override.zk_requires_unlocked_keybag === false && global.zkRequiresUnlockedKeybag)
    return 'the service requires an unlocked keybag for ZK apps';
  if (override.trusted_device_approval === true && !global.trustedDeviceApproval)
    return 'the service does not offer trusted-device approval';
  if (override.new_key_setup_allowed === true && !global.newKeySetupAllowed)
    return 'the service does not allow new-key setup';
  return null;
}
