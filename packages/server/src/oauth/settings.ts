import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Default token lifetimes (a client may override each). */
export const OAUTH_SETTINGS = {
  'tokens.access_token_ttl_seconds': defineSetting(
    Type.Integer({ minimum: 30, maximum: 86_400 }),
    600,
    'Default access-token lifetime (clients may override).',
  ),
  'tokens.id_token_ttl_seconds': defineSetting(
    Type.Integer({ minimum: 30, maximum: 86_400 }),
    600,
    'Default ID-token lifetime (clients may override).',
  ),
  'tokens.refresh_token_ttl_seconds': defineSetting(
    Type.Integer({ minimum: 60, maximum: 365 * 86_400 }),
    30 * 86_400,
    'Absolute lifetime of a refresh-token family from the authorization that started it (clients may override).',
  ),
  'dpop.require_nonce': defineSetting(
    Type.Boolean(),
    false,
    'Require a server nonce in DPoP proofs at /token and /userinfo (RFC 9449 §8); the DPoP-Nonce header supplies it.',
  ),
} satisfies SettingDefinitions;

type OAuthSettingDefinitions = typeof OAUTH_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends OAuthSettingDefinitions {}
}
