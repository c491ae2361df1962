import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** The base URL chosen at install, and admin sessions. */
export const ADMIN_SETTINGS = {
  'system.public_base_url': defineSetting(
    Type.String({ maxLength: 2000 }),
    '',
    'Public base URL (issuer) chosen at install; used from the next start unless TESSERA_BASE_URL is set.',
  ),
  'admin.sessions.idle_seconds': defineSetting(
    Type.Integer({ minimum: 60, maximum: 86_400 }),
    30 * 60,
    'An admin session unused this long ends.',
  ),
  'admin.sessions.absolute_seconds': defineSetting(
    Type.Integer({ minimum: 300, maximum: 7 * 86_400 }),
    12 * 3600,
    'An admin session ends this long after sign-in, however active.',
  ),
} satisfies SettingDefinitions;

type AdminSettingDefinitions = typeof ADMIN_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends AdminSettingDefinitions {}
}
