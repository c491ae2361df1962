import {
  DEVICE_CODE_GRANT_TYPE,
  type GrantType,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from '../../protocol/oauth/vocabulary.js';
import { authorizationCodeGrant } from './authorization-code.js';
import { clientCredentialsGrant } from './client-credentials.js';
import { deviceCodeGrant } from './device-code.js';
import type { Grant } from './grant.js';
import { refreshTokenGrant } from './refresh-token.js';
import { tokenExchangeGrant } from './token-exchange.js';

/**
 * The grants POST /token serves, by `grant_type`: the token route dispatches through this map, builds its request
 * schema from the grants' parameters, and discovery advertises its keys as `grant_types_supported`. The type holds
 * exactly one grant for each grant type clients may register (protocol/oauth/vocabulary.ts), no more and no fewer.
 */
export const GRANTS: { readonly [Type in GrantType]: Grant } = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
  [DEVICE_CODE_GRANT_TYPE]: deviceCodeGrant,
  [TOKEN_EXCHANGE_GRANT_TYPE]: tokenExchangeGrant,
};

/** The grant of a `grant_type` value, or null for one not supported (RFC 6749 §5.2 unsupported_grant_type). */
export function grantFor(grantType: string): Grant | null {
  return Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType as GrantType] : null;
}

/** Every parameter some grant reads, each once: the token endpoint's request schema lists them. */
export function grantParameters(): string[] {
  return [...new Set(Object.values(GRANTS).flatMap((grant) => grant.parameters))];
}

/** The supported grant types, in the map's order (for discovery). */
export function supportedGrantTypes(): GrantType[] {
  return Object.keys(GRANTS) as GrantType[];
}
