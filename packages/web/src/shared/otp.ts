/**
 * The TOTP second factor as both apps see it: the status the server reports (the hosted UI's `GET /otp/status`,
 * the portal's own `GET /admin/otp/status` and its view of a user's, `GET /admin/users/{id}/otp`, answer alike),
 * what a set-up hands the authenticator app, and how codes and keys are written for people.
 */

export type OtpStatusName = 'enabled' | 'pending' | 'required' | 'locked' | 'disabled';

export interface OtpStatus {
  status: OtpStatusName;
  enrolled: boolean;
  required: boolean;
  locked_until: string | null;
  backup_codes_remaining: number | null;
}

/** What a set-up start (`/otp/setup/init`, `/admin/otp/setup/init`) returns for the authenticator app. */
export interface OtpSetup {
  otpauth_uri: string;
  secret: string;
  algorithm: string;
  digits: number;
  period: number;
}

/** Drops the spaces people type or paste ("123 456"); the server ignores a backup code's dash and case. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A base32 setup key in groups of four, as authenticator apps print them (easier to read and type). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
