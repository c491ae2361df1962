import { defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts'];

// Unit and integration tests run on the embedded database, then again on PostgreSQL when TEST_DATABASE_URL is
// set, then the browser tests: groupOrder runs the projects one after another.
export default defineConfig({
  test: {
    pool: 'forks',
    // Two cores: one test file per core keeps timing-sensitive tests honest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test databases are copies of migrated templates, built here once per run (testing/database-templates.ts).
    globalSetup: ['packages/server/src/testing/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: serverTests,
          env: { TESSERA_TEST_DB: 'embedded' },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Browser-side code that runs in Node as well (the ZK cryptography is WebCrypto, globalThis.crypto).
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // @tessera/client against a real server in-process (the browser parts are under e2e/).
          name: 'client',
          include: ['packages/client/test/**/*.test.ts'],
          env: { TESSERA_TEST_DB: 'embedded' },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TESSERA_TEST_DB: 'postgres' },
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
