import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Housekeeping: how often nodes offer to run it, and how long an unusable row is kept before it goes. */
export const HOUSEKEEPING_SETTINGS = {
  'housekeeping.interval_minutes': defineSetting(
    Type.Integer({ minimum: 1, maximum: 1440 }),
    15,
    'How often every node offers to run the housekeeping job that deletes expired rows (one node runs it at a time).',
  ),
  'housekeeping.retention_hours': defineSetting(
    Type.Integer({ minimum: 1, maximum: 90 * 24 }),
    24,
    'How long a row is kept after it stopped being usable (expired, ended, revoked) before housekeeping deletes it.',
  ),
} satisfies SettingDefinitions;

type HousekeepingSettingDefinitions = typeof HOUSEKEEPING_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends HousekeepingSettingDefinitions {}
}
