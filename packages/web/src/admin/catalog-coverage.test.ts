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

/** Components whose text is not in the catalog yet: each still has some, and the list only shrinks. */
const NOT_YET_IN_CATALOG = new Set<string>([]);

describe('the admin portal takes every word from its message catalog', () => {
  const files = sourceFiles(ADMIN).map((path) => relative(ADMIN, path));

  for (const file of files.filter((name) => !NOT_YET_IN_CATALOG.has(name))) {
    it(`${file} shows no hard-coded text`, () => {
      expect(hardCodedText(file, readFileSync(join(ADMIN, file), 'utf8'))).toEqual([]);
    });
  }

  it('lists as not yet in the catalog only components that still have hard-coded text', () => {
    const done = [...NOT_YET_IN_CATALOG].filter(
      (file) => hardCodedText(file, readFileSync(join(ADMIN, file), 'utf8')).length === 0,
    );
    expect(done).toEqual([]);
  });
});
