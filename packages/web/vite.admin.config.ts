import { rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = 'dist-admin';

/**
 * The admin portal's entry page is admin.html (index.html is the user UI's), but the server serves
 * dist-admin/index.html: rename it once it is written.
 */
function entryAsIndex(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: 'tessera-admin-entry-as-index',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await rename(join(outDir, 'admin.html'), join(outDir, 'index.html'));
    },
  };
}

/** In development, every page navigation gets the portal (as the server does), not the user UI's index.html. */
function portalForEveryPage(): Plugin {
  return {
    name: 'tessera-admin-dev-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '/';
        const api = ['/admin', '/install'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
        if (!api && request.method === 'GET' && request.headers.accept?.includes('text/html'))
          request.url = '/admin.html';
        next();
      });
    },
  };
}

// The admin port serves this build at / with the same strict CSP as the user UI (script-src 'self'
// 'wasm-unsafe-eval'; style-src 'self'), so the output must be plain files: no inline scripts, no inline styles,
// no data: URIs.
export default defineConfig({
  base: '/',
  plugins: [react(), entryAsIndex(), portalForEveryPage()],
  build: {
    outDir: OUT_DIR,
    // The server serves only dist-admin/assets/* (immutable cache) and dist-admin/index.html.
    assetsDir: 'assets',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: { input: { admin: fileURLToPath(new URL('admin.html', import.meta.url)) } },
  },
  server: {
    // `npm run dev:admin`: the portal with hot reload, its API calls sent to a running server's admin port.
    // (Regular expressions: a plain '/admin' prefix would also catch /admin.html.)
    proxy: Object.fromEntries(
      ['^/admin(/|$)', '^/install(/|$)'].map((path) => [
        path,
        process.env.TESSERA_ADMIN_URL ?? 'http://127.0.0.1:9081',
      ]),
    ),
  },
});
