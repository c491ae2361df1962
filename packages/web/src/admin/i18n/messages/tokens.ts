import type { AdminMessages } from '../message-types';

/** The admin portal's text for tokens: every key starts with `tokens.` (admin/i18n/messages.test.ts). */
export const tokensMessages = {} as const satisfies AdminMessages;
