import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

/**
 * Every word the hosted UI shows comes from the message catalogs (docs/languages.md): this parses each component
 * of the hosted UI (with the parser Vite builds it with) and reports text written into the JSX instead of looked
 * up. It flags JSX text with letters in it, string literals with letters in JSX expressions (also inside
 * `a ? b : c`, `a || b`, template literals), and such strings in the attributes a user reads or hears.
 */
const WEB = join(import.meta.dirname, '..');
/** Attributes whose value a user sees or a screen reader speaks. */
const SPOKEN_ATTRIBUTES = new Set([
  'label',
  'title',
  'hint',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'legend',
  'description',
  'children',
]);

/** Components of the hosted UI whose text is not in the catalogs yet (English only): each still has some. */
const NOT_YET_TRANSLATED = new Set<string>([]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** An ESTree node as the parser gives it. */
interface AstNode {
  type: string;
  start: number;
  [member: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function children(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}
function tsxFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** The hosted UI's components: its own and the shared ones (the admin portal's are not translated). */
function hostedUiComponents(): string[] {
  return [...tsxFiles(join(WEB, 'user')), ...tsxFiles(join(WEB, 'shared'))].map((path) =>
    relative(WEB, path),
  );
}

/** Literal words in an expression that ends up on screen. */
function literalWords(node: AstNode, source: string): string[] {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasLetters(node.value) ? [node.value] : [];
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[];
      return quasis.some((quasi) => hasLetters(quasi.value.cooked))
        ? [source.slice(node.start, node.end as number)]
        : [];
    }
    case 'ParenthesizedExpression':
      return literalWords(node.expression as AstNode, source);
    case 'ConditionalExpression':
      return [
        ...literalWords(node.consequent as AstNode, source),
        ...literalWords(node.alternate as AstNode, source),
      ];
    case 'LogicalExpression':
      return [...literalWords(node.left as AstNode, source), ...literalWords(node.right as AstNode, source)];
    default:
      return [];
  }
}

/** The hard-coded words of one component file, with their offsets. */
export function hardCodedText(fileName: string, source: string): string[] {
  const program = parseAst(source, { lang: 'tsx' }, fileName) as unknown as AstNode;
  const found: string[] = [];
  const report = (node: AstNode, text: string) => found.push(`${fileName}@${node.start}: ${text.trim()}`);
  const visit = (node: AstNode) => {
    if (node.type === 'JSXText' && hasLetters(node.value as string)) report(node, node.value as string);
    else if (node.type === 'JSXExpressionContainer')
      for (const text of literalWords(node.expression as AstNode, source)) report(node, text);
    else if (node.type === 'JSXAttribute') {
      const name = (node.name as AstNode).name as string;
      const value = node.value as AstNode | null;
      if (SPOKEN_ATTRIBUTES.has(name) && value) {
        const expression = value.type === 'JSXExpressionContainer' ? (value.expression as AstNode) : value;
        for (const text of literalWords(expression, source)) report(node, `${name}=${text}`);
      }
      return;
    }
    for (const child of children(node)) visit(child);
  };
  visit(program);
  return found;
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

  for (const file of files.filter((name) => !NOT_YET_TRANSLATED.has(name))) {
    it(`${file} shows no hard-coded text`, () => {
      expect(hardCodedText(file, readFileSync(join(WEB, file), 'utf8'))).toEqual([]);
    });
  }

  it('lists as not yet translated only components that still have hard-coded text', () => {
    const translated = [...NOT_YET_TRANSLATED].filter(
      (file) => hardCodedText(file, readFileSync(join(WEB, file), 'utf8')).length === 0,
    );
    expect(translated).toEqual([]);
  });
});
