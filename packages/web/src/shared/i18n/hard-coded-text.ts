import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/**
 * Finds words written into a component's JSX instead of looked up in a message catalog (docs/languages.md), for
 * `npm run lint`'s catalog check of the hosted UI and the admin portal (check-catalogs.ts): it parses each
 * component with the parser Vite builds it with and reports JSX text with letters in it, string literals with letters in JSX expressions (also
 * inside `a ? b : c`, `a || b`, template literals), and such strings in the attributes a user reads or hears.
 */

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
/** A TypeScript source parsed as Vite parses it (`.tsx` files with JSX). */
function parse(fileName: string, source: string): AstNode {
  const lang = fileName.endsWith('.tsx') ? 'tsx' : 'ts';
  return parseAst(source, { lang }, fileName) as unknown as AstNode;
}

/** The files under the directory (recursively) whose names end with one of the extensions: `.tsx` by default. */
export function sourceFiles(directory: string, extensions: readonly string[] = ['.tsx']): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
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
  const program = parse(fileName, source);
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

/**
 * Every whole string a source file writes out: string literals (JSX attribute values included) and template
 * literals without placeholders. For the check that each catalog message is named where it is used.
 */
export function stringLiterals(fileName: string, source: string): string[] {
  const program = parse(fileName, source);
  const found: string[] = [];
  const visit = (node: AstNode) => {
    if (node.type === 'Literal' && typeof node.value === 'string') found.push(node.value);
    else if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
      found.push((node.quasis as { value: { cooked: string } }[])[0]!.value.cooked);
    for (const child of children(node)) visit(child);
  };
  visit(program);
  return found;
}
