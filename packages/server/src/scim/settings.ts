import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** SCIM provisioning: page sizes and how often token use is recorded. Per-IdP policy lives on each connection. */
export const SCIM_SETTINGS = {
  'scim.max_results': defineSetting(
    Type.Integer({ minimum: 1, maximum: 1000 }),
    200,
    'The most resources one SCIM list response returns (ServiceProviderConfig filter.maxResults); a larger count is lowered to it.',
  ),
  'scim.token_last_used_interval_seconds': defineSetting(
    Type.Integer({ minimum: 1, maximum: 86_400 }),
    60,
    'A SCIM token’s last-used time is written at most this often (a sync cycle sends many requests).',
  ),
} satisfies SettingDefinitions;

type ScimSettingDefinitions = typeof SCIM_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends ScimSettingDefinitions {}
}
