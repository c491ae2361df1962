import type { AdminMessages } from '../message-types';

/** The admin portal's text for webhooks: every key starts with `webhooks.` (admin/i18n/messages.test.ts). */
export const webhooksMessages = {} as const satisfies AdminMessages;
