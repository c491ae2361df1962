import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../testing/database.js';
import {
  acquireDataDirectoryLock,
  DataDirectoryInUseError,
  type DataDirectoryLock,
  HEARTBEAT_STALE_MS,
  LOCK_FILE,
  type LockHolder,
  processStartTime,
  readLockHolder,
} from './data-dir-lock.js';

const CONTENDER = fileURLToPath(new URL('../testing/lock-contender.ts', import.meta.url));

const held: DataDirectoryLock[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function freshDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'tessera-lock-'));
}

async function acquire(directory: string, role: 'server' | 'command' = 'command', waitForCommandMs = 0) {
  const lock = await acquireDataDirectoryLock(directory, { role, waitForCommandMs });
  held.push(lock);
  return lock;
}

function lockFile(directory: string): string {
  return join(directory, LOCK_FILE);
}

/** This process's own record (boot id, pid namespace), as a real acquisition writes it. */
async function ownRecord(): Promise<LockHolder> {
  const directory = freshDirectory();
  const lock = await acquireDataDirectoryLock(directory, { role: 'command', waitForCommandMs: 0 });
  const record = JSON.parse(readFileSync(lockFile(directory), 'utf8')) as LockHolder;
  lock.release();
  return record;
}

/** Writes a lock record as another process would have, with the file's time `ageMs` in the past. */
function writeRecord(directory: string, holder: LockHolder, ageMs = 0): void {
  writeFileSync(lockFile(directory), JSON.stringify(holder));
  const time = new Date(Date.now() - ageMs);
  utimesSync(lockFile(directory), time, time);
}

async function exited(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Starts lock-contender processes and waits until each has loaded, so 'go' reaches them all at once. */
async function contenders(directory: string, count: number, then?: 'die') {
  const started = Array.from({ length: count }, () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CONTENDER, directory, ...(then ? [then] : [])],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      },
    );
    children.push(child);
    let output = '';
    const lines: string[] = [];
    const waiters: Array<() => void> = [];
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const parts = output.split('\n');
      output = parts.pop()!;
      lines.push(...parts);
      for (const wake of waiters.splice(0)) wake();
    });
    const nextLine = async (index: number): Promise<string> => {
      while (lines.length <= index) {
        if (child.exitCode !== null || child.signalCode !== null) return `exited (${child.signalCode})`;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          child.once('exit', () => resolve());
        });
      }
      return lines[index]!;
    };
    return { child, nextLine };
  });
  for (const { nextLine } of started) expect(await nextLine(0)).toBe('ready');
  return started;
}

// The lock guards the embedded database only; running it again in the PostgreSQL project would add nothing.
describe.runIf(testDatabaseKind() === 'embedded')('embedded data directory lock', () => {
  it('takes a free directory, records its holder, and releases it', async () => {
    const directory = freshDirectory();
    const lock = await acquire(directory);
    expect(statSync(lockFile(directory)).mode & 0o777).toBe(0o600);
    const holder = readLockHolder(directory);
    expect(holder).toMatchObject({ pid: process.pid, role: 'command', ready: false, socket: null });
    expect(holder?.processStart).toBe(processStartTime(process.pid));
    lock.publish('/run/example.sock');
    expect(readLockHolder(directory)).toMatchObject({
      pid: process.pid,
      ready: true,
      socket: '/run/example.sock',
    });
    lock.release();
    expect(existsSync(lockFile(directory))).toBe(false);
    expect(readLockHolder(directory)).toBeNull();
  });

  it('refuses a second holder while the first lives, and names it', async () => {
    const directory = freshDirectory();
    await acquire(directory, 'server');
    const started = Date.now();
    // A server is reported at once, however long the caller would wait for a command.
    const refusal = await acquire(directory, 'command', 10_000).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(refusal).toBeInstanceOf(DataDirectoryInUseError);
    expect((refusal as DataDirectoryInUseError).holder).toMatchObject({ pid: process.pid, role: 'server' });
    expect((refusal as Error).message).toBe(
      `the embedded database in ${directory} is in use by a running Tessera server (pid ${process.pid})`,
    );
  });

  it('waits for a command holding the directory to finish', async () => {
    const directory = freshDirectory();
    const first = await acquire(directory, 'command');
    const second = acquire(directory, 'command', 20_000);
    setTimeout(() => first.release(), 300);
    const lock = await second;
    expect(readLockHolder(directory)?.token).toBe(lock.record.token);
  });

  it('takes over a lock left by a process killed with SIGKILL', async () => {
    const directory = freshDirectory();
    const [victim] = await contenders(directory, 1, 'die');
    victim!.child.stdin.write('go\n');
    expect(await victim!.nextLine(1)).toBe('won');
    await exited(victim!.child);
    expect(victim!.child.signalCode).toBe('SIGKILL');
    const left = JSON.parse(readFileSync(lockFile(directory), 'utf8')) as LockHolder;
    expect(left.pid).toBe(victim!.child.pid);
    expect(readLockHolder(directory)).toBeNull();
    const lock = await acquire(directory);
    expect(readLockHolder(directory)?.token).toBe(lock.record.token);
  }, 120_000);

  it('knows a reused pid from its holder by the process start time', async () => {
    const own = await ownRecord();
    const directory = freshDirectory();
    // The parent process is alive; with its real start time it holds the lock ...
    writeRecord(directory, {
      ...own,
      pid: process.ppid,
      processStart: processStartTime(process.ppid),
      token: 'a',
    });
    await expect(acquire(directory)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    // ... with another start time the pid now belongs to some other process, and the lock is stale.
    writeRecord(directory, { ...own, pid: process.ppid, processStart: '1', token: 'b' });
    const lock = await acquire(directory);
    expect(lock.record.pid).toBe(process.pid);
  });

  it('judges a holder in another boot or pid namespace (a container) by its heartbeat', async () => {
    const container = { ...(await ownRecord()), pid: 1, bootId: 'another-boot', pidNamespace: 'pid:[1]' };
    const directory = freshDirectory();
    writeRecord(directory, container);
    await expect(acquire(directory)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    writeRecord(directory, container, HEARTBEAT_STALE_MS + 1_000);
    expect((await acquire(directory)).record.pid).toBe(process.pid);
  });

  it('leaves a half-written lock file alone until it is old enough to be a crash', async () => {
    const directory = freshDirectory();
    writeFileSync(lockFile(directory), '{"pid":');
    const pending = acquire(directory);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readFileSync(lockFile(directory), 'utf8')).toBe('{"pid":');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(directory), old, old);
    expect((await pending).record.pid).toBe(process.pid);
  });

  it.each([
    ['a free directory', false],
    ['a directory whose holder was killed', true],
  ])(
    'of four processes racing for %s, exactly one wins',
    async (_case, stale) => {
      const directory = freshDirectory();
      if (stale) {
        const [victim] = await contenders(directory, 1, 'die');
        victim!.child.stdin.write('go\n');
        expect(await victim!.nextLine(1)).toBe('won');
        await exited(victim!.child);
      }
      const racers = await contenders(directory, 4);
      for (const racer of racers) racer.child.stdin.write('go\n');
      const outcomes = await Promise.all(racers.map((racer) => racer.nextLine(1)));
      expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'lost')).toHaveLength(3);
      for (const racer of racers) racer.child.stdin.write('exit\n');
    },
    180_000,
  );
});
