// The import rules of the server (DEVELOPERS.md#rules-the-code-enforces), checked by `npm run lint`:
//   1. no import loops, type-only imports included;
//   2. a slice (a top-level folder of the source root) never imports another slice's store (`store.ts`,
//      `catalogue-store.ts`, any `*store*.ts`): it calls that slice's service instead. The composition root
//      (`app/context.ts`) builds the stores and the test helpers (`testing/`) seed them, so both are exempt;
//   3. the slices listed in `app/modules.ts` (LISTED_MODULES, the dependency order) import only slices listed
//      before them: a file of a listed slice never imports a file of a slice listed after it. Tests (`*.test.ts`)
//      are exempt. Folders that are not listed there (the floors `db`, `crypto`, `config`, `audit`, `outbound`,
//      `protocol`, `app`; the composition root `control/`, `main.ts`, `testing/`) are neither judged nor protected
//      by this rule: what they import, and a slice importing them, is left to rules 1, 2 and 4;
//   4. the shared floors every slice may import (`db`, `crypto`, `config`, `audit`, `outbound`, `protocol`,
//      `telemetry`) import no listed slice, so that nothing a slice builds on depends on a slice. What needs every
//      slice's part (the tables, the settings, the purges) gathers it from the module list or a file pattern, not
//      from a floor. Tests are exempt; `app/` is not a floor here (it holds the composition root).
// Module references come from the TypeScript compiler itself (each source file's `imports`: import and export
// declarations, `import()` calls and `import('...')` types), so no syntax slips past a text pattern.
//
// Usage: tsx scripts/check-imports.ts [tsconfig] [source root]
//        (defaults: packages/server/tsconfig.check.json packages/server/src)
import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Expression, SourceFile } from 'typescript/unstable/ast';
import {
  isArrayLiteralExpression,
  isAsExpression,
  isIdentifier,
  isImportDeclaration,
  isNamedImports,
  isParenthesizedExpression,
  isSatisfiesExpression,
  isStringLiteral,
  isVariableStatement,
} from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';

/** Files that may import any slice's store, relative to the source root. */
const STORE_RULE_EXEMPT = [/^app\/context\.ts$/, /^testing\//];

/** A store module: its SQL, which only its own slice may use. */
const STORE_FILE = /store[^/]*\.tsx?$/;

/** The composition root's list of modules, relative to the source root, and the array in it that orders them. */
export const MODULE_LIST_FILE = 'app/modules.ts';
const MODULE_LIST_NAME = 'LISTED_MODULES';

/** Files the order and floor rules do not judge: tests use whatever they exercise. */
const ORDER_RULE_EXEMPT = [/\.test\.tsx?$/];

/** The floors every slice builds on, which import no listed slice (rule 4). */
export const FLOORS = ['db', 'crypto', 'config', 'audit', 'outbound', 'protocol', 'telemetry'];

/** Files under the source root (relative, `/`-separated) and the files each imports, in import order. */
export interface ImportGraph {
  files: string[];
  imports: Map<string, string[]>;
  /** The slices (folders) `app/modules.ts` lists, in its order; empty when the source root has no such file. */
  sliceOrder: string[];
}

export interface StoreImport {
  importer: string;
  store: string;
}

/** A file of slice `slice` importing a file of `laterSlice`, which app/modules.ts lists after it. */
export interface OrderImport {
  importer: string;
  target: string;
  slice: string;
  laterSlice: string;
}

/** A file of floor `floor` importing a file of the listed slice `slice`. */
export interface FloorImport {
  importer: string;
  target: string;
  floor: string;
  slice: string;
}

export interface ImportProblems {
  /** Each set of files that reach each other, with a shortest loop through its first file (listed twice). */
  loops: { files: string[]; example: string[] }[];
  storeImports: StoreImport[];
  orderImports: OrderImport[];
  floorImports: FloorImport[];
}

/** Reads every module reference of the project's files under the source root, as the compiler sees them. */
export function readImportGraph(tsconfigPath: string, sourceRoot: string): ImportGraph {
  const tsconfig = resolve(tsconfigPath);
  const root = resolve(sourceRoot);
  const api = new API({ cwd: dirname(tsconfig) });
  try {
    const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig);
    if (!project) throw new Error(`TypeScript did not load the project ${tsconfig}`);
    const program = project.program;
    const inRoot = program
      .getSourceFileNames()
      .map((name) => resolve(name))
      .filter((name) => name.startsWith(root + sep) && !name.endsWith('.d.ts'));
    const known = new Set(inRoot);
    const toKey = (file: string) => relative(root, file).split(sep).join('/');
    const imports = new Map<string, string[]>();
    for (const file of inRoot) {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`TypeScript has no source for ${file}`);
      const targets: string[] = [];
      for (const reference of source.imports) {
        const specifier = (reference as { text?: string }).text;
        if (!specifier?.startsWith('.')) continue;
        const target = resolveRelative(file, specifier, known);
        if (target && !targets.includes(toKey(target))) targets.push(toKey(target));
      }
      imports.set(toKey(file), targets);
    }
    const moduleList = program.getSourceFile(resolve(root, MODULE_LIST_FILE));
    const sliceOrder = moduleList ? readSliceOrder(moduleList, root) : [];
    return { files: inRoot.map(toKey).sort(), imports, sliceOrder };
  } finally {
    api.close();
  }
}

