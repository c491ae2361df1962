import type { AdminMessages } from '../message-types';

/** The admin portal's generic words, used across its areas: every key starts with `common.`. */
export const commonMessages = {
  'common.cancel': 'Cancel',
  'common.saving': 'Saving…',
  'common.done': 'Done',
  'common.search': 'Search',
  'common.copy': 'Copy',
  'common.tryAgain': 'Try again',
  'common.duration.days': { one: '{count} day', other: '{count} days' },
  'common.duration.hours': { one: '{count} hour', other: '{count} hours' },
  'common.duration.minutes': { one: '{count} minute', other: '{count} minutes' },
  'common.duration.seconds': { one: '{count} second', other: '{count} seconds' },
} as const satisfies AdminMessages;
