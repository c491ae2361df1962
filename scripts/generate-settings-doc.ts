/**
 * Writes docs/settings.md from the settings and rate limits the server's modules define. Run after adding or
 * changing a setting: `npm run docs:settings`. scripts/settings-doc.test.ts fails while the committed file
 * differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentSettingsDoc, SETTINGS_DOC_PATH } from './settings-doc.js';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(join(root, SETTINGS_DOC_PATH), currentSettingsDoc());
console.log(`wrote ${SETTINGS_DOC_PATH}`);
