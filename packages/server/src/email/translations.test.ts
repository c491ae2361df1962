import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../config/ui-locales.js';
import { DEFAULT_TEMPLATES, renderEmail, TEMPLATE_NAMES, type TemplateContent } from './templates.js';
import { builtInContent } from './translations.js';

const variablesOf = (content: TemplateContent) =>
  [
    ...new Set(
      [content.subject, ...content.paragraphs, content.action_label].join(' ').match(/\{\{\w+\}\}/g),
    ),
  ].sort();

describe('the built-in email templates in every language', () => {
  for (const locale of UI_LOCALES) {
    it(`${locale}: every template, with the variables English uses`, () => {
      for (const name of TEMPLATE_NAMES) {
        const content = builtInContent(name, locale);
        expect({ name, variables: variablesOf(content) }).toEqual({
          name,
          variables: variablesOf(DEFAULT_TEMPLATES[name].content),
        });
        if (locale !== 'en') expect(content.subject).not.toBe(DEFAULT_TEMPLATES[name].content.subject);
        // Each one renders: the link follows the translated paragraphs.
        const rendered = renderEmail(
          name,
          { product: 'Acme', email: 'a@example.com', link: 'https://x/y' },
          content,
        );
        expect(rendered.text).toContain(`${content.action_label}: https://x/y`);
      }
    });
  }

  it('falls back to English for a language it does not have', () => {
    expect(builtInContent('password_reset', 'tlh')).toBe(DEFAULT_TEMPLATES.password_reset.content);
    expect(builtInContent('password_reset', null)).toBe(DEFAULT_TEMPLATES.password_reset.content);
  });
});
