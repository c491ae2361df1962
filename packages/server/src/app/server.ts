import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { startControlSocket } from '../control/socket-server.js';
import type { AppContext } from './app-context.js';
import type { App } from './app-types.js';
import { type BuildOptions, buildApp } from './build.js';
import { type ContextOptions, createContext } from './context.js';
import { ListenerDrain } from './listener-drain.js';

export interface RunningServer {
  context: AppContext;
  publicApp: App;
  adminApp: App;
  publicUrl: string;
  adminUrl: string;
  close(): Promise<void>;
  /**
   * Stops gracefully: both listeners stop accepting, idle connections close at once, in-flight requests get up to
   * `graceMs` to finish, then every connection left is closed and the context (database, change bus, Redis) is
   * closed. Resolves with the number of requests that were cut off when the grace period ran out.
   */
  shutdown(graceMs: number): Promise<number>;
}

function urlOf(app: App): string {
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Starts both listeners (public and admin) of one process over one shared context. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: ContextOptions & BuildOptions = {},
): Promise<RunningServer> {
  // A server holds an embedded database's directory for its lifetime; commands then run through its socket.
  const context = await createContext(config, logger, { lockRole: 'server', ...options });
  let publicApp: App | undefined;
  let adminApp: App | undefined;
  let drains: [ListenerDrain, ListenerDrain];
  try {
    publicApp = await buildApp(context, 'public', options);
    adminApp = await buildApp(context, 'admin', options);
    // Before listening, so that no request escapes the drain's bookkeeping.
    drains = [new ListenerDrain(publicApp.server), new ListenerDrain(adminApp.server)];
    await publicApp.listen({ port: config.publicPort, host: config.publicHost });
    await adminApp.listen({ port: config.adminPort, host: config.adminHost });
  } catch (error) {
    await publicApp?.close().catch(() => {});
    await adminApp?.close().catch(() => {});
    await context.close().catch(() => {});
    throw error;
  }
  const control = await startControlSocket(context);
  const running = { publicApp, adminApp };
  return {
    context,
    publicApp,
    adminApp,
    publicUrl: urlOf(publicApp),
    adminUrl: urlOf(adminApp),
    async close() {
      await control?.close();
      await Promise.all([running.publicApp.close(), running.adminApp.close()]);
      await context.close();
    },
    async shutdown(graceMs) {
      // As close() does: the socket file (and its private directory, if any) must not outlive the server.
      await control?.close();
      const [publicCutOff, adminCutOff] = await Promise.all([
        drains[0].drain(() => running.publicApp.close(), graceMs),
        drains[1].drain(() => running.adminApp.close(), graceMs),
      ]);
      await context.close();
      return publicCutOff + adminCutOff;
    },
  };
}
