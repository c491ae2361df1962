/**
 * The cache behind the grant-status and session caches, on its own: what it keeps, for how long, that an answer a
 * change overtook is never kept, that it serves nothing while the node is not sure it hears every change or inside a
 * transaction, and the change-bus messages that drop it.
 */
import { describe, expect, it } from 'vitest';
import { InvalidatedCache, type InvalidatedCacheOptions } from './invalidated-cache.js';

interface Kept {
  session: { id: string };
  user: { id: string; status: string };
}

const kept = (sessionId: string, userId = 'u1'): Kept => ({
  session: { id: sessionId },
  user: { id: userId, status: 'active' },
});

function cacheWith(options: Partial<InvalidatedCacheOptions> = {}) {
  return new InvalidatedCache<Kept>({
    isCurrent: () => true,
    inTransaction: () => false,
    ttlMs: 10_000,
    maxEntries: 50_000,
    ...options,
  });
}

/** Kept by session id, owned by the session's user, as SessionService keeps them. */
function keep(cache: InvalidatedCache<Kept>, value: Kept, mark: number): void {
  cache.keep(value.session.id, value.user.id, value, mark);
}

describe('InvalidatedCache', () => {
  it('keeps a session read after its mark, and serves it', () => {
    const cache = cacheWith();
    const mark = cache.mark();
    keep(cache, kept('s1'), mark);
    expect(cache.get('s1')).toEqual(kept('s1'));
    expect(cache.get('s2')).toBeUndefined();
  });

  it('does not keep an answer that a change overtook (anything dropped since its mark)', () => {
    const cache = cacheWith();
    for (const drop of [
      () => cache.drop('s1'),
      () => cache.dropOwner('u1'),
      () => cache.clear(),
      // A drop of another session or user counts too: the check is conservative, never stale.
      () => cache.drop('another'),
      () => cache.dropOwner('someone else'),
    ]) {
      const mark = cache.mark();
      drop(); // the change is announced while the read is on its way back
      keep(cache, kept('s1'), mark);
      expect(cache.has('s1')).toBe(false);
    }
    keep(cache, kept('s1'), cache.mark());
    expect(cache.has('s1')).toBe(true);
  });

  it('drops a session, a user’s sessions, or everything', () => {
    const cache = cacheWith();
    for (const [sessionId, userId] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ] as const) {
      keep(cache, kept(sessionId, userId), cache.mark());
    }
    cache.drop('s1');
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    cache.dropOwner('u1');
    expect([cache.has('s2'), cache.has('s3')]).toEqual([false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves an entry for its TTL at most', () => {
    let now = 1_000_000;
    const cache = cacheWith({ ttlMs: 10_000, clock: () => now });
    keep(cache, kept('s1'), cache.mark());
    now += 9_999;
    expect(cache.get('s1')).toBeDefined();
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.has('s1')).toBe(false);
  });

  it('forgets entries past their TTL when it keeps another, so it holds one TTL of sessions at most', () => {
    let now = 1_000_000;
    const cache = cacheWith({ ttlMs: 10_000, clock: () => now });
    keep(cache, kept('s1'), cache.mark());
    now += 5_000;
    keep(cache, kept('s2', 'u2'), cache.mark());
    now += 5_000;
    keep(cache, kept('s3', 'u3'), cache.mark());
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    now += 20_000;
    keep(cache, kept('s4', 'u4'), cache.mark());
    expect(cache.size).toBe(1);
  });

  it('neither serves nor keeps while the node may have missed a change, or inside a transaction', () => {
    let current = true;
    let transaction = false;
    const cache = cacheWith({ isCurrent: () => current, inTransaction: () => transaction });
    keep(cache, kept('s1'), cache.mark());
    current = false;
    expect(cache.get('s1')).toBeUndefined();
    keep(cache, kept('s2'), cache.mark());
    expect(cache.has('s2')).toBe(false);
    current = true;
    transaction = true;
    expect(cache.get('s1')).toBeUndefined();
    keep(cache, kept('s3'), cache.mark());
    expect(cache.has('s3')).toBe(false);
    transaction = false;
    expect(cache.get('s1')).toEqual(kept('s1'));
  });

  it('holds at most maxEntries, forgetting the oldest first', () => {
    const cache = cacheWith({ maxEntries: 2 });
    for (const id of ['s1', 's2', 's3']) keep(cache, kept(id), cache.mark());
    expect([cache.has('s1'), cache.has('s2'), cache.has('s3')]).toEqual([false, true, true]);
    // The evicted session's user index is cleaned too: dropping its user touches only what is kept.
    cache.dropOwner('u1');
    expect(cache.size).toBe(0);
  });

  it('drops by change-bus message: one entry, a user’s entries, or everything', () => {
    const cache = cacheWith();
    for (const [sessionId, userId] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
      ['s4', 'u3'],
    ] as const) {
      keep(cache, kept(sessionId, userId), cache.mark());
    }
    cache.applyChange('session:s1');
    expect([cache.has('s1'), cache.has('s2')]).toEqual([false, true]);
    cache.applyChange('user:u1');
    expect([cache.has('s2'), cache.has('s3')]).toEqual([false, true]);
    cache.applyUserChange('u2');
    expect([cache.has('s3'), cache.has('s4')]).toEqual([false, true]);
    const mark = cache.mark();
    cache.applyChange('*');
    expect(cache.size).toBe(0);
    // Every message counts as a change: an answer read before it is not kept.
    keep(cache, kept('s5'), mark);
    expect(cache.has('s5')).toBe(false);
  });
});
