/**
 * The message format of the hosted UI's catalogs (docs/languages.md): plain text with `{name}` placeholders, and
 * for counts a set of plural forms chosen by Intl.PluralRules (`{ one: '{count} code left', other: '{count} codes
 * left' }`). No markup: a placeholder may be filled with a React element (a <strong> name) by `formatRich`.
 */

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A message with a count: `other` is required, every form the language's plural rules name should be given. */
export type PluralMessage = Partial<Record<PluralCategory, string>> & { other: string };

export type Message = string | PluralMessage;

export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a message uses (all its plural forms together), for the catalog tests. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names].sort();
}

/** The text of the message for this locale and count (the `count` value chooses the plural form). */
export function selectForm(locale: string, message: Message, values: MessageValues | undefined): string {
  if (typeof message === 'string') return message;
  const count = values?.count;
  const category =
    typeof count === 'number' ? (new Intl.PluralRules(locale).select(count) as PluralCategory) : 'other';
  return message[category] ?? message.other;
}

function formatValue(locale: string, value: string | number): string {
  return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
}

/** Fills the placeholders with the values (numbers formatted for the locale); an unknown placeholder stays as is. */
export function formatMessage(locale: string, message: Message, values?: MessageValues): string {
  return selectForm(locale, message, values).replace(PLACEHOLDER, (whole, name: string) =>
    values && Object.hasOwn(values, name) ? formatValue(locale, values[name]!) : whole,
  );
}

/**
 * Splits the message at its placeholders and puts each value in its place, values being text or anything else (a
 * React element): the caller renders the parts in order.
 */
export function formatParts<T>(
  locale: string,
  message: Message,
  values: Record<string, string | number | T>,
): (string | T)[] {
  const plain: MessageValues = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') plain[name] = value;
  const text = selectForm(locale, message, plain);
  const parts: (string | T)[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!Object.hasOwn(values, name)) continue;
    parts.push(text.slice(last, match.index));
    const value = values[name]!;
    parts.push(typeof value === 'string' || typeof value === 'number' ? formatValue(locale, value) : value);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== '');
}
