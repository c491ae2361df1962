import { describe, expect, it } from 'vitest';
import { formatMessage, formatParts, placeholdersOf } from './format';
import { LOCALES, negotiate, negotiateUiLocales } from './locales';
import { CATALOGS } from './messages';
import { en } from './messages/en';
import { createTranslator } from './translator';

const englishKeys = Object.keys(en).sort();

describe('the message catalogs', () => {
  for (const locale of LOCALES) {
    it(`${locale} has exactly the keys English has, each with English's placeholders`, () => {
      const catalog = CATALOGS[locale] as Record<string, unknown>;
      expect(Object.keys(catalog).sort()).toEqual(englishKeys);
      for (const key of englishKeys) {
        const message = catalog[key] as Parameters<typeof placeholdersOf>[0];
        expect({ key, placeholders: placeholdersOf(message) }).toEqual({
          key,
          placeholders: placeholdersOf(en[key as keyof typeof en]),
        });
      }
    });

    it(`${locale} has a plural form for every category its plural rules use`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(CATALOGS[locale])) {
        if (typeof message === 'string') continue;
        for (const category of categories)
          expect({ key, category, text: message[category] }).toHaveProperty('text');
      }
    });

    it(`${locale} translates the messages (no empty text, no English left where the language differs)`, () => {
      for (const [key, message] of Object.entries(CATALOGS[locale])) {
        const texts = typeof message === 'string' ? [message] : Object.values(message);
        for (const text of texts) expect({ key, text }).not.toEqual({ key, text: '' });
      }
      if (locale === 'en') return;
      const unchanged = englishKeys.filter(
        (key) =>
          CATALOGS[locale][key as keyof typeof en] === en[key as keyof typeof en] &&
          // the same in every language: the product's name, a pair of placeholders, a technical term
          !['common.siteName', 'common.nameAndEmail', 'errorPage.description'].includes(key) &&
          // words this language shares with English
          ![
            'es:invite.roles',
            'fr:invite.title',
            'de:approval.code',
            'de:keybag.type.passkey_prf',
            'de:passkeys.title',
            'de:profile.name',
          ].includes(`${locale}:${key}`),
      );
      expect(unchanged).toEqual([]);
    });
  }
});

describe('formatting', () => {
  it('fills placeholders and formats numbers for the language', () => {
    expect(formatMessage('de', 'Höchstens {max} Zeichen.', { max: 1000 })).toBe('Höchstens 1.000 Zeichen.');
    expect(formatMessage('en', 'At most {max}.', { max: 1000 })).toBe('At most 1,000.');
    expect(formatMessage('en', 'Keep {unknown}.', {})).toBe('Keep {unknown}.');
  });

  it('chooses the plural form with Intl.PluralRules', () => {
    const codes = { one: '{count} code left', other: '{count} codes left' };
    expect(formatMessage('en', codes, { count: 1 })).toBe('1 code left');
    expect(formatMessage('en', codes, { count: 3 })).toBe('3 codes left');
    const arabic = {
      zero: 'لا رموز',
      one: 'رمز واحد',
      two: 'رمزان',
      few: '{count} رموز',
      many: '{count} رمزًا',
      other: '{count} رمز',
    };
    expect(formatMessage('ar', arabic, { count: 2 })).toBe('رمزان');
    expect(formatMessage('ar', arabic, { count: 0 })).toBe('لا رموز');
  });

  it('puts elements into placeholders as parts', () => {
    const strong = { element: 'strong' };
    expect(formatParts('en', 'Sign in to continue to {client}.', { client: strong })).toEqual([
      'Sign in to continue to ',
      strong,
      '.',
    ]);
  });

  it('formats dates for the language', () => {
    const day = Date.UTC(2030, 0, 31, 12);
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(createTranslator('de').date(day, options)).toBe('31. Januar 2030');
    expect(createTranslator('en').date(day, options)).toBe('January 31, 2030');
  });

  it('takes an admin override over the catalog, and the catalog for everything else', () => {
    const translator = createTranslator('de', { 'signIn.title': 'Einloggen' });
    expect(translator.t('signIn.title')).toBe('Einloggen');
    expect(translator.t('common.password')).toBe('Passwort');
  });
});

describe('choosing the language', () => {
  it('takes the first supported tag of ui_locales, by its primary language', () => {
    expect(negotiateUiLocales('tlh de-AT fr')).toBe('de');
    expect(negotiateUiLocales('AR-eg')).toBe('ar');
    expect(negotiateUiLocales('tlh x-klingon')).toBeNull();
    expect(negotiateUiLocales('')).toBeNull();
    expect(negotiate(['pt-BR', 'ja-JP', 'en'])).toBe('ja');
  });
});
