import type { AdminMessages } from '../message-types';

/** The admin portal's text for admins: every key starts with `admins.` (admin/i18n/messages.test.ts). */
export const adminsMessages = {} as const satisfies AdminMessages;
