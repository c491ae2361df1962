import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { CLOSE_MARGIN_MS } from './shutdown-on-signal.js';

/**
 * How long the primary waits for a worker beyond the grace period. Longer than a worker's own close margin, so
 * that a worker which cannot close reports it itself before the primary has to kill it.
 */
export const WORKER_STOP_MARGIN_MS = CLOSE_MARGIN_MS + 5_000;

/** Each worker serves two listeners (public and admin). */
const LISTENERS_PER_WORKER = 2;

export interface PrimaryOptions {
  workers: number;
  graceSeconds: number;
  logger: Logger;
  /** Called once, when every worker is listening on both ports. */
  onReady: () => void;
}

/**
 * The `serve --workers N` primary: forks the workers, replaces one that dies while serving, and on SIGTERM or
 * SIGINT forwards SIGTERM to every worker, replaces none, waits for each to drain and exit, then exits 0 — or 1
 * when a worker failed to stop cleanly or had to be killed after the grace period and margin.
 *
 * The primary must outlive its workers: a cluster worker whose primary disappears exits at once, cutting off its
 * in-flight requests.
 */
export function runClusterPrimary({ workers, graceSeconds, logger, onReady }: PrimaryOptions): void {
  const live = new Set<Worker>();
  const listenersUp = new Map<Worker, number>();
  let ready = false;
  let stopping = false;
  let failed = false;

  const fork = () => live.add(cluster.fork());

  cluster.on('listening', (worker) => {
    listenersUp.set(worker, (listenersUp.get(worker) ?? 0) + 1);
    if (ready) return;
    const up = [...live].filter((candidate) => (listenersUp.get(candidate) ?? 0) >= LISTENERS_PER_WORKER);
    if (up.length === workers) {
      ready = true;
      onReady();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    listenersUp.delete(worker);
    const pid = worker.process.pid;
    if (!stopping) {
      logger.error({ worker_pid: pid, code, signal }, 'worker exited; starting a new one');
      fork();
      return;
    }
    if (code !== 0) {
      failed = true;
      logger.error({ worker_pid: pid, code, signal }, 'worker did not stop cleanly');
    } else {
      logger.info({ worker_pid: pid }, 'worker stopped');
    }
    if (live.size === 0) {
      logger.info({ status: failed ? 1 : 0 }, 'every worker has stopped');
      process.exit(failed ? 1 : 0);
    }
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, workers: live.size, grace_seconds: graceSeconds },
      'stopping: asking every worker to drain and exit',
    );
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(
      () => {
        failed = true;
        for (const worker of live) {
          logger.error(
            {
              worker_pid: worker.process.pid,
              grace_seconds: graceSeconds,
              margin_seconds: WORKER_STOP_MARGIN_MS / 1000,
            },
            'worker did not exit within the grace period and margin; killing it',
          );
          worker.process.kill('SIGKILL');
        }
      },
      graceSeconds * 1000 + WORKER_STOP_MARGIN_MS,
    ).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let index = 0; index < workers; index += 1) fork();
}
