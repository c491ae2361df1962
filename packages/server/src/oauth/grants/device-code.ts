import { defineGrant } from './grant.js';

/** RFC 8628 §3.4: a device polls with its device code until the user has decided. */
export const deviceCodeGrant = defineGrant({
  parameters: ['device_code'],
  redeem: (tokens, client, parameters, dpopJkt) => tokens.deviceCode(client, parameters, dpopJkt),
});
