/**
 * The session cache on its own: what it keeps, for how long, that an answer a change overtook is never kept, and
 * that it serves nothing while the node is not sure it hears every change or inside a transaction.
 */
import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionCacheOptions } from './session-cache.js';

interface Kept {
  session: { id: string };
  user: { id: string; status: string };
}

const kept = (sessionId: string, userId = 'u1'): Kept => ({
  session: { id: sessionId },
  user: { id: userId, status: 'active' },
});

function cacheWith(options: Partial<SessionCacheOptions> = {}) {
  return new SessionCache<Kept>({ isCurrent: () => true, inTransaction: () => false, ...options });
}

describe('SessionCache', () => {
  it('keeps a session read after its mark, and serves it', () => {
    const cache = cacheWith();
    const mark = cache.mark();
    cache.keep(kept('s1'), mark);
    expect(cache.get('s1')).toEqual(kept('s1'));
    expect(cache.get('s2')).toBeUndefined();
  });

  it('does not keep an answer that a change overtook (anything dropped since its mark)', () => {
    const cache = cacheWith();
    for (const drop of [
      () => cache.dropSession('s1'),
      () => cache.dropUser('u1'),
      () => cache.clear(),
      // A drop of another session or user counts too: the check is conservative, never stale.
      () => cache.dropSession('another'),
      () => cache.dropUser('someone else'),
    ]) {
      const mark = cache.mark();
      drop(); // the change is announced while the read is on its way back
      cache.keep(kept('s1'), mark);
      expect(cache.has('s1')).toBe(false);
    }
    cache.keep(kept('s1'), cache.mark());
    expect(cache.has('s1')).toBe(true);
  });

  it('drops a session, a user’s sessions, or everything', () => {
    const cache = cacheWith();
    for (const [sessionId, userId] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ] as const) {
      cache.keep(kept(sessionId, userId), cache.mark());
    }
    cache.dropSession('s1');
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    cache.dropUser('u1');
    expect([cache.has('s2'), cache.has('s3')]).toEqual([false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves an entry for its TTL at most', () => {
    let now = 1_000_000;
    const cache = cacheWith({ ttlMs: 10_000, clock: () => now });
    cache.keep(kept('s1'), cache.mark());
    now += 9_999;
    expect(cache.get('s1')).toBeDefined();
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.has('s1')).toBe(false);
  });

  it('forgets entries past their TTL when it keeps another, so it holds one TTL of sessions at most', () => {
    let now = 1_000_000;
    const cache = cacheWith({ ttlMs: 10_000, clock: () => now });
    cache.keep(kept('s1'), cache.mark());
    now += 5_000;
    cache.keep(kept('s2', 'u2'), cache.mark());
    now += 5_000;
    cache.keep(kept('s3', 'u3'), cache.mark());
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    now += 20_000;
    cache.keep(kept('s4', 'u4'), cache.mark());
    expect(cache.size).toBe(1);
  });

  it('neither serves nor keeps while the node may have missed a change, or inside a transaction', () => {
    let current = true;
    let transaction = false;
    const cache = cacheWith({ isCurrent: () => current, inTransaction: () => transaction });
    cache.keep(kept('s1'), cache.mark());
    current = false;
    expect(cache.get('s1')).toBeUndefined();
    cache.keep(kept('s2'), cache.mark());
    expect(cache.has('s2')).toBe(false);
    current = true;
    transaction = true;
    expect(cache.get('s1')).toBeUndefined();
    cache.keep(kept('s3'), cache.mark());
    expect(cache.has('s3')).toBe(false);
    transaction = false;
    expect(cache.get('s1')).toEqual(kept('s1'));
  });

  it('holds at most maxEntries, forgetting the oldest first', () => {
    const cache = cacheWith({ maxEntries: 2 });
    for (const id of ['s1', 's2', 's3']) cache.keep(kept(id), cache.mark());
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    // The evicted session's user index is cleaned too: dropping its user touches only what is kept.
    cache.dropUser('u1');
    expect(cache.size).toBe(0);
  });

  it('freezes the kept user, so no caller changes what the next one is served', () => {
    const cache = cacheWith();
    cache.keep(kept('s1'), cache.mark());
    const user = cache.get('s1')!.user;
    expect(() => {
      user.status = 'disabled';
    }).toThrow(TypeError);
  });
});
