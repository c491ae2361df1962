import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlError } from './protocol.js';
import { requestOverSocket } from './socket-client.js';

/** A socket server that reads requests and never answers: a running server that stopped serving. */
async function silentServer(): Promise<{
  path: string;
  server: Server;
  sockets: Socket[];
  received: string[];
}> {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-silent-')), 'control.sock');
  const sockets: Socket[] = [];
  const received: string[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (chunk) => received.push(chunk.toString()));
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { path, server, sockets, received };
}

describe('the command waiting on a control socket', () => {
  let silent: Awaited<ReturnType<typeof silentServer>> | undefined;
  afterEach(async () => {
    for (const socket of silent?.sockets ?? []) socket.destroy();
    await new Promise((resolve) => silent?.server.close(resolve));
  });

  it('gives up on a server that takes the request and never answers, saying the outcome is unknown', async () => {
    silent = await silentServer();
    const started = Date.now();
    const error = await requestOverSocket(
      silent.path,
      { operation: 'clients.list', input: {} },
      { connectMs: 1_000, answerMs: 300 },
    ).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).code).toBe('connection_lost');
    expect((error as ControlError).message).toMatch(/may or may not have been done/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(silent.received.join('')).toContain('"operation":"clients.list"');
  });

  it('answers unavailable at once when nothing listens on the path', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tessera-nobody-')), 'control.sock');
    const error = await requestOverSocket(path, { operation: 'clients.list', input: {} }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as ControlError).code).toBe('unavailable');
  });
});