/**
 * The folders of the modules in `LISTED_MODULES`, in its order: each element is an identifier that one of the
 * file's import declarations brings in, and the folder is where that declaration's module lives
 * (`import { accountsModule } from '../accounts/index.js'` -> `accounts`). Anything else there is an error, so the
 * rule cannot quietly stop checking when the list changes shape.
 */
function readSliceOrder(source: SourceFile, root: string): string[] {
  const where = `${MODULE_LIST_FILE}'s ${MODULE_LIST_NAME}`;
  const folderOf = new Map<string, string>();
  let list: Expression | undefined;
  for (const statement of source.statements) {
    if (isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (!isStringLiteral(statement.moduleSpecifier) || !bindings || !isNamedImports(bindings)) continue;
      const target = resolve(dirname(resolve(root, MODULE_LIST_FILE)), statement.moduleSpecifier.text);
      const folder = sliceOf(relative(root, target).split(sep).join('/'));
      for (const element of bindings.elements) folderOf.set(element.name.text, folder);
    } else if (isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (isIdentifier(declaration.name) && declaration.name.text === MODULE_LIST_NAME)
          list = declaration.initializer;
      }
    }
  }
  while (list && (isAsExpression(list) || isSatisfiesExpression(list) || isParenthesizedExpression(list)))
    list = list.expression;
  if (!list || !isArrayLiteralExpression(list))
    throw new Error(`${where} is not found as an array literal: the module order cannot be read`);
  return list.elements.map((element) => {
    const folder = isIdentifier(element) ? folderOf.get(element.text) : undefined;
    if (folder === undefined || folder === '' || folder.startsWith('..'))
      throw new Error(`${where}: each element must be a module imported from a slice's folder`);
    return folder;
  });
}

