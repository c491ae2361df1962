import { Type } from 'typebox';
import type { RateLimitRules } from '../app/rate-limits.js';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Accounts: self-registration, sessions, and the limits on sign-in, registration, reset and verification. */
export const ACCOUNT_SETTINGS = {
  'accounts.self_registration': defineSetting(
    Type.Boolean(),
    false,
    'Whether anyone may create an account from the sign-in page (chosen at install).',
  ),
  'accounts.require_email_verification': defineSetting(
    Type.Boolean(),
    true,
    'Whether a self-registered account must confirm its email address before it can sign in.',
  ),
  'sessions.idle_seconds': defineSetting(
    Type.Integer({ minimum: 60, maximum: 30 * 86_400 }),
    12 * 3600,
    'A session unused this long ends.',
  ),
  'sessions.absolute_seconds': defineSetting(
    Type.Integer({ minimum: 300, maximum: 365 * 86_400 }),
    14 * 86_400,
    'A session ends this long after sign-in, however active.',
  ),
  'rate_limits.sign_in_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Sign-in attempts allowed per minute per account.',
  ),
  'rate_limits.sign_in_per_ip_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    60,
    'Sign-in attempts allowed per minute per client IP.',
  ),
  'rate_limits.key_unlock_per_minute': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Password key-unlock attempts allowed per minute per account (the consent and account pages opening the password envelope), counted apart from sign-in.',
  ),
  'rate_limits.registration_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    20,
    'Self-registrations allowed per hour per client IP.',
  ),
  'rate_limits.password_reset_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Password-reset requests allowed per hour per client IP.',
  ),
  'rate_limits.password_reset_per_account_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 1000 }),
    3,
    'Reset emails sent per hour per account (further requests get the same answer but no email).',
  ),
  'rate_limits.email_verification_per_hour': defineSetting(
    Type.Integer({ minimum: 1, maximum: 1000 }),
    5,
    'Verification emails sent per hour per account.',
  ),
  'ui.messages': defineSetting(
    Type.Record(
      Type.String({ pattern: '^[a-z]{2,3}$' }),
      Type.Record(
        Type.String({ pattern: '^[A-Za-z0-9_.]{1,100}$' }),
        Type.String({ minLength: 1, maxLength: 2000 }),
        { maxProperties: 1000, additionalProperties: false },
      ),
      { maxProperties: 20, additionalProperties: false },
    ),
    {},
    'Replacements for messages of the hosted UI, by language and message key: {"de": {"signIn.title": "Einloggen"}} (docs/languages.md#overriding-messages).',
  ),
} satisfies SettingDefinitions;

/** Named rate limits (app/rate-limits.ts), each counted in fixed windows against one of the settings above. */
export const ACCOUNT_RATE_LIMITS = {
  'sign-in-ip': { setting: 'rate_limits.sign_in_per_ip_per_minute', windowSeconds: 60 },
  'sign-in-account': { setting: 'rate_limits.sign_in_per_minute', windowSeconds: 60 },
  'key-unlock-account': { setting: 'rate_limits.key_unlock_per_minute', windowSeconds: 60 },
  'registration-ip': { setting: 'rate_limits.registration_per_hour', windowSeconds: 3600 },
  'password-reset-ip': { setting: 'rate_limits.password_reset_per_hour', windowSeconds: 3600 },
  'password-reset-account': {
    setting: 'rate_limits.password_reset_per_account_per_hour',
    windowSeconds: 3600,
  },
  'verification-account': { setting: 'rate_limits.email_verification_per_hour', windowSeconds: 3600 },
} satisfies RateLimitRules;

type AccountSettingDefinitions = typeof ACCOUNT_SETTINGS;
type AccountRateLimits = typeof ACCOUNT_RATE_LIMITS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends AccountSettingDefinitions {}
}
declare module '../app/rate-limits.js' {
  interface RateLimitCatalogue extends AccountRateLimits {}
}
