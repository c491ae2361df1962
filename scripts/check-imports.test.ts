import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, describeProblems } from './check-imports.js';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

describe('import rules', () => {
  it('reports loops (type-only and dynamic imports included) and stores imported by another slice', () => {
    const problems = checkImports(
      path('fixtures/import-rules/tsconfig.json'),
      path('fixtures/import-rules/src'),
    );
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
    ]);
  });

  it('finds the server source within the rules', () => {
    const problems = checkImports(
      path('../packages/server/tsconfig.check.json'),
      path('../packages/server/src'),
    );
    expect(describeProblems(problems)).toEqual([]);
  });
});
