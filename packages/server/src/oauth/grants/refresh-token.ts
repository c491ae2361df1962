import { defineGrant } from './grant.js';

/** RFC 6749 §6: a refresh token, rotated on use, for new tokens with at most the granted scope. */
export const refreshTokenGrant = defineGrant({
  parameters: ['refresh_token', 'scope'],
  redeem: (tokens, client, parameters, dpopJkt) => tokens.refreshToken(client, parameters, dpopJkt),
});
