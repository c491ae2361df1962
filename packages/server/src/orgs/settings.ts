import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Organizations: who may create them, and invitations. */
export const ORGANIZATION_SETTINGS = {
  'orgs.users_may_create': defineSetting(
    Type.Boolean(),
    false,
    'Whether signed-in users may create organizations (the creator becomes its admin).',
  ),
  'orgs.invite_ttl_hours': defineSetting(
    Type.Integer({ minimum: 1, maximum: 30 * 24 }),
    7 * 24,
    'How long an organization invitation link stays valid.',
  ),
  'rate_limits.invites_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 10_000 }),
    50,
    'Organization invitations (each one an email) a user may send per hour.',
  ),
} satisfies SettingDefinitions;

/** Named rate limits (app/rate-limits.ts), each counted in fixed windows against one of the settings above. */
export const ORGANIZATION_RATE_LIMITS = {
  'invites-user': { setting: 'rate_limits.invites_per_hour', windowSeconds: 3600 },
} satisfies RateLimitRules;

type OrganizationSettingDefinitions = typeof ORGANIZATION_SETTINGS;
type OrganizationRateLimits = typeof ORGANIZATION_RATE_LIMITS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends OrganizationSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends OrganizationRateLimits {}
}
