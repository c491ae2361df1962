// Copies the committed SQL migrations beside the compiled server so `dist/db/migrate.js` finds them.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../packages/server/src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../packages/server/dist/db/migrations', import.meta.url));
cpSync(from, to, { recursive: true });
