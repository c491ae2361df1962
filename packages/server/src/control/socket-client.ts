import { createConnection } from 'node:net';
import {
  type ControlChannel,
  ControlError,
  type ControlRequest,
  MAX_RESPONSE_BYTES,
  parseResponse,
} from './protocol.js';

/**
 * How long the command waits for a running server. Connecting is local and immediate unless the server is stuck;
 * an answer can take a while (a KEK rotation re-seals every sealed column), but a command must never hang forever
 * on a server that stopped serving (for example one whose database is away).
 */
export interface SocketWaits {
  connectMs: number;
  answerMs: number;
}

export const DEFAULT_SOCKET_WAITS: SocketWaits = { connectMs: 5_000, answerMs: 300_000 };

/** Sends one request over a fresh connection and waits, bounded by `waits`, for its answer. */
export function requestOverSocket(
  path: string,
  request: ControlRequest,
  waits: SocketWaits = DEFAULT_SOCKET_WAITS,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let sent = false;
    let settled = false;
    let received = Buffer.alloc(0);
    let timer: NodeJS.Timeout | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      outcome();
    };
    const broken = () =>
      sent
        ? new ControlError(
            'connection_lost',
            'the connection to the running server broke before it answered; the operation may or may not have been done',
          )
        : new ControlError('unavailable', `the running server does not answer on its control socket ${path}`);
    const timedOut = () =>
      sent
        ? new ControlError(
            'connection_lost',
            `the running server did not answer within ${Math.round(waits.answerMs / 1000)} s; the operation may or may not have been done`,
          )
        : new ControlError('unavailable', `the running server does not accept connections on ${path}`);
    timer = setTimeout(() => settle(() => reject(timedOut())), waits.connectMs);
    socket.on('connect', () => {
      sent = true;
      clearTimeout(timer);
      timer = setTimeout(() => settle(() => reject(timedOut())), waits.answerMs);
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const newline = received.indexOf(0x0a);
      if (newline === -1) {
        if (received.length > MAX_RESPONSE_BYTES)
          settle(() =>
            reject(new ControlError('connection_lost', 'the running server sent too long an answer')),
          );
        return;
      }
      settle(() => {
        try {
          const response = parseResponse(received.subarray(0, newline).toString('utf8'));
          if (response.ok) resolve(response.result);
          else reject(new ControlError(response.error.code, response.error.message));
        } catch (error) {
          reject(error);
        }
      });
    });
    socket.on('error', () => settle(() => reject(broken())));
    socket.on('close', () => settle(() => reject(broken())));
  });
}

/** The tessera command's operations, run by the server listening on the socket. */
export class SocketChannel implements ControlChannel {
  constructor(readonly path: string) {}

  call(operation: string, input: unknown): Promise<unknown> {
    return requestOverSocket(this.path, { operation, input });
  }

  async close(): Promise<void> {}
}
