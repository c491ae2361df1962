import type { AdminMessages } from '../message-types';

/** The admin portal's text for settings: every key starts with `settings.` (admin/i18n/messages.test.ts). */
export const settingsMessages = {} as const satisfies AdminMessages;
