/**
 * Writes the web apps' API types (packages/web/src/shared/api-types/) from both ports' OpenAPI documents.
 * Run after changing a route schema: `npm run generate:api-types`. packages/server/src/testing/api-types.test.ts
 * fails while the committed files differ from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedApiTypeFiles } from '../packages/server/src/testing/api-types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [path, text] of Object.entries(await generatedApiTypeFiles())) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
