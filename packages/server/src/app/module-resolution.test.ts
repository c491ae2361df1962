/**
 * The resolution hook answers drizzle-orm's imports itself (app/module-resolution.ts); whatever it answers must be
 * what Node would have: two processes import the entry points the server imports, one with the hook and one
 * without, and a recording hook ahead of it notes every drizzle-orm module URL and format that comes out. The two
 * records must be the same, and the hook must have answered most of them itself (else it saves nothing).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtServerEntry } from '../testing/built-server.js';

const run = promisify(execFile);

/** The drizzle-orm entry points the server's sources import. */
const ENTRY_POINTS = [
  'drizzle-orm',
  'drizzle-orm/pg-core',
  'drizzle-orm/pglite',
  'drizzle-orm/node-postgres',
];

/**
 * Prints, as JSON, each drizzle-orm URL resolved with its format, and how many drizzle-orm resolutions reached
 * Node's own resolver: hooks run last-registered first, so one registered before the hook under test sits right
 * above Node's resolver and one registered after it sees what the whole chain answered.
 */
function recordingScript(hookModule: string | null): string {
  return `
import { registerHooks } from 'node:module';
const isDrizzle = (url) => url.includes('/node_modules/drizzle-orm/');
let reachedNode = 0;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const answer = nextResolve(specifier, context);
    if (isDrizzle(answer.url)) reachedNode += 1;
    return answer;
  },
});
${hookModule ? `(await import(${JSON.stringify(hookModule)})).speedUpModuleResolution();` : ''}
const resolved = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const answer = nextResolve(specifier, context);
    if (isDrizzle(answer.url)) resolved.add(answer.url + ' ' + answer.format);
    return answer;
  },
});
for (const entry of ${JSON.stringify(ENTRY_POINTS)}) await import(entry);
console.log(JSON.stringify({ resolved: [...resolved].sort(), reachedNode }));
`;
}

async function record(cwd: string, hookModule: string | null) {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '--eval', recordingScript(hookModule)],
    { cwd, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as { resolved: string[]; reachedNode: number };
}

describe('drizzle-orm module resolution hook', () => {
  it('resolves every drizzle-orm module to the URL and format Node does, answering most itself', async () => {
    const entry = await builtServerEntry();
    const serverDirectory = join(entry, '..', '..');
    const hookModule = pathToFileURL(join(entry, '..', 'app', 'module-resolution.js')).href;
    const [withHook, withoutHook] = await Promise.all([
      record(serverDirectory, hookModule),
      record(serverDirectory, null),
    ]);
    expect(withoutHook.resolved.length).toBeGreaterThan(100);
    expect(withHook.resolved).toEqual(withoutHook.resolved);
    expect(withoutHook.reachedNode).toBeGreaterThanOrEqual(withoutHook.resolved.length);
    expect(withHook.reachedNode).toBeLessThan(withoutHook.reachedNode / 4);
  }, 120_000);
});
