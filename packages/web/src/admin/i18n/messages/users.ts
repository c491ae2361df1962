import type { AdminMessages } from '../message-types';

/** The admin portal's text for users: every key starts with `users.` (admin/i18n/messages.test.ts). */
export const usersMessages = {} as const satisfies AdminMessages;
