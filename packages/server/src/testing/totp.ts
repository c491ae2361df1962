import { base32Decode, totp } from '../otp/totp.js';

/** The current TOTP code of a base32 secret (as an authenticator app would show it). */
export function currentCode(secret: string, offsetSteps = 0, digits: 6 | 8 = 6): string {
  return totp(base32Decode(secret), Math.floor(Date.now() / 1000) + offsetSteps * 30, {
    algorithm: 'SHA1',
    digits,
    period: 30,
  });
}
