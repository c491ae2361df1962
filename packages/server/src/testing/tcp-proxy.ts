import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * How a cut proxy treats new connections: `refuse` accepts and resets them at once (what a stopped server looks
 * like); `blackhole` accepts them and never answers (what a network partition looks like: only timeouts help).
 */
export type CutMode = 'refuse' | 'blackhole';

/**
 * A TCP proxy on loopback for fault tests: forwards every connection to a target until `cut()` severs it, so a
 * test can take a real dependency (PostgreSQL, Redis) away from one process and give it back with `restore()`.
 */
export class TcpProxy {
  private readonly server: Server;
  /** Every socket open on either side, so a cut can destroy them all. */
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | CutMode = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  /** A proxy in front of host:port, listening on an ephemeral loopback port. */
  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.port = (proxy.server.address() as AddressInfo).port;
    return proxy;
  }

  /** A proxy in front of the host and port of a URL such as postgres://… or redis://…. */
  static forUrl(url: string, defaultPort: number): Promise<TcpProxy> {
    const parsed = new URL(url);
    return TcpProxy.start(parsed.hostname, parsed.port ? Number(parsed.port) : defaultPort);
  }

  /** The same URL with its host and port replaced by this proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.href;
  }

  /** Number of connections currently forwarded (both ends counted once). */
  get connections(): number {
    return Math.floor(this.sockets.size / 2);
  }

  /**
   * Keeps every open connection open but forwards nothing more on it, in either direction, and blackholes new
   * ones until `restore()`: a partition that resets nothing, so the peer only learns of it from its own timeouts.
   */
  stall(): void {
    this.mode = 'blackhole';
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.removeAllListeners('data');
      socket.on('data', () => {});
    }
  }

  /** Severs every open connection and treats new ones according to `mode` until `restore()`. */
  cut(mode: CutMode = 'refuse'): void {
    this.mode = mode;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Forwards new connections again; connections open during the cut or stall are closed, as a peer would find. */
  restore(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.mode = 'forward';
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A reset from either side is the point of this tool, not a test failure.
    socket.on('error', () => {});
  }

  private accept(client: Socket): void {
    if (this.mode === 'refuse') {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    this.track(client);
    if (this.mode === 'blackhole') {
      // Read and drop whatever arrives, so the peer's writes succeed and it waits for an answer that never comes.
      client.on('data', () => {});
      return;
    }
    const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
