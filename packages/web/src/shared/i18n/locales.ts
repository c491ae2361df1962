/**
 * The languages of the hosted UI (docs/languages.md). The server advertises the same list as
 * `ui_locales_supported` (packages/server/src/config/ui-locales.ts).
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function direction(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The first supported language of a list of BCP 47 tags in order of preference (OIDC Core §3.1.2.1 `ui_locales`,
 * `navigator.languages`): a tag matches by its primary language subtag (`de-AT` is `de`), case-insensitively.
 */
export function negotiate(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** `ui_locales` is a space-separated list (OIDC Core §3.1.2.1). */
export function negotiateUiLocales(value: string | null | undefined): Locale | null {
  return value ? negotiate(value.split(' ').filter(Boolean)) : null;
}
