import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @tessera/client's package build as a page without a bundler loads it: an import map naming the SDK and its two
 * runtime dependencies (jose, oauth4webapi, resolved as Node resolves them for the package), and the module files
 * behind those names, served under `/sdk/`, `/sdk-deps/jose/` and `/sdk-deps/oauth4webapi/`.
 */

const require = createRequire(fileURLToPath(new URL('../packages/client/package.json', import.meta.url)));
const ROOTS: Record<string, string> = {
  '/sdk/': fileURLToPath(new URL('../packages/client/dist/', import.meta.url)),
  '/sdk-deps/jose/': dirname(require.resolve('jose')),
  '/sdk-deps/oauth4webapi/': dirname(require.resolve('oauth4webapi')),
};

export const SDK_IMPORT_MAP = `<script type="importmap">${JSON.stringify({
  imports: {
    '@tessera/client': '/sdk/index.js',
    jose: '/sdk-deps/jose/index.js',
    oauth4webapi: '/sdk-deps/oauth4webapi/index.js',
  },
})}</script>`;

/** The module at this URL path, or null when the path names none of the SDK's files. */
export async function sdkModule(path: string): Promise<Buffer | null> {
  for (const [prefix, root] of Object.entries(ROOTS)) {
    if (!path.startsWith(prefix) || !path.endsWith('.js')) continue;
    const file = join(root, path.slice(prefix.length));
    if (relative(root, file).startsWith('..')) return null;
    return readFile(file).catch(() => null);
  }
  return null;
}
