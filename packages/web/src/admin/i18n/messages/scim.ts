import type { AdminMessages } from '../message-types';

/** The admin portal's text for scim: every key starts with `scim.` (admin/i18n/messages.test.ts). */
export const scimMessages = {} as const satisfies AdminMessages;
