import type { AdminMessages } from '../message-types';

/** The admin portal's text for branding: every key starts with `branding.` (admin/i18n/messages.test.ts). */
export const brandingMessages = {} as const satisfies AdminMessages;
