import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type pino from 'pino';
import { UNDECLARED_ERROR_MESSAGE } from '../app/error-declarations.js';
import { createLogger } from '../app/logging.js';
import { type RunningServer, startServer } from '../app/server.js';
import { type Config, loadConfig } from '../config/config.js';
import { newKekText } from '../crypto/keyring.js';
import type { Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { freePortPair } from './ports.js';

export { freePort, freePortPair } from './ports.js';

/** Log lines captured from a test server, as parsed JSON objects and as the raw text. */
export class CapturedLogs {
  readonly lines: string[] = [];
  readonly stream = new Writable({
    write: (chunk, _encoding, callback) => {
      for (const line of String(chunk).split('\n')) if (line) this.lines.push(line);
      callback();
    },
  });
  text(): string {
    return this.lines.join('\n');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export interface TestServer extends RunningServer {
  logs: CapturedLogs;
  config: Config;
  /**
   * The database the server runs on, for tests that arrange or inspect rows directly (an expired token, a table's
   * size). The server's context has no database handle: its code goes through services.
   */
  database: Database;
}

/** Where a server answers and how it is configured: all a client-side helper needs, in-process or spawned. */
/** `npm run build:browser-tests -w @tessera/web` writes these (`npm test` runs it). */
const BROWSER_TESTS_UI_DIR = fileURLToPath(new URL('../../../web/dist-browser-tests/', import.meta.url));
const BROWSER_TESTS_ADMIN_UI_DIR = fileURLToPath(
  new URL('../../../web/dist-admin-browser-tests/', import.meta.url),
);

export type ServerEndpoints = Pick<TestServer, 'publicUrl' | 'adminUrl' | 'config'>;

export interface TestServerOptions {
  env?: Record<string, string>;
  database?: Database;
  uiDirectory?: string;
  keyMaintenanceMs?: number;
  /** Housekeeping timer; off unless asked for (tests call `context.housekeeping.runOnce()`). */
  housekeepingMs?: number;
  /**
   * The host name of the base URL (default 127.0.0.1). WebAuthn tests use `localhost`: an IP address is not a
   * valid RP ID (WebAuthn Level 3 §5.1.3), and browsers treat localhost as a secure context.
   */
  publicHostName?: 'localhost';
  /** The public and admin ports each start attempt tries; default: two found free a moment before (testing/ports.ts). */
  ports?: () => Promise<[number, number]>;
}

/** Environment for a test server: ephemeral loopback ports, a random KEK, quiet but captured logs. */
export function testEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  return {
    TESSERA_PUBLIC_PORT: '0',
    TESSERA_ADMIN_PORT: '0',
    TESSERA_PUBLIC_HOST: '127.0.0.1',
    TESSERA_ADMIN_HOST: '127.0.0.1',
    TESSERA_BASE_URL: 'http://localhost:9080',
    TESSERA_KEK: newKekText(),
    TESSERA_LOG_LEVEL: 'info',
    TESSERA_DATA_DIR: '/tmp/tessera-test-unused',
    ...extra,
  };
}

/** Starts the real server in-process on free loopback ports over the given (or a fresh) test database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let owned: TestDatabase | null = null;
  let database = options.database;
  if (!database) {
    owned = await createTestDatabase();
    database = await owned.open();
  }
  // One KEK for every attempt: an attempt that lost its port has already sealed the server's secrets (signing keys,
  // the OPAQUE setup) into this database, and the next attempt must open them.
  const kek = newKekText();
  // A port found free can be taken by another test process before the server binds it: try fresh ports again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreshPorts(options, database, owned, kek);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= PORT_ATTEMPTS) {
        if (owned) {
          await database.close().catch(() => {});
          await owned.drop().catch(() => {});
        }
        throw error;
      }
    }
  }
}

const PORT_ATTEMPTS = 5;

async function startOnFreshPorts(
  options: TestServerOptions,
  database: Database,
  owned: TestDatabase | null,
  kek: string,
): Promise<TestServer> {
  // The issuer must be the URL clients really use, so the public port is chosen before the config is built; the
  // admin URL matters too: the admin guard compares a browser's Origin with it.
  const [publicPort, adminPort] = await (options.ports ?? freePortPair)();
  const config = loadConfig(
    testEnvironment({
      TESSERA_KEK: kek,
      TESSERA_PUBLIC_PORT: String(publicPort),
      TESSERA_BASE_URL: `http://${options.publicHostName ?? '127.0.0.1'}:${publicPort}`,
      TESSERA_ADMIN_PORT: String(adminPort),
      TESSERA_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
      ...options.env,
    }),
  );
  const logs = new CapturedLogs();
  const logger = createLogger(config, logs.stream as unknown as pino.DestinationStream);
  const server = await startServer(config, logger, {
    database,
    // The browser tests' build of the UIs: the production build has no light key stretching (web/src/shared/opaque.ts).
    uiDirectory: options.uiDirectory ?? BROWSER_TESTS_UI_DIR,
    adminUiDirectory: BROWSER_TESTS_ADMIN_UI_DIR,
    keyMaintenanceMs: options.keyMaintenanceMs ?? 0,
    housekeepingMs: options.housekeepingMs ?? 0,
    // An error a route answers without declaring it becomes a 500 and a log line (app/error-declarations.ts).
    checkErrorDeclarations: true,
  });
  return {
    ...server,
    logs,
    config,
    database,
    async close() {
      await server.close();
      if (owned) {
        await database.close();
        await owned.drop();
      }
      // Even a test that did not look at the status fails when some route answered an undeclared error.
      const undeclared = logs.lines
        .filter((line) => line.includes(UNDECLARED_ERROR_MESSAGE))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      if (undeclared.length > 0) {
        throw new Error(
          `routes answered errors they do not declare: ${undeclared.map((entry) => `${entry.route} ${entry.status} ${entry.code}`).join('; ')}`,
        );
      }
    },
  };
}
