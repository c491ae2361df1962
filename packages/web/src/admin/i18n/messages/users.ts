import type { AdminMessages } from '../message-types';

/** The admin portal's text for users: every key starts with `users.` (admin/i18n/messages.test.ts). */
export const usersMessages = {
  // Looking a user up by address (user-lookup.ts), for the organization forms
  'users.lookup.noSuchUser': 'No user has this email address. Create the user first.',
} as const satisfies AdminMessages;
