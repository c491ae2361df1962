import { createContext, Fragment, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { direction, type Locale } from './locales';
import {
  activeTranslator,
  createTranslator,
  type MessageKey,
  type MessageOverrides,
  setActiveTranslator,
  type Translator,
} from './translator';

export interface I18nValue extends Translator {
  /** Switches the language (the language switcher); a no-op where the app has one language (the admin portal). */
  setLocale(locale: Locale): void;
  /** The message with elements in its placeholders, ready to render. */
  rich(key: MessageKey, values: Record<string, ReactNode>): ReactNode;
}

function withRich(translator: Translator, setLocale: (locale: Locale) => void): I18nValue {
  return {
    ...translator,
    setLocale,
    rich: (key, values) =>
      translator
        .parts<ReactNode>(key, values as Record<string, string | number | ReactNode>)
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never reorder
        .map((part, index) => <Fragment key={index}>{part}</Fragment>),
  };
}

// Without a provider (the admin portal): English.
const I18nContext = createContext<I18nValue>(withRich(activeTranslator(), () => undefined));

/**
 * Gives the tree its language: the messages of `locale` with the admin's overrides, `<html lang dir>` set to match
 * (right-to-left for Arabic).
 */
export function I18nProvider({
  locale,
  overrides,
  setLocale,
  children,
}: {
  locale: Locale;
  overrides?: MessageOverrides;
  setLocale: (locale: Locale) => void;
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const translator = createTranslator(locale, overrides);
    setActiveTranslator(translator);
    return withRich(translator, setLocale);
  }, [locale, overrides, setLocale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = direction(locale);
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
