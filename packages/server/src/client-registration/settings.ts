import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Dynamic Client Registration (docs/client-registration.md): who may register clients at /register. */
export const CLIENT_REGISTRATION_SETTINGS = {
  'client_registration.open': defineSetting(
    Type.Boolean(),
    false,
    'Open registration: /register also accepts requests without an initial access token, for public clients with loopback or https redirect URIs only, rate-limited per IP address.',
  ),
  'client_registration.allow_zk': defineSetting(
    Type.Boolean(),
    false,
    'Whether dynamically registered clients may ask for zero-knowledge key delivery (zk_delivery, zk_required, zk_key_scope); otherwise only an admin can set it.',
  ),
  'rate_limits.open_client_registrations_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 10_000 }),
    10,
    'Client registrations without an initial access token (open registration) accepted per IP address per hour.',
  ),
} satisfies SettingDefinitions;

/** Named rate limits (app/rate-limits.ts), each counted in fixed windows against one of the settings above. */
export const CLIENT_REGISTRATION_RATE_LIMITS = {
  'open-client-registration-ip': {
    setting: 'rate_limits.open_client_registrations_per_hour',
    windowSeconds: 3600,
  },
} satisfies RateLimitRules;

type ClientRegistrationSettingDefinitions = typeof CLIENT_REGISTRATION_SETTINGS;
type ClientRegistrationRateLimits = typeof CLIENT_REGISTRATION_RATE_LIMITS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends ClientRegistrationSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends ClientRegistrationRateLimits {}
}
