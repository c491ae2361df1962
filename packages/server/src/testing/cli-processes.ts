import { type ChildProcess, spawn } from 'node:child_process';
import { builtServerEntry } from './built-server.js';
import { ServedProcess, type ServeSettings } from './served-process.js';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Longer than the command waits for a starting server's socket (a minute), shorter than the tests around it. */
const COMMAND_TIMEOUT_MS = 90_000;

function commandEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TESSERA_LOG_LEVEL: 'warn', ...extra };
}

/**
 * The `tessera` commands and servers a test file starts, as their own processes through the real CLI entry point
 * (compiled, testing/built-server.ts). Each file makes its own and calls stopAll() in its afterAll, so that none
 * outlives it: a test that times out leaves its child running.
 */
export class CliProcesses {
  private readonly children = new Set<ChildProcess>();
  private readonly served: ServedProcess[] = [];

  /** Runs `tessera <args>` with only the given environment (no DATABASE_URL unless given); kills it if it hangs. */
  async run(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<CommandResult> {
    const entry = await builtServerEntry();
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [entry, ...args], { env: commandEnv(env) });
      this.children.add(child);
      const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
      child.stdin.end(stdin);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        this.children.delete(child);
        if (signal === 'SIGKILL') stderr += `[killed: still running after ${COMMAND_TIMEOUT_MS} ms]\n`;
        resolve({ code, stdout, stderr });
      });
    });
  }

  /** `tessera serve`, stopped by stopAll() whatever happened. */
  async serve(settings: ServeSettings): Promise<ServedProcess> {
    const server = await ServedProcess.start(settings);
    this.served.push(server);
    return server;
  }

  async stopAll(): Promise<void> {
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.all(this.served.map((server) => server.stop()));
  }
}

/** `tessera clients create` arguments for a confidential client_credentials client `batch`. */
export const BATCH_CLIENT_ARGS = [
  'clients',
  'create',
  '--name',
  'Batch',
  '--id',
  'batch',
  '--grant',
  'client_credentials',
];

/** A client_credentials token request with Basic authentication and scope `jobs`. */
export function clientCredentialsRequest(
  publicUrl: string,
  clientId: string,
  secret: string,
): Promise<Response> {
  return fetch(`${publicUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=jobs',
  });
}
