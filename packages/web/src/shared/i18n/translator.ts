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
  /** A list for this language: "a, b or c" (`disjunction`), "a, b and c" (`conjunction`). */
  list(values: string[], type?: 'conjunction' | 'disjunction'): string;
}

/**
 * The browser tests' switch that marks every word the translator hands out (its messages, and the dates, numbers
 * and lists it formats) with a start and an end character from Unicode's private use area, so that a test can
 * check that every word on screen came from here (e2e/catalog-text.ts). Only the browser tests' build (`vite build
 * --mode browser-tests`) has it, read from a page global the test sets before any page script runs, as the key
 * stretching switch of shared/opaque.ts; the production bundles contain no switch (production-bundle.test.ts).
 */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

function marking(): boolean {
  if (import.meta.env.MODE !== 'browser-tests') return false;
  return (globalThis as { tesseraTestMarkMessages?: unknown }).tesseraTestMarkMessages === true;
}

const mark = (text: string) => (text === '' ? text : `${MARK_START}${text}${MARK_END}`);

export function createTranslator(locale: Locale, overrides: MessageOverrides = {}): Translator {
  const plain = createPlainTranslator(locale, overrides);
  if (!marking()) return plain;
  return {
    locale,
    t: (key, values) => mark(plain.t(key, values)),
    parts: (key, values) =>
      plain.parts(key, values).map((part) => (typeof part === 'string' ? mark(part) : part)),
    date: (value, options) => mark(plain.date(value, options)),
    number: (value, options) => mark(plain.number(value, options)),
    list: (values, type) => mark(plain.list(values, type)),
  };
}

function createPlainTranslator(locale: Locale, overrides: MessageOverrides): Translator {
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
    list: (values, type = 'conjunction') => new Intl.ListFormat(locale, { type }).format(values),
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
