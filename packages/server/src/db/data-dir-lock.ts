import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';

/** The embedded database's directory inside the data directory. */
export function embeddedDatabaseDirectory(config: Config): string {
  return `${config.dataDir}/db`;
}

/**
 * One process per embedded database directory
 * (docs/operations.md#the-embedded-database-one-process-and-the-command-beside-a-running-server). PGlite runs
 * the whole database inside one process; two processes on one directory each work on their own copy and
 * silently lose each other's writes. The lock is a file created with O_EXCL (so of two processes exactly one
 * creates it) naming its holder. A holder that died (kill -9, power loss) leaves the file behind; the next
 * process sees that the holder is gone and takes over.
 */

export type LockRole = 'server' | 'command';

/** What the lock file records about its holder. */
export interface LockHolder {
  pid: number;
  /**
   * The pid alone does not identify a process: pids are reused, after a reboot and in every container. The boot id,
   * pid namespace and process start time (Linux /proc) pin it down; null where the platform does not tell.
   */
  bootId: string | null;
  pidNamespace: string | null;
  processStart: string | null;
  /** Random per acquisition, so two records are never equal. */
  token: string;
  role: LockRole;
  acquiredAt: string;
  /** A server sets this once it serves, with the path of its control socket (null when it has none). */
  ready: boolean;
  socket: string | null;
}

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError';
  constructor(
    readonly directory: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the embedded database in ${directory} is in use by ${
        holder.role === 'server' ? 'a running Tessera server' : 'another tessera command'
      } (pid ${holder.pid})`,
    );
  }
}

export const LOCK_FILE = 'tessera.lock';
/** A holder whose pid cannot be checked from here (another host or container) refreshes the file's time this often. */
const HEARTBEAT_MS = 5_000;
/** ... and is taken for gone once the file's time is this old. */
export const HEARTBEAT_STALE_MS = 30_000;
/** A lock file that is still empty or half-written this long after its creation was left by a crash. */
const UNWRITTEN_STALE_MS = 5_000;

interface ProcessIdentity {
  bootId: string | null;
  pidNamespace: string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

let ownIdentity: ProcessIdentity | undefined;
function thisProcess(): ProcessIdentity {
  if (!ownIdentity) {
    let pidNamespace: string | null = null;
    try {
      pidNamespace = readlinkSync('/proc/self/ns/pid');
    } catch {}
    ownIdentity = { bootId: readText('/proc/sys/kernel/random/boot_id'), pidNamespace };
  }
  return ownIdentity;
}

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null if unknown. */
export function processStartTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses; the fields after it start past the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder recorded in a lock file still runs; `modifiedMs` is the file's time (its heartbeat). */
export function holderIsAlive(holder: LockHolder, modifiedMs: number, now = Date.now()): boolean {
  const self = thisProcess();
  if (holder.bootId === self.bootId && holder.pidNamespace === self.pidNamespace) {
    if (!pidExists(holder.pid)) return false;
    if (holder.processStart === null) return true;
    const start = processStartTime(holder.pid);
    // Unreadable (e.g. /proc mounted with hidepid): the pid exists, so assume it is the holder.
    return start === null || start === holder.processStart;
  }
  // Another host, boot or pid namespace (a container sharing the volume): its pid means nothing here, so the
  // holder's heartbeat decides.
  return now - modifiedMs < HEARTBEAT_STALE_MS;
}

type LockFileState =
  | { kind: 'missing' }
  | { kind: 'unreadable'; text: string; modifiedMs: number }
  | { kind: 'held'; text: string; holder: LockHolder; modifiedMs: number };

function isLockHolder(value: unknown): value is LockHolder {
  const record = value as Partial<LockHolder> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    Number.isInteger(record.pid) &&
    typeof record.token === 'string' &&
    (record.role === 'server' || record.role === 'command')
  );
}

function readLockFile(path: string): LockFileState {
  let text: string;
  let modifiedMs: number;
  try {
    modifiedMs = statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isLockHolder(parsed)) return { kind: 'held', text, holder: parsed, modifiedMs };
  } catch {}
  return { kind: 'unreadable', text, modifiedMs };
}

/** Creates the file only if it does not exist (O_EXCL); false if it does. The record is on disk before it returns. */
function createExclusive(path: string, text: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function newHolder(role: LockRole): LockHolder {
  const self = thisProcess();
  return {
    pid: process.pid,
    bootId: self.bootId,
    pidNamespace: self.pidNamespace,
    processStart: processStartTime(process.pid),
    token: randomBytes(16).toString('hex'),
    role,
    acquiredAt: new Date().toISOString(),
    ready: false,
    socket: null,
  };
}

/** Whether what a lock file holds belongs to nobody any more. */
function isStale(state: Exclude<LockFileState, { kind: 'missing' }>, now = Date.now()): boolean {
  if (state.kind === 'unreadable') return now - state.modifiedMs >= UNWRITTEN_STALE_MS;
  return !holderIsAlive(state.holder, state.modifiedMs, now);
}

/**
 * Removes a stale lock file, but only the one that was judged stale. Breakers take a second O_EXCL file first, so
 * no breaker can remove a fresh lock that a faster breaker created after both had read the same stale one.
 */
function breakStaleLock(path: string, staleText: string): void {
  const guardPath = `${path}.break`;
  if (!createExclusive(guardPath, JSON.stringify(newHolder('command')))) {
    // Another process is breaking it right now; if that process died doing so, clear its guard for the next round.
    const guard = readLockFile(guardPath);
    if (guard.kind !== 'missing' && isStale(guard)) unlinkIfPresent(guardPath);
    return;
  }
  try {
    const current = readLockFile(path);
    if (current.kind !== 'missing' && current.text === staleText) unlinkIfPresent(path);
  } finally {
    unlinkIfPresent(guardPath);
  }
}

/** The live holder of a directory's lock, or null if the directory is free (or its lock stale). */
export function readLockHolder(directory: string): LockHolder | null {
  const state = readLockFile(join(directory, LOCK_FILE));
  if (state.kind !== 'held' || isStale(state)) return null;
  return state.holder;
}

/** A held lock: released by `release()`, or at the latest when the process exits. */
export class DataDirectoryLock {
  readonly path: string;
  private holder: LockHolder;
  private released = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly releaseAtExit = () => this.release();

  constructor(
    readonly directory: string,
    holder: LockHolder,
  ) {
    this.path = join(directory, LOCK_FILE);
    this.holder = holder;
    process.once('exit', this.releaseAtExit);
    this.heartbeat = setInterval(() => this.touch(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get record(): LockHolder {
    return { ...this.holder };
  }

  get held(): boolean {
    return !this.released;
  }

  /** A server announces that it serves, and where its control socket is (null: it has none). */
  publish(socket: string | null): void {
    if (!this.held) return;
    const next = { ...this.holder, ready: true, socket };
    // Write beside, then rename over it: a reader sees the old record or the new one, never half of one.
    const temporary = `${this.path}.${this.holder.token}.tmp`;
    writeFileSync(temporary, JSON.stringify(next), { mode: 0o600 });
    renameSync(temporary, this.path);
    this.holder = next;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    clearInterval(this.heartbeat);
    process.removeListener('exit', this.releaseAtExit);
    try {
      const state = readLockFile(this.path);
      if (state.kind === 'held' && state.holder.token === this.holder.token) unlinkSync(this.path);
    } catch {
      // Nothing to do: a lock file we cannot remove is stale once this process is gone.
    }
  }

  private touch(): void {
    try {
      const now = new Date();
      utimesSync(this.path, now, now);
    } catch {}
  }
}

/**
 * One attempt: the lock, the live holder that has it, or 'retry' when the file changed under us (released, broken
 * as stale, or still being written by the process that just created it).
 */
function attempt(directory: string, holder: LockHolder): DataDirectoryLock | LockHolder | 'retry' {
  const path = join(directory, LOCK_FILE);
  const text = JSON.stringify(holder);
  if (createExclusive(path, text)) return new DataDirectoryLock(directory, holder);
  const state = readLockFile(path);
  if (state.kind === 'missing') return 'retry';
  if (!isStale(state)) return state.kind === 'held' ? state.holder : 'retry';
  breakStaleLock(path, state.text);
  return 'retry';
}

export interface AcquireOptions {
  role: LockRole;
  /** How long to wait for another tessera command (not a server) to finish with the directory. */
  waitForCommandMs: number;
}

/**
 * Takes the lock, or throws DataDirectoryInUseError naming its live holder. While a short-lived command holds it,
 * waits up to `waitForCommandMs`; a server holding it is reported at once, since it stays until stopped.
 */
export async function acquireDataDirectoryLock(
  directory: string,
  options: AcquireOptions,
): Promise<DataDirectoryLock> {
  const holder = newHolder(options.role);
  const deadline = Date.now() + options.waitForCommandMs;
  for (;;) {
    const outcome = attempt(directory, holder);
    if (outcome instanceof DataDirectoryLock) return outcome;
    if (outcome !== 'retry') {
      if (outcome.role === 'server' || Date.now() >= deadline)
        throw new DataDirectoryInUseError(directory, outcome);
    }
    await new Promise((resolve) => setTimeout(resolve, outcome === 'retry' ? 10 : 200));
  }
}
