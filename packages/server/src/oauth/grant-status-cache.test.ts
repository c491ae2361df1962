/**
 * The grant-status cache behind /userinfo and introspection, on its own: what it keeps, for how long, and that a
 * read a revocation overtook is never kept; and the change-bus announcement that drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { runInTransaction } from '../db/transactions.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { type ActiveGrant, GrantStatusCache, type GrantStatusCacheOptions } from './grant-status-cache.js';

const user = { id: 'u1', email: 'a@example.com', emailVerified: true, name: 'Ada' };
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A cache over a loader whose answers the test releases one by one, so a change can fall between read and store. */
function controlledCache(options: Partial<GrantStatusCacheOptions> = {}) {
  const pending: ((grant: ActiveGrant | undefined) => void)[] = [];
  let loads = 0;
  const cache = new GrantStatusCache({
    load: () => {
      loads += 1;
      return new Promise((resolve) => pending.push(resolve));
    },
    isCurrent: () => true,
    inTransaction: () => false,
    ...options,
  });
  const answer = (grant: ActiveGrant | undefined) => pending.shift()?.(grant);
  return { cache, answer, loads: () => loads };
}

describe('GrantStatusCache', () => {
  it('keeps an active grant, and serves it without reading again', async () => {
    const { cache, answer, loads } = controlledCache();
    const first = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    expect(await first).toEqual(user);
    expect(await cache.activeGrantUser('g1')).toEqual(user);
    expect(loads()).toBe(1);
  });

  it('does not keep a read that a revocation overtook (the generation changed between read and store)', async () => {
    const { cache, answer, loads } = controlledCache();
    for (const drop of [
      () => cache.dropGrant('g1'),
      () => cache.dropUser('u1'),
      () => cache.clear(),
      // A drop for another grant counts too: the check is conservative, never stale.
      () => cache.dropGrant('another'),
    ]) {
      const read = cache.activeGrantUser('g1');
      drop(); // the revocation commits while the read is on its way back
      answer({ user, expiresAt: inAnHour() });
      expect(await read).toEqual(user); // what the database said when asked
      expect(cache.has('g1')).toBe(false);
    }
    // Without a change in between, the same read is kept.
    const read = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    await read;
    expect(cache.has('g1')).toBe(true);
    expect(loads()).toBe(5);
  });

  it('drops a grant, a user’s grants, or everything', async () => {
    const { cache, answer } = controlledCache();
    const other = { ...user, id: 'u2' };
    for (const [grantId, owner] of [
      ['g1', user],
      ['g2', user],
      ['g3', other],
    ] as const) {
      const read = cache.activeGrantUser(grantId);
      answer({ user: owner, expiresAt: inAnHour() });
      await read;
    }
    cache.dropGrant('g1');
    expect([cache.has('g1'), cache.has('g2'), cache.has('g3')]).toEqual([false, true, true]);
    cache.dropUser('u1');
    expect([cache.has('g2'), cache.has('g3')]).toEqual([false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry past its TTL or past the grant’s expiry', async () => {
    let now = 1_000_000;
    const { cache, answer, loads } = controlledCache({ ttlMs: 10_000, clock: () => now });
    const first = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    await first;
    now += 9_999;
    expect(await cache.activeGrantUser('g1')).toEqual(user);
    now += 1;
    const reread = cache.activeGrantUser('g1');
    expect(loads()).toBe(2);
    answer(undefined); // revoked meanwhile, and the notification lost
    expect(await reread).toBeUndefined();
    expect(cache.has('g1')).toBe(false);

    const expiring = cache.activeGrantUser('g2');
    answer({ user, expiresAt: new Date(Date.now() + 60_000) });
    await expiring;
    const later = cache.activeGrantUser('g2', new Date(Date.now() + 60_000));
    expect(loads()).toBe(4);
    answer(undefined);
    expect(await later).toBeUndefined();
  });

  it('keeps nothing (and serves nothing) while it cannot vouch for it: bus not current, or inside a transaction', async () => {
    for (const options of [{ isCurrent: () => false }, { inTransaction: () => true }]) {
      const { cache, answer, loads } = controlledCache(options);
      for (let call = 1; call <= 2; call += 1) {
        const read = cache.activeGrantUser('g1');
        answer({ user, expiresAt: inAnHour() });
        expect(await read).toEqual(user);
      }
      expect(loads()).toBe(2);
      expect(cache.size).toBe(0);
    }
  });

  it('does not keep a refusal, and stays within its bound (oldest out first)', async () => {
    const { cache, answer } = controlledCache({ maxEntries: 2 });
    const refused = cache.activeGrantUser('gone');
    answer(undefined);
    expect(await refused).toBeUndefined();
    expect(cache.size).toBe(0);
    for (const grantId of ['g1', 'g2', 'g3']) {
      const read = cache.activeGrantUser(grantId);
      answer({ user, expiresAt: inAnHour() });
      await read;
    }
    expect([cache.has('g1'), cache.has('g2'), cache.has('g3')]).toEqual([false, true, true]);
    // A user's index follows evictions: dropping the user still drops what is left.
    cache.dropUser('u1');
    expect(cache.size).toBe(0);
  });
});

describe('ChangeBus.announce', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it('drops this node’s entries when the change is made and again when it commits; nothing after a rollback', async () => {
    const bus = new ChangeBus(database, { trustMs: 5_000 });
    try {
      await bus.start();
      const heard: string[] = [];
      bus.on('grants', (key) => {
        heard.push(key);
      });
      await runInTransaction(database.db, async () => {
        await bus.announce('grants', 'grant:committed');
        // Before the commit: already dropped here (reads in flight must not keep what they read) ...
        expect(heard).toEqual(['grant:committed']);
      });
      // ... and dropped again once committed (a read made meanwhile saw the old rows), before the caller goes on
      // (the NOTIFY coming back is a third, whenever it arrives).
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(new Set(heard)).toEqual(new Set(['grant:committed']));
      await runInTransaction(database.db, async () => {
        await bus.announce('grants', 'grant:rolled-back');
        throw new Error('roll back');
      }).catch(() => {});
      // Give a wrongly delivered after-commit drop or NOTIFY time to show up: dropping once is all a rollback costs.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.filter((key) => key === 'grant:rolled-back')).toHaveLength(1);
    } finally {
      await bus.stop();
    }
  });
});
