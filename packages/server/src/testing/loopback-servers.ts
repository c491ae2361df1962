import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket, Server as TcpServer } from 'node:net';

/** An HTTP server on loopback and the number of requests it has received. */
export interface CountingHttpServer {
  port: number;
  hits: number;
}

/**
 * Servers a test file starts on loopback (the only network tests may use), closed together at the end with
 * every connection still open, so a test that leaves an upstream hanging does not hold the file open.
 */
export class LoopbackServers {
  private readonly servers: (Server | TcpServer)[] = [];
  private readonly sockets = new Set<Socket>();

  /** Starts `server` on host:port (an ephemeral port by default) and returns the port. */
  async listen(server: Server | TcpServer, host = '127.0.0.1', port = 0): Promise<number> {
    this.servers.push(server);
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  /** An HTTP server that counts the requests it receives. */
  async http(handler: RequestListener, host = '127.0.0.1', port = 0): Promise<CountingHttpServer> {
    const state: CountingHttpServer = { hits: 0, port: 0 };
    const server = createHttpServer((request, response) => {
      state.hits += 1;
      handler(request, response);
    });
    state.port = await this.listen(server, host, port);
    return state;
  }

  /** A port on which nothing listens (it was bound, then released). */
  async closedPort(): Promise<number> {
    const server = createHttpServer();
    const port = await this.listen(server);
    this.servers.splice(this.servers.indexOf(server), 1);
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  async closeAll(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((server) => new Promise((resolve) => server.close(resolve))));
    this.servers.length = 0;
  }
}

/** A DNS stand-in for the outbound fetch: answers from a table, records each name it is asked. */
export function tableResolver(table: Record<string, string[]>): {
  resolve: (hostname: string) => Promise<string[]>;
  calls: string[];
} {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolve, calls };
}
