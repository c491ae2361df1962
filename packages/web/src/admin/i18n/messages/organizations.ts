import type { AdminMessages } from '../message-types';

/** The admin portal's text for organizations: every key starts with `organizations.` (admin/i18n/messages.test.ts). */
export const organizationsMessages = {} as const satisfies AdminMessages;