/** `./x.js` names the source `./x.ts` (NodeNext); a folder names its index. */
function resolveRelative(importer: string, specifier: string, known: Set<string>): string | null {
  const base = resolve(dirname(importer), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${base}/index.ts`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Sets of files that import each other, directly or round about (strongly connected components, Tarjan). */
export function findImportLoops(graph: ImportGraph): ImportProblems['loops'] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: ImportProblems['loops'] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.imports.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(target)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const importsItself = graph.imports.get(file)?.includes(file) ?? false;
    if (component.length > 1 || importsItself) {
      const files = component.sort();
      loops.push({ files, example: shortestLoop(graph, files) });
    }
  };
  for (const file of graph.files) if (!order.has(file)) visit(file);
  return loops.sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** A shortest path from the component's first file back to itself, staying inside the component. */
function shortestLoop(graph: ImportGraph, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.imports.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = file; step !== start; step = previous.get(step)!) path.unshift(step);
        path.unshift(start);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The slice of a file: its top-level folder under the source root ('' for files at the root). */
function sliceOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

export function findForeignStoreImports(graph: ImportGraph): StoreImport[] {
  const found: StoreImport[] = [];
  for (const importer of graph.files) {
    if (STORE_RULE_EXEMPT.some((pattern) => pattern.test(importer))) continue;
    for (const target of graph.imports.get(importer) ?? []) {
      if (STORE_FILE.test(basename(target)) && sliceOf(target) !== sliceOf(importer)) {
        found.push({ importer, store: target });
      }
    }
  }
  return found;
}

/** Imports from a listed slice's file into a slice listed after it (tests exempt). */
export function findOrderImports(graph: ImportGraph): OrderImport[] {
  const position = new Map(graph.sliceOrder.map((slice, index) => [slice, index]));
  const found: OrderImport[] = [];
  for (const importer of graph.files) {
    if (ORDER_RULE_EXEMPT.some((pattern) => pattern.test(importer))) continue;
    const slice = sliceOf(importer);
    const at = position.get(slice);
    if (at === undefined) continue;
    for (const target of graph.imports.get(importer) ?? []) {
      const laterSlice = sliceOf(target);
      if ((position.get(laterSlice) ?? -1) > at) found.push({ importer, target, slice, laterSlice });
    }
  }
  return found;
}

/** Imports from a floor's file into a listed slice (tests exempt). */
export function findFloorImports(graph: ImportGraph): FloorImport[] {
  const slices = new Set(graph.sliceOrder);
  const found: FloorImport[] = [];
  for (const importer of graph.files) {
    const floor = sliceOf(importer);
    if (!FLOORS.includes(floor) || ORDER_RULE_EXEMPT.some((pattern) => pattern.test(importer))) continue;
    for (const target of graph.imports.get(importer) ?? []) {
      const slice = sliceOf(target);
      if (slices.has(slice)) found.push({ importer, target, floor, slice });
    }
  }
  return found;
}

export function checkImports(tsconfigPath: string, sourceRoot: string): ImportProblems {
  const graph = readImportGraph(tsconfigPath, sourceRoot);
  return {
    loops: findImportLoops(graph),
    storeImports: findForeignStoreImports(graph),
    orderImports: findOrderImports(graph),
    floorImports: findFloorImports(graph),
  };
}

export function describeProblems(problems: ImportProblems): string[] {
  return [
    ...problems.loops.map(
      (loop) =>
        `import loop of ${loop.files.length} file(s), e.g. ${loop.example.join(' -> ')}` +
        (loop.files.length > loop.example.length - 1 ? `\n  all files in it: ${loop.files.join(', ')}` : ''),
    ),
    ...problems.storeImports.map(
      ({ importer, store }) =>
        `${importer} imports ${store}, the store of slice '${sliceOf(store)}': call its service instead`,
    ),
    ...problems.orderImports.map(
      ({ importer, target, slice, laterSlice }) =>
        `${importer} imports ${target}: slice '${slice}' is listed before slice '${laterSlice}' in ${MODULE_LIST_FILE}`,
    ),
    ...problems.floorImports.map(
      ({ importer, target, floor, slice }) =>
        `${importer} imports ${target}: the floor '${floor}' imports no slice ('${slice}' is listed in ${MODULE_LIST_FILE})`,
    ),
  ];
}

function main(): void {
  const [tsconfig = 'packages/server/tsconfig.check.json', sourceRoot = 'packages/server/src'] =
    process.argv.slice(2);
  if (!existsSync(tsconfig)) throw new Error(`no such tsconfig: ${tsconfig}`);
  const lines = describeProblems(checkImports(tsconfig, sourceRoot));
  for (const line of lines) console.error(line);
  if (lines.length > 0) {
    console.error(`\n${lines.length} import rule violation(s) under ${sourceRoot} (DEVELOPERS.md)`);
    process.exitCode = 1;
  } else {
    console.log(
      `import rules hold under ${sourceRoot}: no loops, no slice imports another slice's store or a slice listed after it, no floor imports a slice`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
