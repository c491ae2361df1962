import type { AdminMessages } from '../message-types';

/** The admin portal's text for common: every key starts with `common.` (admin/i18n/messages.test.ts). */
export const commonMessages = {} as const satisfies AdminMessages;
