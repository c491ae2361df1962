import { statSync } from 'node:fs';
import type { ResolveFnOutput, ResolveHookSync } from 'node:module';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Faster start-up of every `tessera` process that loads the database layer (each command that opens the database,
 * each server and worker). Node's ESM loader (Node 24), to learn the format of each `.js` file it resolves, reads
 * the package.json whose scope the file is in and copies its whole "exports" field into a fresh object: drizzle-orm
 * has a package.json of about 180 kB (some 450 export entries) and loads as some 450 files, so that reading took
 * about 1.5 s of CPU per process, more than loading everything else. Both kinds of import drizzle-orm's files go
 * through are answered here instead:
 *  - a relative `./x.js` or `../x.js` from one of its files names a file of the same package by URL resolution
 *    (https://nodejs.org/api/esm.html#resolution-algorithm), whose format is the one Node found for the package's
 *    first such file: drizzle-orm has one package.json, so one package scope and one format for its `.js` files;
 *  - a bare `drizzle-orm` or `drizzle-orm/...` from outside the package resolves to what Node resolved it to with
 *    the same conditions for an importer whose node_modules lookup (from its directory upwards) finds the same
 *    node_modules/drizzle-orm first: nothing else decides it.
 * Everything else goes to Node's own resolution unchanged. Where node:module has no registerHooks (Node 22 before
 * 22.15), nothing is registered and Node resolves everything as usual, only slower.
 */

const PACKAGE = 'drizzle-orm';
const PACKAGE_DIRECTORY = `/node_modules/${PACKAGE}/`;

/** The format Node found for the first relative import inside each copy of the package, by the copy's URL. */
const packageFormats = new Map<string, ResolveFnOutput['format']>();
const bareResolutions = new Map<string, ResolveFnOutput>();
/** For an importer's directory, the directory whose node_modules/drizzle-orm Node's lookup finds first, if any. */
const lookupBases = new Map<string, string | null>();

function lookupBase(directory: string): string | null {
  let base = lookupBases.get(directory);
  if (base !== undefined) return base;
  const up = dirname(directory);
  base = statSync(join(directory, 'node_modules', PACKAGE), { throwIfNoEntry: false })?.isDirectory()
    ? directory
    : up === directory
      ? null
      : lookupBase(up);
  lookupBases.set(directory, base);
  return base;
}

function isRelativeFile(specifier: string): boolean {
  return (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js');
}

/** A synchronous resolution hook (node:module registerHooks): see the comment at the top. */
export const resolve: ResolveHookSync = (specifier, context, nextResolve) => {
  const parent = context.parentURL;
  // A require() has no import attributes; an import with any is left to Node.
  if (parent === undefined || Object.keys(context.importAttributes ?? {}).length > 0)
    return nextResolve(specifier, context);
  const inPackage = parent.indexOf(PACKAGE_DIRECTORY);
  if (inPackage !== -1 && isRelativeFile(specifier) && parent.endsWith('.js')) {
    const root = parent.slice(0, inPackage + PACKAGE_DIRECTORY.length);
    const url = new URL(specifier, parent).href;
    const format = packageFormats.get(root);
    if (format && url.startsWith(root)) return { url, format, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    if (resolved.url === url && resolved.format) packageFormats.set(root, resolved.format);
    return resolved;
  }
  if (
    (specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`)) &&
    inPackage === -1 &&
    parent.startsWith('file:')
  ) {
    const base = lookupBase(dirname(fileURLToPath(parent)));
    if (base === null) return nextResolve(specifier, context);
    const key = `${specifier}\0${base}\0${context.conditions.join(',')}`;
    const known = bareResolutions.get(key);
    if (known) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    bareResolutions.set(key, resolved);
    return resolved;
  }
  return nextResolve(specifier, context);
};

/** Registers the hook where Node has registerHooks; call before the database layer is first imported. */
export function speedUpModuleResolution(): void {
  if (typeof nodeModule.registerHooks === 'function') nodeModule.registerHooks({ resolve });
}
