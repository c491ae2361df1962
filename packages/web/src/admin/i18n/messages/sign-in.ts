import type { AdminMessages } from '../message-types';

/** The admin portal's text for sign in: every key starts with `sign-in.` (admin/i18n/messages.test.ts). */
export const signInMessages = {} as const satisfies AdminMessages;
