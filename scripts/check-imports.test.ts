import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../packages/server/src/app/modules.js';
import { checkImports, describeProblems, readImportGraph } from './check-imports.js';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const fixture = [path('fixtures/import-rules/tsconfig.json'), path('fixtures/import-rules/src')] as const;
const server = [path('../packages/server/tsconfig.check.json'), path('../packages/server/src')] as const;

describe('import rules', () => {
  it('reports loops (type-only and dynamic imports included) and stores imported by another slice', () => {
    const problems = checkImports(...fixture);
    expect(problems.loops).toEqual([
      {
        files: ['accounts/routes.ts', 'accounts/service.ts'],
        example: ['accounts/routes.ts', 'accounts/service.ts', 'accounts/routes.ts'],
      },
      {
        files: ['orgs/invites.ts', 'orgs/service.ts'],
        example: ['orgs/invites.ts', 'orgs/service.ts', 'orgs/invites.ts'],
      },
    ]);
    // Not reported: orgs/service.ts using its own catalogue-store.ts, app/context.ts and testing/ (exempt).
    expect(problems.storeImports).toEqual([
      { importer: 'oauth/service.ts', store: 'orgs/catalogue-store.ts' },
      { importer: 'orgs/service.ts', store: 'oauth/store.ts' },
    ]);
    expect(describeProblems(problems)).toEqual([
      'import loop of 2 file(s), e.g. accounts/routes.ts -> accounts/service.ts -> accounts/routes.ts',
      'import loop of 2 file(s), e.g. orgs/invites.ts -> orgs/service.ts -> orgs/invites.ts',
      "oauth/service.ts imports orgs/catalogue-store.ts, the store of slice 'orgs': call its service instead",
      "orgs/service.ts imports oauth/store.ts, the store of slice 'oauth': call its service instead",
      "accounts/apps.ts imports oauth/sign-in.ts: slice 'accounts' is listed before slice 'oauth' in app/modules.ts",
      "orgs/service.ts imports oauth/store.ts: slice 'orgs' is listed before slice 'oauth' in app/modules.ts",
      "db/all-tables.ts imports oauth/tables.ts: the floor 'db' imports no slice ('oauth' is listed in app/modules.ts)",
    ]);
  });

  it('reports a floor importing a slice', () => {
    // Not reported: db/all-tables.test.ts (a test), and app/ and testing/ importing slices (not floors).
    expect(checkImports(...fixture).floorImports).toEqual([
      { importer: 'db/all-tables.ts', target: 'oauth/tables.ts', floor: 'db', slice: 'oauth' },
    ]);
  });

  it('reports a slice importing a slice listed after it in app/modules.ts', () => {
    // The fixture lists accounts, orgs, oauth, in that order.
    expect(readImportGraph(...fixture).sliceOrder).toEqual(['accounts', 'orgs', 'oauth']);
    // Not reported: oauth/sign-in.ts using accounts and orgs (listed before it), accounts/apps.test.ts (a test),
    // app/ and testing/ (not listed), and oauth/service.ts's type from orgs (listed before it).
    expect(checkImports(...fixture).orderImports).toEqual([
      { importer: 'accounts/apps.ts', target: 'oauth/sign-in.ts', slice: 'accounts', laterSlice: 'oauth' },
      { importer: 'orgs/service.ts', target: 'oauth/store.ts', slice: 'orgs', laterSlice: 'oauth' },
    ]);
  });

  it("reads the server's module order from app/modules.ts", () => {
    // A slice's folder is its module's name in kebab case (`clientRegistration` lives in `client-registration/`).
    const folders = MODULES.map((module) =>
      module.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
    );
    expect(readImportGraph(...server).sliceOrder).toEqual(folders);
  });

  it('finds the server source within the rules', () => {
    const problems = checkImports(...server);
    expect(describeProblems(problems)).toEqual([]);
  });
});
