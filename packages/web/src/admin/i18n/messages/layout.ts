import type { AdminMessages } from '../message-types';

/** The admin portal's text for its frame and shared components: every key starts with `layout.`. */
export const layoutMessages = {
  'layout.notFound.title': 'Page not found',
  'layout.notFound.body': 'There is no page at this address in the admin portal.',
  'layout.notFound.overviewLink': 'Go to the overview',
} as const satisfies AdminMessages;
