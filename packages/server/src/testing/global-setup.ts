import { builtServerEntry } from './built-server.js';
import { ensureEmbeddedTemplateDirectory, ensurePostgresTemplate } from './database-templates.js';

/**
 * Vitest's global setup: the migrated template databases (testing/database-templates.ts) and the compiled server
 * the process tests spawn (testing/built-server.ts, rebuilt only when its sources changed) are made once, before
 * any test process starts, rather than by whichever test comes first, inside its own timeout.
 */
export default async function setup(): Promise<void> {
  await builtServerEntry();
  await ensureEmbeddedTemplateDirectory();
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) await ensurePostgresTemplate(postgres);
}
