import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves this build under /ui/ with a strict CSP (script-src 'self'; style-src 'self'), so the output
// must be plain files: no inline scripts, no inline styles, no data: URIs.
export default defineConfig({
  base: '/ui/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The server serves only dist/assets/* (immutable cache) and dist/index.html; nothing else is reachable.
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every browser we support has native modulepreload; the polyfill would only add code.
    modulePreload: { polyfill: false },
    // Never inline assets as data: URIs: every asset is a hashed file under the CSP's 'self'.
    assetsInlineLimit: 0,
  },
});
