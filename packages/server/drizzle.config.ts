import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from packages/server) writes the committed SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/tables.ts',
  out: './src/db/migrations',
});
