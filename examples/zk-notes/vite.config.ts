import { defineConfig } from 'vite';

// The back end (server/notes-server.ts) serves dist/ and the API from one origin.
export default defineConfig({
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
