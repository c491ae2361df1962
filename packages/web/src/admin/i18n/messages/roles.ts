import type { AdminMessages } from '../message-types';

/** The admin portal's text for roles: every key starts with `roles.` (admin/i18n/messages.test.ts). */
export const rolesMessages = {} as const satisfies AdminMessages;
