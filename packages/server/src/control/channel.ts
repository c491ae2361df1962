import type { AppContext } from '../app/app-context.js';
import type { Config } from '../config/config.js';
import { DataDirectoryInUseError, embeddedDatabaseDirectory, readLockHolder } from '../db/data-dir-lock.js';
import { checkedOperation, runControlOperation } from './operations.js';
import { type ControlChannel, ControlError } from './protocol.js';
import { SocketChannel } from './socket-client.js';

/** How long the command waits for a server that holds the directory but is still starting to open its socket. */
const SERVER_START_WAIT_MS = 60_000;

/** Runs the operations in this process, on a context of its own (the database is not held by a server). */
class LocalChannel implements ControlChannel {
  constructor(private readonly context: AppContext) {}

  async call(operation: string, input: unknown): Promise<unknown> {
    // Through JSON both ways, exactly as over the socket, so both paths check and print the same values.
    const result = await runControlOperation(this.context, operation, JSON.parse(JSON.stringify(input)));
    return JSON.parse(JSON.stringify(result ?? null));
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/** A one-shot context: no background timers (signing-key maintenance, housekeeping), so the command exits when done. */
async function openLocal(config: Config): Promise<LocalChannel> {
  // Loaded only here: a command that talks to a running server, or that fails on its arguments, does without the
  // server's modules.
  const [{ createContext }, { createLogger }] = await Promise.all([
    import('../app/context.js'),
    import('../app/logging.js'),
  ]);
  return new LocalChannel(
    await createContext(config, createLogger({ logLevel: 'warn' }), {
      keyMaintenanceMs: 0,
      housekeepingMs: 0,
      lockRole: 'command',
    }),
  );
}

/**
 * Where the command's operations run. On PostgreSQL: in this process (running nodes learn of the change through
 * LISTEN/NOTIFY). On the embedded database: in this process when the directory is free, else through the control
 * socket of the server that holds it — never beside it, since that server would not see the write.
 */
export async function openControlChannel(config: Config): Promise<ControlChannel> {
  if (config.databaseUrl) return openLocal(config);
  const directory = embeddedDatabaseDirectory(config);
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  for (;;) {
    const holder = readLockHolder(directory);
    if (holder?.role === 'server') {
      if (holder.socket) return new SocketChannel(holder.socket);
      const inUse = new DataDirectoryInUseError(directory, holder).message;
      if (holder.ready)
        throw new ControlError(
          'unavailable',
          `${inUse}, which has no control socket (its log says why); stop it to run this command`,
        );
      if (Date.now() >= deadline)
        throw new ControlError('unavailable', `${inUse}, which is still starting; try again once it runs`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      return await openLocal(config);
    } catch (error) {
      // A server took the directory between the look and the open: talk to it instead.
      if (error instanceof DataDirectoryInUseError && error.holder.role === 'server') continue;
      throw error;
    }
  }
}

/** Runs `work` with a channel opened at its first call (so bad arguments fail before any database is opened). */
export async function withControlChannel<T>(
  config: Config,
  work: (channel: ControlChannel) => Promise<T>,
): Promise<T> {
  let opened = null as Promise<ControlChannel> | null;
  const channel: ControlChannel = {
    async call(operation, input) {
      // An input the operation's schema or checks refuse fails here, before any database is opened (on a fresh
      // machine, the first command creates and migrates the data directory).
      checkedOperation(operation, JSON.parse(JSON.stringify(input)));
      opened ??= openControlChannel(config);
      return (await opened).call(operation, input);
    },
    async close() {},
  };
  try {
    return await work(channel);
  } finally {
    const target = await opened?.catch(() => null);
    await target?.close();
  }
}
