// Copies the committed SQL migrations beside the compiled server so `dist/db/migrate.js` finds them. The folder is
// replaced, not merged into: a migration renamed or removed in the source must not linger in `dist`, where the
// migrator would run it as well.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../packages/server/src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../packages/server/dist/db/migrations', import.meta.url));
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
