import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../shared/i18n/format';
import { sourceFiles } from '../../shared/i18n/hard-coded-text';
import { ADMIN_MESSAGE_AREAS, ADMIN_MESSAGES } from './messages';

const ADMIN = join(import.meta.dirname, '..');

/** The admin portal's source: its components and the modules they take text from. */
function adminSource(): string {
  return sourceFiles(ADMIN, ['.tsx', '.ts'])
    .filter((path) => !path.endsWith('.test.ts') && !path.includes('/i18n/'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

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

  it('has no message the portal never shows (each key is written out where it is used)', () => {
    const source = adminSource();
    const unused = Object.keys(ADMIN_MESSAGES).filter((key) => !source.includes(`'${key}'`));
    expect(unused).toEqual([]);
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
