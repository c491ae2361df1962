import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Policies that apply to every client. */
export const CLIENT_SETTINGS = {
  'clients.require_pushed_authorization_requests': defineSetting(
    Type.Boolean(),
    false,
    'Accept authorization requests only through /par (RFC 9126 §6), from every client; a client may also be registered to require it.',
  ),
} satisfies SettingDefinitions;

type ClientSettingDefinitions = typeof CLIENT_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends ClientSettingDefinitions {}
}
