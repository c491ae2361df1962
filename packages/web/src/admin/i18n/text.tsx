import { Fragment, type ReactNode } from 'react';
import { formatMessage, formatParts, type MessageValues } from '../../shared/i18n/format';
import { ADMIN_MESSAGES, type AdminMessageKey } from './messages';

/** The admin portal speaks English (docs/languages.md#the-admin-portal). */
const ADMIN_LOCALE = 'en';

/** The catalog's message as text, its placeholders filled (numbers formatted, `count` choosing the plural form). */
export function t(key: AdminMessageKey, values?: MessageValues): string {
  return formatMessage(ADMIN_LOCALE, ADMIN_MESSAGES[key], values);
}

/** The catalog's message with elements (a <code> name, a link) in its placeholders, ready to render. */
export function rich(key: AdminMessageKey, values: Record<string, string | number | ReactNode>): ReactNode {
  return (
    formatParts<ReactNode>(ADMIN_LOCALE, ADMIN_MESSAGES[key], values)
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never reorder
      .map((part, index) => <Fragment key={index}>{part}</Fragment>)
  );
}
