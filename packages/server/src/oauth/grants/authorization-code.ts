import { defineGrant } from './grant.js';

/** RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5): a code from /authorize for tokens. */
export const authorizationCodeGrant = defineGrant({
  parameters: ['code', 'redirect_uri', 'code_verifier'],
  redeem: (tokens, client, parameters, dpopJkt) => tokens.authorizationCode(client, parameters, dpopJkt),
});
