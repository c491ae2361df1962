import { chmodSync, lstatSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../app/app-context.js';
import { runControlOperation } from './operations.js';
import {
  ControlError,
  type ControlResponse,
  encodeResponse,
  MAX_REQUEST_BYTES,
  parseRequest,
} from './protocol.js';

/**
 * The running server's control socket: a Unix domain socket (mode 0600) through which the tessera command does its
 * work while the server holds the embedded database
 * (docs/operations.md#the-embedded-database-one-process-and-the-command-beside-a-running-server). It accepts
 * only the command's operations.
 */

/** A socket address holds at most 108 bytes on Linux and 104 on macOS, the final NUL included. */
export const MAX_SOCKET_PATH_BYTES = 103;
export const CONTROL_SOCKET_FILE = 'control.sock';
/** A connection that sends nothing for this long is closed (a running operation is never cut off). */
const IDLE_TIMEOUT_MS = 30_000;

export interface SocketLocation {
  path: string;
  /** The private directory made for the socket when the data directory's path is too long; removed at close. */
  privateDirectory: string | null;
}

/** In the data directory; if that path is too long for a socket address, in a new private temporary directory. */
export function chooseSocketLocation(dataDir: string, temporaryRoot = tmpdir()): SocketLocation {
  const preferred = join(dataDir, CONTROL_SOCKET_FILE);
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH_BYTES)
    return { path: preferred, privateDirectory: null };
  // mkdtemp makes the directory with mode 0700 under a name nobody can guess; the lock file records the path.
  const privateDirectory = mkdtempSync(join(temporaryRoot, 'tessera-'));
  const path = join(privateDirectory, CONTROL_SOCKET_FILE);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    rmSync(privateDirectory, { recursive: true, force: true });
    throw new Error(`both ${preferred} and ${path} are too long for a socket address`);
  }
  return { path, privateDirectory };
}

/** Answers one request line. Never throws: every failure becomes an error answer. */
export async function answerRequest(context: AppContext, line: string): Promise<ControlResponse> {
  let operation: string | undefined;
  try {
    const request = parseRequest(line);
    // Logged as its answer says it (cut to 80 characters): the name is whatever the peer sent, up to 64 KiB.
    operation = request.operation.slice(0, 80);
    const result = await runControlOperation(context, request.operation, request.input);
    context.logger.info({ operation }, 'control socket: operation done');
    return { ok: true, result: result ?? null };
  } catch (error) {
    if (error instanceof ControlError) {
      context.logger.info({ operation, code: error.code }, 'control socket: operation refused');
      return { ok: false, error: { code: error.code, message: error.message } };
    }
    context.logger.error({ err: error, operation }, 'control socket: operation failed');
    return {
      ok: false,
      error: {
        code: 'internal',
        message: 'the server could not complete the operation; its log has the details',
      },
    };
  }
}

/** Reads newline-terminated requests one after another and answers each in order. */
function serveConnection(context: AppContext, socket: Socket): void {
  let pending = Buffer.alloc(0);
  let queue = Promise.resolve();
  let refused = false;
  socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => {});
  const respond = (line: string) => {
    queue = queue.then(async () => {
      socket.setTimeout(0);
      const response = await answerRequest(context, line);
      if (!socket.destroyed) socket.write(encodeResponse(response));
      socket.setTimeout(IDLE_TIMEOUT_MS);
    });
  };
  const refuseTooLarge = () => {
    refused = true;
    const tooLarge = new ControlError(
      'message_too_large',
      `a request may be at most ${MAX_REQUEST_BYTES} bytes`,
    );
    queue = queue.then(() => {
      socket.end(encodeResponse({ ok: false, error: { code: tooLarge.code, message: tooLarge.message } }));
    });
  };
  socket.on('data', (chunk: Buffer) => {
    if (refused) return;
    pending = Buffer.concat([pending, chunk]);
    for (let newline = pending.indexOf(0x0a); newline !== -1; newline = pending.indexOf(0x0a)) {
      const line = pending.subarray(0, newline);
      pending = pending.subarray(newline + 1);
      if (line.length > MAX_REQUEST_BYTES) return refuseTooLarge();
      respond(line.toString('utf8'));
    }
    if (pending.length > MAX_REQUEST_BYTES) refuseTooLarge();
  });
}

function removeStaleSocket(path: string): void {
  try {
    // Only this process may serve here (it holds the directory's lock): a socket left behind is a dead server's.
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function listenPrivately(path: string, server: Server): Promise<void> {
  removeStaleSocket(path);
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file takes its mode from the umask when it is bound: 0177 makes it 0600 from its first moment.
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  }).then(() => chmodSync(path, 0o600));
}

export interface ControlSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Starts the control socket when this process holds an embedded database's directory, and records its path in the
 * lock file, where the tessera command looks. Without a socket (it could not be made: logged), the lock file says
 * so and the command refuses instead of writing behind the server's back.
 */
export async function startControlSocket(context: AppContext): Promise<ControlSocket | null> {
  const lock = context.storage.dataDirectoryLock;
  if (!lock) return null;
  let location: SocketLocation | null = null;
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serveConnection(context, socket);
  });
  try {
    location = chooseSocketLocation(context.config.dataDir);
    await listenPrivately(location.path, server);
    lock.publish(location.path);
  } catch (error) {
    context.logger.warn(
      { err: error },
      'no control socket: the tessera command cannot reach this server and refuses to run while it does',
    );
    server.close();
    if (location?.privateDirectory) rmSync(location.privateDirectory, { recursive: true, force: true });
    lock.publish(null);
    return null;
  }
  const { path, privateDirectory } = location;
  return {
    path,
    async close() {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        unlinkSync(path);
      } catch {}
      if (privateDirectory) rmSync(privateDirectory, { recursive: true, force: true });
    },
  };
}
