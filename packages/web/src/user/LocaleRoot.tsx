import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { api } from '../shared/api';
import { I18nProvider, useI18n } from '../shared/i18n/I18n';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../shared/i18n/locales';
import type { MessageOverrides } from '../shared/i18n/translator';
import { chosenForThisTab, initialLocale, rememberChoice, rememberSavedPreference } from './locale';
import { csrfHeaders, fetchSession } from './session';

/** What the profile API says of the language (accounts/profile-routes.ts). */
interface ProfileLocale {
  locale: string | null;
}

/**
 * The hosted UI in its user's language (docs/languages.md): picks it (locale.ts), loads the admin's overrides of
 * its messages, follows the signed-in user's saved preference, and saves the switcher's choice to the profile.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  // The admin's replacements, with the language they are for (another language's never apply).
  const [overrides, setOverrides] = useState<{ locale: Locale; messages: MessageOverrides } | null>(null);

  useEffect(() => {
    let current = true;
    api.get<{ messages: MessageOverrides }>(`/api/user/messages?locale=${encodeURIComponent(locale)}`).then(
      (answer) => current && setOverrides({ locale, messages: answer.messages }),
      () => current && setOverrides(null),
    );
    return () => {
      current = false;
    };
  }, [locale]);

  // The saved preference of a signed-in user, unless the app's request or the switcher chose for this tab.
  useEffect(() => {
    let current = true;
    // GET /session first: it answers without an error when nobody is signed in (no 401 in the console).
    fetchSession()
      .then((session) => (session.authenticated ? api.get<ProfileLocale>('/api/user/profile') : null))
      .then(
        (profile) => {
          if (!current || !profile || !isLocale(profile.locale)) return;
          rememberSavedPreference(profile.locale);
          if (!chosenForThisTab()) setLocaleState(profile.locale);
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, []);

  const setLocale = useCallback((next: Locale) => {
    rememberChoice(next);
    setLocaleState(next);
    fetchSession().then(
      (session) =>
        session.authenticated
          ? api.put('/api/user/profile', { locale: next }, { headers: csrfHeaders(session.csrf_token) })
          : undefined,
      () => undefined,
    );
  }, []);

  return (
    <I18nProvider
      locale={locale}
      overrides={overrides?.locale === locale ? overrides.messages : undefined}
      setLocale={setLocale}
    >
      {children}
      <LanguageSwitcher />
    </I18nProvider>
  );
}

/** The language switcher every page ends with: a labelled select, each language named in itself. */
export function LanguageSwitcher() {
  const { t, locale, setLocale } = useI18n();
  const id = useId();
  return (
    <footer className="site-footer">
      <label htmlFor={id}>{t('language.label')}</label>{' '}
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </footer>
  );
}
