import type { AdminMessageKey } from '../../i18n/messages';
import type { UserView } from '../../types';

/** An account's status in words: its badge shows the word, so the status is not told by colour alone. */
export const USER_STATUS_TEXT: Record<UserView['status'], AdminMessageKey> = {
  active: 'users.status.active',
  disabled: 'users.status.disabled',
};
