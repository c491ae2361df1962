/**
 * DEVELOPERS.md's "Adding a slice", followed step by step on a copy of the server's source: the example slice
 * (scripts/fixtures/example-slice/greetings) goes in as its own folder, app/modules.ts gets its import and its place
 * in LISTED_MODULES, and drizzle-kit generates the migration of the slice's table, finding it by itself; nothing
 * else changes. The copy then passes the import rules and the typecheck, serves the slice's route from its table,
 * lists its setting under its title, and audits its action.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImports, describeProblems, readImportGraph } from './check-imports.js';

const run = promisify(execFile);
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const SERVER = path('../packages/server');

/** The walkthrough's step 2: one import beside the other slices' and one entry, after the last listed slice. */
function addToModuleList(source: string): string {
  const sliceImports = [...source.matchAll(/^import \{ \w+Module \} from '\.\.\/[\w-]+\/index\.js';\n/gm)];
  const lastImport = sliceImports.at(-1);
  const listEnd = source.indexOf('] as const satisfies readonly SliceModule[]');
  if (lastImport?.index === undefined || listEnd < 0) throw new Error('app/modules.ts changed shape');
  const afterImports = lastImport.index + lastImport[0].length;
  return (
    source.slice(0, afterImports) +
    "import { greetingsModule } from '../greetings/index.js';\n" +
    source.slice(afterImports, listEnd) +
    '  greetingsModule,\n' +
    source.slice(listEnd)
  );
}

/** Every file under `directory`, relative to it, `/`-separated. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

let tree: string;

beforeAll(async () => {
  // Inside packages/server, so the copy resolves the same packages.
  tree = mkdtempSync(join(SERVER, '.slice-walkthrough-'));
  cpSync(join(SERVER, 'src'), join(tree, 'src'), {
    recursive: true,
    filter: (source) => !source.endsWith('.test.ts'),
  });
  cpSync(join(SERVER, 'package.json'), join(tree, 'package.json'));
  cpSync(join(SERVER, 'drizzle.config.ts'), join(tree, 'drizzle.config.ts'));
  writeFileSync(
    join(tree, 'tsconfig.json'),
    JSON.stringify({
      extends: join(SERVER, 'tsconfig.check.json'),
      compilerOptions: { rootDir: 'src' },
      include: ['src'],
      exclude: [],
    }),
  );
  // Step 1: the slice's folder.
  cpSync(path('fixtures/example-slice/greetings'), join(tree, 'src/greetings'), { recursive: true });
  // Step 2: its line in the module list.
  const modules = join(tree, 'src/app/modules.ts');
  writeFileSync(modules, addToModuleList(readFileSync(modules, 'utf8')));
  // Step 3: its table's migration, generated.
  await run(path('../node_modules/.bin/drizzle-kit'), ['generate', '--name', 'greetings'], { cwd: tree });
}, 120_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('adding a slice (DEVELOPERS.md)', () => {
  it("changes only the slice's folder, its line in the module list and its generated migration", () => {
    const original = new Set(filesUnder(join(SERVER, 'src')).filter((file) => !file.endsWith('.test.ts')));
    const changed = filesUnder(join(tree, 'src')).filter(
      (file) =>
        !original.has(file) ||
        !readFileSync(join(tree, 'src', file)).equals(readFileSync(join(SERVER, 'src', file))),
    );
    const migrations = [...original].filter((file) => /^db\/migrations\/\d{4}_.*\.sql$/.test(file)).length;
    const number = String(migrations).padStart(4, '0');
    expect(changed).toEqual([
      'app/modules.ts',
      `db/migrations/${number}_greetings.sql`,
      `db/migrations/meta/${number}_snapshot.json`,
      'db/migrations/meta/_journal.json',
      ...filesUnder(path('fixtures/example-slice/greetings')).map((file) => `greetings/${file}`),
    ]);
    // drizzle-kit found the slice's tables.ts with nobody listing it, and the migration creates that table only.
    const statements = readFileSync(join(tree, 'src', `db/migrations/${number}_greetings.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim());
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^CREATE TABLE "greeting_counts" \(/);
  });

  it('keeps the import rules, with the new slice last in the order', { timeout: 120_000 }, () => {
    const config = join(tree, 'tsconfig.json');
    expect(readImportGraph(config, join(tree, 'src')).sliceOrder.at(-1)).toBe('greetings');
    expect(describeProblems(checkImports(config, join(tree, 'src')))).toEqual([]);
  });

  it('typechecks: its setting key, audit action, error code and context group are typed', async () => {
    const tsc = path('../node_modules/.bin/tsc');
    const { stdout } = await run(tsc, ['-p', join(tree, 'tsconfig.json')]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(stdout).toBe('');
  }, 300_000);

  it('serves its route from its table, lists its setting under its title and audits its action', async () => {
    const { startTestServer } = await import(join(tree, 'src/testing/server.ts'));
    const { adminFetch, adminSignIn, installViaApi } = await import(join(tree, 'src/testing/admin.ts'));
    const server = await startTestServer();
    try {
      const hello = await fetch(`${server.publicUrl}/api/greetings/Ada`);
      expect(hello.status).toBe(200);
      expect(await hello.json()).toEqual({ greeting: 'Hello, Ada!', times: 1 });
      const again = await fetch(`${server.publicUrl}/api/greetings/Ada`);
      expect(await again.json()).toEqual({ greeting: 'Hello, Ada!', times: 2 });
      const refused = await fetch(`${server.publicUrl}/api/greetings/${encodeURIComponent('<b>')}`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('name_refused');

      await installViaApi(server, 'admin@walkthrough.example', 'walkthrough-Password-1');
      const admin = await adminSignIn(server, 'admin@walkthrough.example', 'walkthrough-Password-1');
      const settings = await adminFetch(server, admin, 'GET', '/admin/settings');
      const listed = (settings.json.settings as { key: string; group: string; value: unknown }[]).find(
        (setting) => setting.key === 'greetings.salutation',
      );
      expect(listed).toMatchObject({ group: 'Greetings', value: 'Hello' });
      const actions = await adminFetch(server, admin, 'GET', '/admin/audit/actions');
      expect(actions.json.actions).toContain('greeting.sent');
      const audited = await adminFetch(server, admin, 'GET', '/admin/audit?action=greeting.sent');
      expect(audited.json.events).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 300_000);
});
