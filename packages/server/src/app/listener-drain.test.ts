import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ListenerDrain } from './listener-drain.js';

/** A real HTTP listener whose `/slow` requests are answered only when the test says so. */
async function listener() {
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    const answer = () => response.end(JSON.stringify({ path: request.url }));
    if (request.url === '/slow') waiting.push(answer);
    else answer();
  });
  const drain = new ListenerDrain(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    drain,
    port,
    answerSlowRequests: () => {
      for (const answer of waiting.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw client connection that collects what it receives and notes when it closes. */
function client(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closed, received: () => received };
}

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition() && waited < 10_000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

let servers: Server[] = [];
afterEach(() => {
  for (const server of servers) server.closeAllConnections();
  servers = [];
});

describe('ListenerDrain', () => {
  it('closes idle keep-alive connections at once and finishes early when nothing is in flight', async () => {
    const http = await listener();
    servers.push(http.server);
    const idle = client(http.port);
    idle.socket.write('GET /fast HTTP/1.1\r\nHost: test\r\n\r\n');
    await until(() => idle.received().includes('/fast'));

    const startedAt = Date.now();
    expect(await http.drain.drain(http.close, 5_000)).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(await idle.closed).toBeLessThan(startedAt + 2_000);
  });

  it('lets an in-flight request finish, answering it with Connection: close, then closes its connection', async () => {
    const http = await listener();
    servers.push(http.server);
    const busy = client(http.port);
    busy.socket.write('GET /slow HTTP/1.1\r\nHost: test\r\n\r\n');
    await until(() => http.drain.inFlight === 1);

    const drained = http.drain.drain(http.close, 5_000);
    setTimeout(http.answerSlowRequests, 200);
    expect(await drained).toBe(0);
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(busy.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(busy.received()).toContain('{"path":"/slow"}');
  });

  it('cuts off stalled requests (half the headers, half the body) when the grace period ends', async () => {
    const http = await listener();
    servers.push(http.server);
    const halfHeaders = client(http.port);
    halfHeaders.socket.write('GET /fast HTTP/1.1\r\nHost: test\r\nX-Ha');
    const halfBody = client(http.port);
    halfBody.socket.write('POST /slow HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\nabc');
    await until(() => http.drain.inFlight === 1);

    const startedAt = Date.now();
    // One request had its headers read (the other never got that far).
    expect(await http.drain.drain(http.close, 500)).toBe(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(490);
    for (const stalled of [halfHeaders, halfBody]) {
      expect(await stalled.closed).toBeGreaterThanOrEqual(startedAt + 490);
      expect(stalled.received()).toBe('');
    }
  });
});
