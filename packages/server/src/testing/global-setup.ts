import { ensureEmbeddedTemplate, ensurePostgresTemplate } from './database-templates.js';

/**
 * Vitest's global setup: the migrated template databases are built once, before any test process starts, rather
 * than by whichever test processes come first (testing/database-templates.ts).
 */
export default async function setup(): Promise<void> {
  await ensureEmbeddedTemplate();
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) await ensurePostgresTemplate(postgres);
}
