import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardCodedText, sourceFiles } from '../shared/i18n/hard-coded-text';

/**
 * Every word the admin portal shows comes from its message catalog (admin/i18n, docs/languages.md#the-admin-portal):
 * each of its components is checked for text written into its JSX instead of looked up
 * (shared/i18n/hard-coded-text.ts).
 */
const ADMIN = import.meta.dirname;

describe('the admin portal takes every word from its message catalog', () => {
  for (const file of sourceFiles(ADMIN).map((path) => relative(ADMIN, path))) {
    it(`${file} shows no hard-coded text`, () => {
      expect(hardCodedText(file, readFileSync(join(ADMIN, file), 'utf8'))).toEqual([]);
    });
  }
});
