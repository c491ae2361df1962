import type { AdminMessages } from '../message-types';

/** The admin portal's text for clients: every key starts with `clients.` (admin/i18n/messages.test.ts). */
export const clientsMessages = {} as const satisfies AdminMessages;
