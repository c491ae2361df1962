import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** The device authorization grant (RFC 8628, docs/device-flow.md). */
export const DEVICE_SETTINGS = {
  'device.code_ttl_seconds': defineSetting(
    Type.Integer({ minimum: 60, maximum: 1800 }),
    600,
    'How long a device code and its user code stay usable (RFC 8628 §3.2 expires_in).',
  ),
  'device.poll_interval_seconds': defineSetting(
    Type.Integer({ minimum: 1, maximum: 60 }),
    5,
    'The minimum seconds between a device’s polls of /token (RFC 8628 §3.2 interval); each poll sooner is answered slow_down and raises it by 5.',
  ),
  'rate_limits.device_user_code_ip_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'User codes a client IP address may enter per minute on the hosted UI’s device page.',
  ),
  'rate_limits.device_user_code_session_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    5,
    'User codes one signed-in session may enter per minute on the hosted UI’s device page.',
  ),
} satisfies SettingDefinitions;

/** Named rate limits (app/rate-limits.ts) of user-code entry, each against one of the settings above. */
export const DEVICE_RATE_LIMITS = {
  'device-user-code-ip': { setting: 'rate_limits.device_user_code_ip_per_minute', windowSeconds: 60 },
  'device-user-code-session': {
    setting: 'rate_limits.device_user_code_session_per_minute',
    windowSeconds: 60,
  },
} satisfies RateLimitRules;

type DeviceSettingDefinitions = typeof DEVICE_SETTINGS;
type DeviceRateLimits = typeof DEVICE_RATE_LIMITS;

declare module '../config/settings.js' {
  interface SettingCatalogue extends DeviceSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends DeviceRateLimits {}
}
