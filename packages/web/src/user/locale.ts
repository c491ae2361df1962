import { DEFAULT_LOCALE, isLocale, type Locale, negotiate, negotiateUiLocales } from '../shared/i18n/locales';

/**
 * Which language the hosted UI speaks (docs/languages.md#how-the-language-is-chosen), first match wins:
 * 1. the app's `ui_locales` (OIDC Core §3.1.2.1) on this page's URL, kept for the rest of the tab's sign-in
 *    (the server passes it on from the authorization request), or a language picked with the switcher;
 * 2. the user's saved preference (the profile's `locale`, remembered in this browser once seen);
 * 3. the browser's languages (navigator.languages, which the browser also sends as Accept-Language);
 * 4. English.
 */
const TAB_CHOICE = 'tessera.ui_locale';
const SAVED_PREFERENCE = 'tessera.locale';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage blocked: the choice lasts for this page only
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // see read()
  }
}

export function initialLocale(url: URL = new URL(window.location.href)): Locale {
  const requested = negotiateUiLocales(url.searchParams.get('ui_locales'));
  if (requested) {
    write(() => sessionStorage, TAB_CHOICE, requested);
    return requested;
  }
  const tabChoice = read(() => sessionStorage, TAB_CHOICE);
  if (isLocale(tabChoice)) return tabChoice;
  const saved = read(() => localStorage, SAVED_PREFERENCE);
  if (isLocale(saved)) return saved;
  return negotiate(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
}

/** Whether this tab's language was set by the app's request or the switcher (which a saved preference yields to). */
export function chosenForThisTab(): boolean {
  return isLocale(read(() => sessionStorage, TAB_CHOICE));
}

/** The switcher: this tab from now on, and this browser's preference. */
export function rememberChoice(locale: Locale): void {
  write(() => sessionStorage, TAB_CHOICE, locale);
  write(() => localStorage, SAVED_PREFERENCE, locale);
}

/** The signed-in user's saved preference, remembered for the next page load before the profile arrives. */
export function rememberSavedPreference(locale: Locale): void {
  write(() => localStorage, SAVED_PREFERENCE, locale);
}
