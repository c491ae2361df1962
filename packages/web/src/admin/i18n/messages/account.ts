import type { AdminMessages } from '../message-types';

/** The admin portal's text for account: every key starts with `account.` (admin/i18n/messages.test.ts). */
export const accountMessages = {} as const satisfies AdminMessages;
