import type { AdminMessages } from '../message-types';

/** The admin portal's text for permissions: every key starts with `permissions.` (admin/i18n/messages.test.ts). */
export const permissionsMessages = {} as const satisfies AdminMessages;
