/**
 * The TOTP second factor as both apps see it: the status the server reports (the hosted UI's `GET /otp/status`,
 * the portal's own `GET /admin/otp/status` and its view of a user's, `GET /admin/users/{id}/otp`, answer alike),
 * what a set-up hands the authenticator app, and how codes and keys are written for people.
 */

import type { PublicApiResponse } from './api-types/public-api';

/** The status the server reports (generated from the public port's /openapi.json; the admin port's is the same). */
export type OtpStatus = PublicApiResponse<'GET /otp/status'>;
export type OtpStatusName = OtpStatus['status'];

/** What a set-up start (`/otp/setup/init`, `/admin/otp/setup/init`) returns for the authenticator app. */
export type OtpSetup = PublicApiResponse<'POST /otp/setup/init'>;

/** Drops the spaces people type or paste ("123 456"); the server ignores a backup code's dash and case. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A base32 setup key in groups of four, as authenticator apps print them (easier to read and type). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
