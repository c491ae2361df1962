/**
 * The message catalogs' source checks (docs/languages.md), run by `npm run lint`:
 * - no component of the hosted UI (its own and the shared ones) or of the admin portal writes words into its JSX
 *   instead of taking them from a catalog (hardCodedText);
 * - every message of the admin portal's catalog is named, as a whole string, somewhere in the portal's code (each
 *   key is written out where it is used, never built from parts), so the catalog holds no message nobody shows.
 * Prints what it finds and exits 1, or prints one line and exits 0.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ADMIN_MESSAGES } from '../../admin/i18n/messages';
import { hardCodedText, sourceFiles, stringLiterals } from './hard-coded-text';

const WEB = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(path, 'utf8');

/** The components checked for hard-coded text: the hosted UI's (user/, shared/) and the admin portal's. */
const components = ['user', 'shared', 'admin'].flatMap((area) => sourceFiles(join(WEB, area)));
const hardCoded = components.flatMap((path) => hardCodedText(relative(WEB, path), read(path)));

/** The admin portal's code that shows messages: its components and the modules they use, not its catalog or tests. */
const adminCode = sourceFiles(join(WEB, 'admin'), ['.tsx', '.ts']).filter(
  (path) => !path.endsWith('.test.ts') && !path.includes('/i18n/'),
);
const named = new Set(adminCode.flatMap((path) => stringLiterals(relative(WEB, path), read(path))));
const unused = Object.keys(ADMIN_MESSAGES).filter((key) => !named.has(key));

for (const found of hardCoded) console.error(`hard-coded text (take it from the catalog): ${found}`);
for (const key of unused) console.error(`admin message no code names: ${key}`);
if (hardCoded.length > 0 || unused.length > 0) process.exit(1);
console.log(
  `catalogs hold: ${components.length} components take every word from a catalog, and the admin portal names all ${Object.keys(ADMIN_MESSAGES).length} of its messages`,
);
