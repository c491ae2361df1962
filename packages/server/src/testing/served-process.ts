import { type ChildProcess, spawn } from 'node:child_process';
import { type Config, loadConfig } from '../config/config.js';
import { builtServerEntry } from './built-server.js';
import type { ServerEndpoints } from './server.js';

/** Longest a spawned `tessera serve` may take to listen on a loaded 2-core machine. */
const START_TIMEOUT_MS = 180_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the process was seen to exit. */
  at: number;
}

/** Where and how a spawned server runs; the same settings start it again on the same data. */
export interface ServeSettings {
  /** Storage and anything else: TESSERA_DATA_DIR or DATABASE_URL, TESSERA_KEK, grace period... */
  env: Record<string, string>;
  publicPort: number;
  adminPort: number;
  /** The issuer; defaults to this process's public URL (several nodes behind one name share it). */
  baseUrl?: string;
  args?: string[];
}

/**
 * `tessera serve` as its own process, started through the real CLI entry point (compiled, testing/built-server.ts) the way
 * an operator starts it, for tests that kill it, signal it or restart it on the same data.
 */
export class ServedProcess implements ServerEndpoints {
  readonly publicUrl: string;
  readonly adminUrl: string;
  readonly config: Config;
  /** The one-time install link's token from the start banner, when the service is not installed yet. */
  installToken: string | null = null;
  /** Everything the process wrote, stdout and stderr interleaved. */
  output = '';
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;

  private constructor(entry: string, settings: ServeSettings) {
    this.publicUrl = `http://127.0.0.1:${settings.publicPort}`;
    this.adminUrl = `http://127.0.0.1:${settings.adminPort}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TESSERA_LOG_LEVEL: 'warn',
      TESSERA_PUBLIC_HOST: '127.0.0.1',
      TESSERA_ADMIN_HOST: '127.0.0.1',
      TESSERA_PUBLIC_PORT: String(settings.publicPort),
      TESSERA_ADMIN_PORT: String(settings.adminPort),
      TESSERA_BASE_URL: settings.baseUrl ?? this.publicUrl,
      TESSERA_ADMIN_URL: this.adminUrl,
      ...settings.env,
    };
    this.config = loadConfig(env);
    this.child = spawn(process.execPath, [entry, 'serve', ...(settings.args ?? [])], {
      env,
    });
    this.child.stdout?.on('data', (chunk) => (this.output += chunk));
    this.child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
    });
  }

  /** Starts `tessera serve` and resolves once it says it is running (every listener up). */
  static async start(settings: ServeSettings): Promise<ServedProcess> {
    const served = new ServedProcess(await builtServerEntry(), settings);
    await served.ready();
    return served;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  private async ready(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let exit: Exit | null = null;
    void this.exited.then((value) => (exit = value));
    while (!this.output.includes('Tessera is running')) {
      if (exit)
        throw new Error(`serve exited (${JSON.stringify(exit)}) before it was ready:\n${this.output}`);
      if (Date.now() > deadline) {
        this.child.kill('SIGKILL');
        throw new Error(`serve was not ready after ${START_TIMEOUT_MS} ms:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.installToken = /\/setup#token=([A-Za-z0-9_-]+)/.exec(this.output)?.[1] ?? null;
  }

  /** Sends a signal; resolves with the time it was sent. */
  signal(signal: NodeJS.Signals): number {
    this.child.kill(signal);
    return Date.now();
  }

  /** kill -9, and waits for the process to be gone. */
  async crash(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Stops the process whatever state it is in (test clean-up). */
  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
