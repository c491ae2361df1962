/**
 * The languages of the hosted UI and of the emails (docs/languages.md), advertised as `ui_locales_supported`
 * (OIDC Discovery 1.0 §3). The hosted UI's catalogs (packages/web/src/shared/i18n/locales.ts) are the same list.
 */
import { Type } from 'typebox';

export const UI_LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;

export type UiLocale = (typeof UI_LOCALES)[number];

/** Arabic is written right to left. */
export function uiLocaleDirection(locale: UiLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The JSON schema of a language of ours. */
export const UiLocaleSchema = Type.Union([
  Type.Literal('en'),
  Type.Literal('de'),
  Type.Literal('fr'),
  Type.Literal('es'),
  Type.Literal('ja'),
  Type.Literal('ar'),
]);

export const DEFAULT_UI_LOCALE: UiLocale = 'en';

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === 'string' && (UI_LOCALES as readonly string[]).includes(value);
}

/** The first supported language of BCP 47 tags in order of preference, matched by the primary language subtag. */
export function negotiateUiLocale(tags: readonly string[]): UiLocale | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isUiLocale(primary)) return primary;
  }
  return null;
}

/** `ui_locales` (OIDC Core §3.1.2.1): space-separated BCP 47 tags, the first supported one wins. */
export function uiLocaleFromParameter(value: unknown): UiLocale | null {
  return typeof value === 'string' ? negotiateUiLocale(value.split(' ').filter(Boolean).slice(0, 20)) : null;
}

/** The language of the request: the hosted UI sends its current one as `Accept-Language` (docs/languages.md). */
export function requestUiLocale(request: {
  headers: Record<string, string | string[] | undefined>;
}): UiLocale | null {
  const header = request.headers['accept-language'];
  return uiLocaleFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
}

/**
 * The language an `Accept-Language` header (RFC 9110 §12.5.4) prefers most among ours: tags ordered by their `q`
 * weight (1 when absent), `q=0` meaning "not this one".
 */
export function uiLocaleFromAcceptLanguage(header: string | undefined): UiLocale | null {
  if (!header) return null;
  const weighted = header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return negotiateUiLocale(weighted.map(({ tag }) => tag));
}
