import type { AdminMessages } from '../message-types';

/** The admin portal's text for second factor: every key starts with `second-factor.` (admin/i18n/messages.test.ts). */
export const secondFactorMessages = {} as const satisfies AdminMessages;
