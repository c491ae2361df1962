import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../shared/i18n/format';
import { ADMIN_MESSAGE_AREAS, ADMIN_MESSAGES } from './messages';

// That every message is named by the portal's code is `npm run lint`'s check (shared/i18n/check-catalogs.ts).

describe("the admin portal's message catalog", () => {
  for (const [area, messages] of Object.entries(ADMIN_MESSAGE_AREAS)) {
    it(`${area}: every key starts with "${area}." and every text is written`, () => {
      for (const [key, message] of Object.entries(messages)) {
        expect(key.startsWith(`${area}.`), key).toBe(true);
        const texts = typeof message === 'string' ? [message] : Object.values(message);
        for (const text of texts) expect({ key, text }).not.toEqual({ key, text: '' });
        if (typeof message !== 'string') expect(message).toHaveProperty('one');
      }
    });
  }

  it('holds every area once, so no key is defined twice', () => {
    const areaKeys = Object.values(ADMIN_MESSAGE_AREAS).flatMap((area) => Object.keys(area));
    expect(Object.keys(ADMIN_MESSAGES)).toHaveLength(areaKeys.length);
  });

  it('fills placeholders the same way in every plural form', () => {
    for (const [key, message] of Object.entries(ADMIN_MESSAGES)) {
      if (typeof message === 'string') continue;
      for (const form of Object.values(message))
        expect({ key, placeholders: placeholdersOf(form) }).toEqual({
          key,
          placeholders: placeholdersOf(message),
        });
    }
  });
});
