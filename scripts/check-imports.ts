// The import rules of the server (DESIGN §3), checked by `npm run lint`:
//   1. no import loops, type-only imports included;
//   2. a slice (a top-level folder of the source root) never imports another slice's store (`store.ts`,
//      `catalogue-store.ts`, any `*store*.ts`): it calls that slice's service instead. The composition root
//      (`app/context.ts`) builds the stores and the test helpers (`testing/`) seed them, so both are exempt.
// Module references come from the TypeScript compiler itself (each source file's `imports`: import and export
// declarations, `import()` calls and `import('...')` types), so no syntax slips past a text pattern.
//
// Usage: tsx scripts/check-imports.ts [tsconfig] [source root]
//        (defaults: packages/server/tsconfig.check.json packages/server/src)
import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from 'typescript/unstable/sync';

/** Files that may import any slice's store, relative to the source root. */
const STORE_RULE_EXEMPT = [/^app\/context\.ts$/, /^testing\//];

/** A store module: its SQL, which only its own slice may use. */
const STORE_FILE = /store[^/]*\.tsx?$/;

/** Files under the source root (relative, `/`-separated) and the files each imports, in import order. */
export interface ImportGraph {
  files: string[];
  imports: Map<string, string[]>;
}

export interface StoreImport {
  importer: string;
  store: string;
}

export interface ImportProblems {
  /** Each set of files that reach each other, with a shortest loop through its first file (listed twice). */
  loops: { files: string[]; example: string[] }[];
  storeImports: StoreImport[];
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
    return { files: inRoot.map(toKey).sort(), imports };
  } finally {
    api.close();
  }
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

export function checkImports(tsconfigPath: string, sourceRoot: string): ImportProblems {
  const graph = readImportGraph(tsconfigPath, sourceRoot);
  return { loops: findImportLoops(graph), storeImports: findForeignStoreImports(graph) };
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
  ];
}

function main(): void {
  const [tsconfig = 'packages/server/tsconfig.check.json', sourceRoot = 'packages/server/src'] =
    process.argv.slice(2);
  if (!existsSync(tsconfig)) throw new Error(`no such tsconfig: ${tsconfig}`);
  const lines = describeProblems(checkImports(tsconfig, sourceRoot));
  for (const line of lines) console.error(line);
  if (lines.length > 0) {
    console.error(`\n${lines.length} import rule violation(s) under ${sourceRoot} (DESIGN §3)`);
    process.exitCode = 1;
  } else {
    console.log(`import rules hold under ${sourceRoot}: no loops, no slice imports another slice's store`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
