import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardCodedText, sourceFiles } from '../shared/i18n/hard-coded-text';

/**
 * Every word the hosted UI shows comes from the message catalogs (docs/languages.md): each component of the hosted
 * UI is checked for text written into its JSX instead of looked up (shared/i18n/hard-coded-text.ts).
 */
const WEB = join(import.meta.dirname, '..');

/** The hosted UI's components: its own and the shared ones (the admin portal has its own catalog). */
function hostedUiComponents(): string[] {
  return [...sourceFiles(join(WEB, 'user')), ...sourceFiles(join(WEB, 'shared'))].map((path) =>
    relative(WEB, path),
  );
}

describe('the hosted UI takes every word from the message catalogs', () => {
  const files = hostedUiComponents();

  it('finds hard-coded text where there is some', () => {
    expect(hardCodedText('a.tsx', 'const a = <p title="Hello">Sign in</p>;')).toHaveLength(2);
    expect(hardCodedText('a.tsx', "const a = <p>{busy ? 'Signing in…' : t('x')}</p>;")).toHaveLength(1);
    // a template literal in JSX (split so that this file holds no `${` in a string)
    const template = 'const a = <Loading>{`Continuing to $' + '{name}…`}</Loading>;';
    expect(hardCodedText('a.tsx', template)).toHaveLength(1);
    expect(hardCodedText('a.tsx', "const a = <p className=\"lead\">{t('x')}{' '}{name}</p>;")).toEqual([]);
  });

  for (const file of files) {
    it(`${file} shows no hard-coded text`, () => {
      expect(hardCodedText(file, readFileSync(join(WEB, file), 'utf8'))).toEqual([]);
    });
  }
});
