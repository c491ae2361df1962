import { defineGrant } from './grant.js';

/**
 * RFC 8693 §2: a confidential client exchanges a user's access token for one with a narrower audience (RFC 8707
 * `resource`, or `audience`) and scope, as its policy allows (oauth/token-exchange.ts).
 */
export const tokenExchangeGrant = defineGrant({
  parameters: [
    'subject_token',
    'subject_token_type',
    'actor_token',
    'actor_token_type',
    'requested_token_type',
    'resource',
    'audience',
    'scope',
  ],
  redeem: (tokens, client, parameters, dpopJkt) => tokens.exchange.exchange(client, parameters, dpopJkt),
});
