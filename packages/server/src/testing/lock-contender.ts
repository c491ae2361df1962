/**
 * A process that competes for an embedded database directory's lock, for the lock tests. It says 'ready' once
 * loaded, tries on the line 'go' (printing 'won' or 'lost'), and on 'exit' releases and exits. With 'die' as its
 * second argument it kills itself with SIGKILL right after winning, leaving the lock file behind.
 */
import { createInterface } from 'node:readline';
import { acquireDataDirectoryLock, DataDirectoryInUseError } from '../db/data-dir-lock.js';

const [directory, then] = process.argv.slice(2);
if (!directory) throw new Error('usage: lock-contender DIRECTORY [die]');

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  if (line === 'exit') process.exit(0);
  if (line !== 'go') return;
  try {
    await acquireDataDirectoryLock(directory, { role: 'command', waitForCommandMs: 0 });
    process.stdout.write('won\n');
    if (then === 'die') process.kill(process.pid, 'SIGKILL');
  } catch (error) {
    process.stdout.write(error instanceof DataDirectoryInUseError ? 'lost\n' : `failed: ${String(error)}\n`);
  }
});
process.stdout.write('ready\n');
