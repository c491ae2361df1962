import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Back-channel logout delivery: how often each node looks for due logout tokens, and how long results are listed. */
export const LOGOUT_SETTINGS = {
  'logout.backchannel_poll_interval_seconds': defineSetting(
    Type.Integer({ minimum: 1, maximum: 300 }),
    2,
    'How often every node looks for back-channel logout tokens that are due (several nodes share the work, one attempt at a time per logout).',
  ),
  'logout.backchannel_retention_hours': defineSetting(
    Type.Integer({ minimum: 1, maximum: 365 * 24 }),
    30 * 24,
    'How long a delivered or failed back-channel logout stays listed on its client before it is deleted.',
  ),
} satisfies SettingDefinitions;

type LogoutSettingDefinitions = typeof LOGOUT_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends LogoutSettingDefinitions {}
}
