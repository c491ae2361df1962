import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/*
 * Tests that run `tessera` as its own process run the compiled server (`packages/server/dist/main.js`, what
 * `npm start` and the package's bin run), not the TypeScript through tsx: tsx spends about two seconds of every
 * start compiling. So that such a test never runs stale code, the build records a hash of the sources it was
 * built from, and the first test process that finds it out of date builds again (under a lock, once).
 */

const PACKAGE_DIRECTORY = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRECTORY = join(PACKAGE_DIRECTORY, 'src');
const DIST_DIRECTORY = join(PACKAGE_DIRECTORY, 'dist');
/** The compiled `tessera` command. */
export const SERVER_ENTRY = join(DIST_DIRECTORY, 'main.js');
const STAMP = join(DIST_DIRECTORY, '.source-hash');
const LOCK = join(DIST_DIRECTORY, '.build-lock');
/** A lock older than this was left by a process that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

/** What `npm run build -w @tessera/server` compiles and copies: src without tests and test helpers. */
function isBuildInput(path: string): boolean {
  const inside = relative(SOURCE_DIRECTORY, path);
  return !inside.startsWith('testing/') && !path.endsWith('.test.ts');
}

function sourceHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(SOURCE_DIRECTORY, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(isBuildInput)
    .sort();
  for (const file of [
    ...files,
    join(PACKAGE_DIRECTORY, 'tsconfig.json'),
    join(PACKAGE_DIRECTORY, '../../tsconfig.base.json'),
  ]) {
    hash.update(`${relative(PACKAGE_DIRECTORY, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function builtHash(): string | null {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return null;
  }
}

function takeLock(): boolean {
  try {
    mkdirSync(DIST_DIRECTORY, { recursive: true });
    mkdirSync(LOCK);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

async function buildUpToDate(): Promise<void> {
  const wanted = sourceHash();
  while (builtHash() !== wanted) {
    if (!takeLock()) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (builtHash() === wanted) return;
      await promisify(execFile)('npm', ['run', 'build', '-w', '@tessera/server'], {
        cwd: join(PACKAGE_DIRECTORY, '../..'),
      });
      writeFileSync(STAMP, wanted);
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

let built: Promise<string> | undefined;

/** The path of the compiled `tessera` command, built first if the sources changed since the last build. */
export function builtServerEntry(): Promise<string> {
  built ??= buildUpToDate().then(() => SERVER_ENTRY);
  return built;
}
