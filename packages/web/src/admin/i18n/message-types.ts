import type { Message } from '../../shared/i18n/format';

/** One area's messages: `{area}.{name}` keys, plain text with `{name}` placeholders or plural forms. */
export type AdminMessages = Record<string, Message>;
