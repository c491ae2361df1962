/**
 * The built UIs: the production bundles carry no test switch (the light key stretching of
 * web/src/shared/opaque.ts, the marked messages of web/src/shared/i18n/translator.ts), which only the browser
 * tests' build has. Runs on the files `npm test` builds first
 * (`npm run build` and `npm run build:browser-tests` of this package).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../', import.meta.url));
/** The test switches: the light key stretching (shared/opaque.ts), the marked messages (i18n/translator.ts). */
const SWITCHES = ['tesseraTestKeyStretching', 'tesseraTestMarkMessages'];

/** The JavaScript of a build directory (every file under assets/). */
function scripts(build: string): string[] {
  const assets = join(WEB, build, 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  return files.map((name) => readFileSync(join(assets, name), 'utf8'));
}

describe('the built hosted UI and admin portal', () => {
  it('carry no test switch in the production build', () => {
    for (const build of ['dist', 'dist-admin']) {
      for (const name of SWITCHES) expect(scripts(build).filter((code) => code.includes(name))).toEqual([]);
    }
  });

  it('carry it in the browser tests’ build, which the test servers serve', () => {
    for (const build of ['dist-browser-tests', 'dist-admin-browser-tests']) {
      for (const name of SWITCHES) expect(scripts(build).some((code) => code.includes(name))).toBe(true);
    }
  });
});
