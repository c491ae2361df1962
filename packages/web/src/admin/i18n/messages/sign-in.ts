import type { AdminMessages } from '../message-types';

/** The admin portal's text for signing in: every key starts with `sign-in.` (admin/i18n/messages.test.ts). */
export const signInMessages = {
  'sign-in.title': 'Sign in to the admin portal',
  'sign-in.expired.title': 'Your session has ended',
  'sign-in.expired.body':
    'Admin sessions end after a while without use. Sign in again to continue where you were.',
  'sign-in.signedOut.title': 'You are signed out',
  'sign-in.signedOut.body': 'Sign in again to manage this service.',
  'sign-in.failed': 'We could not sign you in',
  'sign-in.invalidCredentials': 'The email address or password is not correct. Check them and try again.',
  'sign-in.passkey.failed': 'We could not sign you in with a passkey',
  'sign-in.passkey.waiting': 'Waiting for your passkey…',
  'sign-in.passkey.start': 'Sign in with a passkey',
} as const satisfies AdminMessages;
