import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** TOTP: who must enrol, the parameters of new enrolments, lockout, step-up and the code-check limit. */
export const OTP_SETTINGS = {
  'otp.required_for_admins': defineSetting(Type.Boolean(), true, 'Admins must use TOTP as a second factor.'),
  'otp.required_for_users': defineSetting(
    Type.Boolean(),
    false,
    'Every user must use TOTP as a second factor.',
  ),
  'otp.algorithm': defineSetting(
    Type.Union([Type.Literal('SHA1'), Type.Literal('SHA256'), Type.Literal('SHA512')]),
    'SHA1',
    'TOTP hash for new enrolments (SHA1 works with every authenticator app).',
  ),
  'otp.digits': defineSetting(
    Type.Union([Type.Literal(6), Type.Literal(8)]),
    6,
    'TOTP code length for new enrolments.',
  ),
  'otp.period_seconds': defineSetting(
    Type.Integer({ minimum: 15, maximum: 120 }),
    30,
    'TOTP time step for new enrolments.',
  ),
  'otp.window_steps': defineSetting(
    Type.Integer({ minimum: 0, maximum: 3 }),
    1,
    'Steps of clock drift accepted either way.',
  ),
  'otp.backup_code_count': defineSetting(
    Type.Integer({ minimum: 5, maximum: 20 }),
    10,
    'Backup codes issued at enrolment.',
  ),
  'otp.max_failures': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100 }),
    5,
    'Failed codes before the factor locks.',
  ),
  'otp.lock_minutes': defineSetting(
    Type.Integer({ minimum: 1, maximum: 1440 }),
    15,
    'How long a locked factor stays locked.',
  ),
  'otp.step_up_seconds': defineSetting(
    Type.Integer({ minimum: 60, maximum: 3600 }),
    300,
    'How long a second-factor proof (reauth) allows sensitive actions.',
  ),
  'rate_limits.otp_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Second-factor code checks allowed per minute per account (on top of the lockout).',
  ),
} satisfies SettingDefinitions;

/** Named rate limits (app/rate-limits.ts), each counted in fixed windows against one of the settings above. */
export const OTP_RATE_LIMITS = {
  'otp-account': { setting: 'rate_limits.otp_per_minute', windowSeconds: 60 },
} satisfies RateLimitRules;

type OtpSettingDefinitions = typeof OTP_SETTINGS;
type OtpRateLimits = typeof OTP_RATE_LIMITS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends OtpSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends OtpRateLimits {}
}
