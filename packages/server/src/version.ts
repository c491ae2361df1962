import { readFileSync } from 'node:fs';

/**
 * The release's version: `version` of this package's package.json (one directory above src/ and dist/), which
 * `npm run release` checks is the root package.json's version. Read once, without importing JSON as a module, so
 * the compiled server finds it the same way in a checkout and in the release tarball.
 */
export const VERSION: string = (() => {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const version = (JSON.parse(text) as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
})();
