import type { AdminMessages } from '../message-types';

/** The admin portal's text for errors: every key starts with `errors.` (admin/i18n/messages.test.ts). */
export const errorsMessages = {} as const satisfies AdminMessages;
