import { defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts'];

// Server test files that open no database (pure functions, parsers, loopback HTTP): the PostgreSQL pass would only
// run them a second time. A file that starts using a database must leave this list.
const databaseFreeServerTests = [
  'app/banner',
  'app/error-description',
  'app/listener-drain',
  'app/module-resolution',
  'app/modules',
  'app/request-durations',
  'app/request-logger',
  'config/config',
  'control/socket-client',
  'crypto/ecdsa-signature',
  'crypto/seal',
  'keys/formats-agreement',
  'oauth/authorize-checks',
  'protocol/oauth/bearer',
  'protocol/oauth/errors',
  'oauth/discovery',
  'otp/totp',
  'outbound/address-policy',
  'outbound/fetch',
  'outbound/ssrf',
  'testing/api-types',
].map((name) => `packages/server/src/${name}.test.ts`);

// Server test files about PostgreSQL itself (its planner): they run in the PostgreSQL pass only, never on the
// embedded database.
const postgresOnlyServerTests = ['db/query-plans', 'orgs/directory-keys-race'].map(
  (name) => `packages/server/src/${name}.test.ts`,
);

// Node-side OPAQUE clients in these projects stretch passwords with one light Argon2id pass instead of the
// production default (packages/server/src/testing/opaque-stretching.ts); so do the browser tests' pages, unless a
// test asks for the production default (e2e/browser.ts).
const lightOpaque = { TESSERA_TEST_OPAQUE_STRETCHING: 'light' };

// Unit and integration tests run on the embedded database, then again on PostgreSQL when TEST_DATABASE_URL is
// set, then the browser tests: groupOrder runs the projects one after another.
export default defineConfig({
  test: {
    pool: 'forks',
    // Two cores: one test file per core keeps timing-sensitive tests honest.
    maxWorkers: 2,
    // A worker runs its test files one after another in one process: importing the server's module graph once per
    // worker instead of once per file saves about 3.5 s of CPU per file. Every file builds its own server and
    // database, and tests that fake timers, spy or stub the environment restore them (afterEach/finally).
    isolate: false,
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
          exclude: postgresOnlyServerTests,
          env: { TESSERA_TEST_DB: 'embedded', ...lightOpaque },
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
          env: { TESSERA_TEST_DB: 'embedded', ...lightOpaque },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          // The import rules' fixture tree holds a file named like a test, to show tests are exempt from the order.
          exclude: ['scripts/fixtures/**'],
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
                exclude: databaseFreeServerTests,
                env: { TESSERA_TEST_DB: 'postgres', ...lightOpaque },
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
          // The browser pages stretch with the same light pass (e2e/browser.ts), except where a test asks for the
          // production default.
          env: lightOpaque,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          // One file at a time: a browser test is CPU-bound (Chromium, the hosted UI's Argon2id, the server), and two
          // at once on two cores took longer in all (914 s of file time against 382 s serially, 2026-11-25; again with the
          // light key stretching: the pass had not finished after 9 minutes, against 5.6-8.5 serially).
          fileParallelism: false,
        },
      },
    ],
  },
});
