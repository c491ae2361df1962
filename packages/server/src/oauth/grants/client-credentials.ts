import { defineGrant } from './grant.js';

/** RFC 6749 §4.4: a confidential client asks for a token representing itself. */
export const clientCredentialsGrant = defineGrant({
  parameters: ['scope'],
  redeem: async (tokens, client, parameters, dpopJkt) =>
    tokens.clientCredentials(client, parameters.scope, dpopJkt),
});
