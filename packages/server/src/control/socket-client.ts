import { createConnection } from 'node:net';
import {
  type ControlChannel,
  ControlError,
  type ControlRequest,
  MAX_RESPONSE_BYTES,
  parseResponse,
} from './protocol.js';

/** Sends one request over a fresh connection and waits for its answer. */
export function requestOverSocket(path: string, request: ControlRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let sent = false;
    let settled = false;
    let received = Buffer.alloc(0);
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
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
    socket.on('connect', () => {
      sent = true;
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
