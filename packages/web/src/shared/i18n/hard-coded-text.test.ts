import { describe, expect, it } from 'vitest';
import { hardCodedText, stringLiterals } from './hard-coded-text';

// The parsers behind `npm run lint`'s catalog check (check-catalogs.ts), on small sources of their own.

describe('hardCodedText', () => {
  it('finds words written into JSX', () => {
    expect(hardCodedText('a.tsx', 'const a = <p title="Hello">Sign in</p>;')).toHaveLength(2);
    expect(hardCodedText('a.tsx', "const a = <p>{busy ? 'Signing in…' : t('x')}</p>;")).toHaveLength(1);
    // a template literal in JSX (split so that this file holds no `${` in a string)
    const template = 'const a = <Loading>{`Continuing to $' + '{name}…`}</Loading>;';
    expect(hardCodedText('a.tsx', template)).toHaveLength(1);
  });

  it('leaves looked-up text, data and class names alone', () => {
    expect(hardCodedText('a.tsx', "const a = <p className=\"lead\">{t('x')}{' '}{name}</p>;")).toEqual([]);
  });
});

describe('stringLiterals', () => {
  it('names every whole string, in code and in JSX attributes, and nothing in comments', () => {
    const source = [
      "// t('in.a.comment')",
      "const a = t('clients.title');",
      'const b = <Field label="clients.name" hint={`clients.hint`} />;',
      // a template literal with a placeholder (split so that this file holds no `${` in a string)
      'const c = `clients.$' + '{part}`;',
    ].join('\n');
    expect(stringLiterals('a.tsx', source)).toEqual(['clients.title', 'clients.name', 'clients.hint']);
  });
});
