import type { AdminMessages } from '../message-types';

/** The admin portal's text for federation: every key starts with `federation.` (admin/i18n/messages.test.ts). */
export const federationMessages = {} as const satisfies AdminMessages;
