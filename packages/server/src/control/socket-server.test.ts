import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseDirectory } from '../app/context.js';
import { type Database, openDatabase } from '../db/client.js';
import { readLockHolder } from '../db/data-dir-lock.js';
import { testDatabaseKind } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { ControlError, MAX_REQUEST_BYTES } from './protocol.js';
import { requestOverSocket } from './socket-client.js';
import {
  CONTROL_SOCKET_FILE,
  chooseSocketLocation,
  MAX_SOCKET_PATH_BYTES,
  startControlSocket,
} from './socket-server.js';

/** Writes raw bytes to the socket and collects everything the server sends until it closes or goes quiet. */
function rawExchange(path: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
      if (received.endsWith('\n')) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

async function refusalOf(promise: Promise<unknown>): Promise<ControlError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ControlError);
  return error as ControlError;
}

// The socket needs an embedded database on disk; on PostgreSQL there is nothing to hold, so no socket.
describe.runIf(testDatabaseKind() === 'embedded')('control socket', () => {
  let dataDir: string;
  let database: Database;
  let server: TestServer;
  let socketPath: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-control-'));
    database = await openDatabase({
      databaseUrl: null,
      embeddedDir: join(dataDir, 'db'),
      lockRole: 'server',
    });
    server = await startTestServer({ database, env: { TESSERA_DATA_DIR: dataDir } });
    socketPath = join(dataDir, CONTROL_SOCKET_FILE);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('listens in the data directory with mode 0600 and records its path in the lock file', () => {
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(readLockHolder(embeddedDatabaseDirectory(server.config))).toMatchObject({
      pid: process.pid,
      ready: true,
      socket: socketPath,
    });
  });

  it("runs the command's operations on the server's own services", async () => {
    const created = (await requestOverSocket(socketPath, {
      operation: 'clients.create',
      input: {
        name: 'Batch',
        type: 'confidential',
        client_id: 'batch',
        redirect_uris: [],
        grant_types: ['client_credentials'],
        scopes: [{ scope: 'jobs', description: 'jobs' }],
      },
    })) as { client_id: string; client_secret: string };
    expect(created.client_id).toBe('batch');
    const token = await fetch(`${server.publicUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`batch:${created.client_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=jobs',
    });
    expect(token.status).toBe(200);
    const listed = await requestOverSocket(socketPath, { operation: 'clients.list', input: {} });
    expect(listed).toContainEqual({
      id: 'batch',
      type: 'confidential',
      name: 'Batch',
      grant_types: ['client_credentials'],
    });
  });

  it('accepts only those operations, and says clearly what is wrong', async () => {
    const unknown = await refusalOf(requestOverSocket(socketPath, { operation: 'users.delete', input: {} }));
    expect(unknown.code).toBe('unknown_operation');
    expect(unknown.message).toBe("unknown operation 'users.delete'");

    const invalid = await refusalOf(
      requestOverSocket(socketPath, { operation: 'clients.rotate-secret', input: { client_id: 7 } }),
    );
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.message).toMatch(/^invalid input for clients\.rotate-secret: \/client_id /);

    const refused = await refusalOf(
      requestOverSocket(socketPath, { operation: 'clients.rotate-secret', input: { client_id: 'nope' } }),
    );
    expect(refused).toMatchObject({ code: 'refused', message: "no client 'nope'" });

    const malformed = JSON.parse(await rawExchange(socketPath, 'not json\n'));
    expect(malformed).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'a request is one JSON object on one line' },
    });
    const shapeless = JSON.parse(await rawExchange(socketPath, '["clients.list"]\n'));
    expect(shapeless.error.code).toBe('bad_request');
  });

  it('refuses a request larger than the limit and closes the connection', async () => {
    const answer = await rawExchange(socketPath, Buffer.alloc(MAX_REQUEST_BYTES + 10, 'a'));
    expect(JSON.parse(answer)).toEqual({
      ok: false,
      error: { code: 'message_too_large', message: `a request may be at most ${MAX_REQUEST_BYTES} bytes` },
    });
  });

  it('moves to a private temporary directory when the data directory path is too long for a socket', async () => {
    const longDataDir = join(dataDir, 'x'.repeat(MAX_SOCKET_PATH_BYTES));
    const location = chooseSocketLocation(longDataDir);
    expect(location.privateDirectory).not.toBeNull();
    expect(dirname(location.path)).toBe(location.privateDirectory);
    expect(location.privateDirectory!.startsWith(join(tmpdir(), 'tessera-'))).toBe(true);
    expect(statSync(location.privateDirectory!).mode & 0o777).toBe(0o700);
    expect(Buffer.byteLength(location.path)).toBeLessThanOrEqual(MAX_SOCKET_PATH_BYTES);

    // A server whose data directory has such a path serves there and records it for the command.
    const control = await startControlSocket({
      ...server.context,
      config: { ...server.context.config, dataDir: longDataDir },
    });
    try {
      expect(control).not.toBeNull();
      const path = control!.path;
      expect(path.startsWith(join(tmpdir(), 'tessera-'))).toBe(true);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(readLockHolder(embeddedDatabaseDirectory(server.config))?.socket).toBe(path);
      expect(await requestOverSocket(path, { operation: 'clients.list', input: {} })).toContainEqual(
        expect.objectContaining({ id: 'batch' }),
      );
      await control!.close();
      expect(existsSync(dirname(path))).toBe(false);
      const gone = await refusalOf(requestOverSocket(path, { operation: 'clients.list', input: {} }));
      expect(gone.code).toBe('unavailable');
    } finally {
      await control?.close();
      server.database.dataDirectoryLock!.publish(socketPath);
    }
  });
});
