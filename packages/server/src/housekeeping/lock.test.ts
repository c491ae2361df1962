/**
 * Two nodes on one PostgreSQL both offer to run housekeeping; the advisory lock lets one do it while the other
 * skips. (The embedded database is one connection in one process, so there is no second node to keep out.)
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../accounts/tables.js';
import { testDatabaseKind } from '../testing/database.js';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import type { TestServer } from '../testing/server.js';
import { HOUSEKEEPING_LOCK_KEY } from './service.js';

describe.runIf(testDatabaseKind() === 'postgres')('housekeeping on two nodes', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let outsider: pg.Client;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ nodeA, nodeB } = nodes);
    outsider = new pg.Client({ connectionString: nodes.database.url! });
    await outsider.connect();
  }, 60_000);
  afterAll(async () => {
    await outsider?.end();
    await nodes?.close();
  });

  /** Whether some connection to this database holds the housekeeping lock (a bigint key: two 32-bit halves). */
  async function lockHeld(): Promise<boolean> {
    const key = BigInt(HOUSEKEEPING_LOCK_KEY);
    const { rows } = await outsider.query<{ held: boolean }>(
      `SELECT count(*) > 0 AS held FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid = $1::bigint::oid AND objid = $2::bigint::oid`,
      [String(key >> 32n), String(key & 0xffff_ffffn)],
    );
    return rows[0]!.held;
  }

  it('runs on one node at a time: the other skips while the first holds the lock', async () => {
    const user = await nodeA.context.accounts.users.create({
      email: `user-${randomBytes(4).toString('hex')}@example.com`,
    });
    const sessionId = randomBytes(16).toString('hex');
    const longAgo = new Date(Date.now() - 48 * 3600_000);
    await nodeA.database.db.insert(sessions).values({
      id: sessionId,
      publicId: randomBytes(16).toString('hex'),
      userId: user.id,
      authTime: longAgo,
      amr: ['pwd'],
      acr: 'urn:tessera:loa:1',
      idleExpiresAt: longAgo,
      absoluteExpiresAt: longAgo,
      endedAt: longAgo,
    });
    // A transaction elsewhere holds the expired session's row: node A's run stops at that row, lock in hand.
    await outsider.query('BEGIN');
    await outsider.query('SELECT id FROM sessions WHERE id = $1 FOR UPDATE', [sessionId]);
    const runOnA = nodeA.context.housekeeping.runOnce();
    try {
      const deadline = Date.now() + 10_000;
      while (!(await lockHeld())) {
        if (Date.now() > deadline) throw new Error('node A never took the housekeeping lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await nodeB.context.housekeeping.runOnce()).toEqual({ outcome: 'skipped' });
    } finally {
      await outsider.query('ROLLBACK');
    }

    const runA = await runOnA;
    expect(runA).toMatchObject({ outcome: 'completed', purged: { sessions: 1 } });
    expect(await nodeA.database.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
    expect(await lockHeld()).toBe(false);
    // The lock is free again: node B's next offer runs (and finds nothing left).
    expect(await nodeB.context.housekeeping.runOnce()).toMatchObject({
      outcome: 'completed',
      purged: { sessions: 0 },
    });
    const metricsOfB = (await nodeB.context.metrics.render()).body;
    expect(metricsOfB).toContain('tessera_housekeeping_runs_total{outcome="skipped"} 1');
    expect(metricsOfB).toContain('tessera_housekeeping_runs_total{outcome="completed"} 1');
  });
});
