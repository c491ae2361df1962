import type { AdminMessages } from '../message-types';

/** The admin portal's text for email templates: every key starts with `email-templates.` (admin/i18n/messages.test.ts). */
export const emailTemplatesMessages = {} as const satisfies AdminMessages;
