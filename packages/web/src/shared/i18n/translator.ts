import { formatMessage, formatParts, type Message, type MessageValues } from './format';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { CATALOGS } from './messages';
import { en } from './messages/en';

/** The keys of every catalog: the English catalog's (messages/en.ts) is the reference. */
export type MessageKey = keyof typeof en;

/** A complete catalog: every key English has, in the catalog's language. */
export type Catalog = Record<MessageKey, Message>;

/** An admin's replacements for some messages of one language (docs/languages.md#overriding-messages). */
export type MessageOverrides = Partial<Record<string, string>>;

export interface Translator {
  readonly locale: Locale;
  /** The message as text, its placeholders filled (numbers formatted, `count` choosing the plural form). */
  t(key: MessageKey, values?: MessageValues): string;
  /** The message with placeholders filled by elements as well (a <strong> name), as parts to render in order. */
  parts<T>(key: MessageKey, values: Record<string, string | number | T>): (string | T)[];
  /** A date (and time) for this language. */
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

export function createTranslator(locale: Locale, overrides: MessageOverrides = {}): Translator {
  const catalog: Catalog = CATALOGS[locale];
  const message = (key: MessageKey): Message => {
    const override = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    // An override replaces the text of every plural form (docs/languages.md#overriding-messages).
    return override ?? catalog[key] ?? en[key];
  };
  return {
    locale,
    t: (key, values) => formatMessage(locale, message(key), values),
    parts: (key, values) => formatParts(locale, message(key), values),
    date: (value, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
      new Intl.DateTimeFormat(locale, options).format(new Date(value)),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
}

let active: Translator = createTranslator(DEFAULT_LOCALE);

/**
 * The translator of the language on screen, for helpers that run while a component renders (describeError): the
 * provider sets it before its children render. Components take theirs from useI18n(), which re-renders them.
 */
export function activeTranslator(): Translator {
  return active;
}

export function setActiveTranslator(translator: Translator): void {
  active = translator;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** Shorthand for activeTranslator().t. */
export function t(key: MessageKey, values?: MessageValues): string {
  return active.t(key, values);
}
