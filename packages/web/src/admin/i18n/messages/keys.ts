import type { AdminMessages } from '../message-types';

/** The admin portal's text for keys: every key starts with `keys.` (admin/i18n/messages.test.ts). */
export const keysMessages = {} as const satisfies AdminMessages;
