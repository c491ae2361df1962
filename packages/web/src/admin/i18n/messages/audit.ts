import type { AdminMessages } from '../message-types';

/** The admin portal's text for audit: every key starts with `audit.` (admin/i18n/messages.test.ts). */
export const auditMessages = {} as const satisfies AdminMessages;
