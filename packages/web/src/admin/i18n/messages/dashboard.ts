import type { AdminMessages } from '../message-types';

/** The admin portal's text for dashboard: every key starts with `dashboard.` (admin/i18n/messages.test.ts). */
export const dashboardMessages = {} as const satisfies AdminMessages;
