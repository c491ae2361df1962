import type { AdminMessages } from '../message-types';

/** The admin portal's text for setup: every key starts with `setup.` (admin/i18n/messages.test.ts). */
export const setupMessages = {} as const satisfies AdminMessages;
