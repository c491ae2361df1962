/**
 * The audit log with a time range (`from`, `to`): newest first by time, paged with `before` = the last id of the
 * previous page, every event in the range exactly once, events written in the same instant included, whether or
 * not the ids were handed out in the order of the times (a transaction's `at` is when it began, its id when it
 * wrote). The events are written straight into the table with the times each test needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let admin: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password for ranges');
  admin = await adminSignIn(server, 'root@example.com', 'admin password for ranges');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Written {
  id: number;
  at: Date;
  actor: string;
  outcome: 'success' | 'failure';
}

/** Writes events in the order given (so their ids ascend in that order), each at `base` + its offset. */
async function write(
  base: Date,
  events: { offsetMs: number; actor: string; outcome?: 'success' | 'failure' }[],
): Promise<Written[]> {
  return server.database.withConnection(async (connection) => {
    const written: Written[] = [];
    for (const event of events) {
      const at = new Date(base.getTime() + event.offsetMs);
      const outcome = event.outcome ?? 'success';
      const [row] = await connection.query<{ id: string | number }>(
        `insert into audit_events (at, action, outcome, actor_type, actor_id, target_type, target_id)
         values ($1, 'user.updated', $2, 'user', $3, 'user', $3) returning id`,
        [at.toISOString(), outcome, event.actor],
      );
      written.push({ id: Number(row!.id), at, actor: event.actor, outcome });
    }
    return written;
  });
}

/** Newest first by time; among events of the same instant, the later written first. */
function newestFirst(events: Written[]): number[] {
  return [...events].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((event) => event.id);
}

/** Every page of `query` with `limit`, following next_before, as the portal pages. */
async function walk(query: string, limit: number): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let before: number | null = null;
  for (let pages = 1; pages <= 100; pages++) {
    const page = await adminFetch(
      server,
      admin,
      'GET',
      `/admin/audit?${query}&limit=${limit}${before === null ? '' : `&before=${before}`}`,
    );
    expect(page.status, server.logs.text().slice(-3000)).toBe(200);
    const events = page.json.events as { id: number }[];
    expect(events.length).toBeLessThanOrEqual(limit);
    ids.push(...events.map((event) => event.id));
    before = page.json.next_before as number | null;
    expect(before).toBe(events.length === limit ? events.at(-1)!.id : null);
    if (before === null) return { ids, pages };
  }
  throw new Error('more than 100 pages');
}

describe('audit log with a time range', () => {
  const base = new Date('2021-03-01T12:00:00.000Z');
  const from = base.toISOString();
  const to = new Date(base.getTime() + 10_000).toISOString();
  let written: Written[];

  beforeAll(async () => {
    // Written out of time order, with four events in one instant written apart from each other, and events on
    // both edges of the range and a millisecond outside each.
    written = await write(base, [
      { offsetMs: 5_000, actor: 'range-a' },
      { offsetMs: 9_000, actor: 'range-b' },
      { offsetMs: -1, actor: 'range-a' },
      { offsetMs: 1_000, actor: 'range-a', outcome: 'failure' },
      { offsetMs: 5_000, actor: 'range-b' },
      { offsetMs: 10_000, actor: 'range-a' },
      { offsetMs: 7_500, actor: 'range-b', outcome: 'failure' },
      { offsetMs: 5_000, actor: 'range-a', outcome: 'failure' },
      { offsetMs: 0, actor: 'range-b' },
      { offsetMs: 10_001, actor: 'range-b' },
      { offsetMs: 2_000, actor: 'range-a' },
      { offsetMs: 5_000, actor: 'range-a' },
      { offsetMs: 3_000, actor: 'range-b' },
      { offsetMs: 8_000, actor: 'range-a' },
    ]);
  });

  it('walks every event in the range once, newest first, across pages, ties included', async () => {
    const inRange = written.filter((event) => event.at >= new Date(from) && event.at <= new Date(to));
    expect(inRange).toHaveLength(12);
    const expected = newestFirst(inRange);
    for (const limit of [1, 3, 4, 5]) {
      const { ids } = await walk(`from=${from}&to=${to}`, limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
    }
    // The order is the time's, not the ids': the event at the `to` edge was written sixth.
    expect(expected[0]).toBe(written[5]!.id);
    expect(expected.at(-1)).toBe(written[8]!.id);
  });

  it('includes both edges and nothing a millisecond outside them', async () => {
    const { ids } = await walk(`from=${from}&to=${to}`, 50);
    expect(ids).toContain(written[5]!.id); // at `to`
    expect(ids).toContain(written[8]!.id); // at `from`
    expect(ids).not.toContain(written[2]!.id); // a millisecond before `from`
    expect(ids).not.toContain(written[9]!.id); // a millisecond after `to`
    // One edge alone: everything from `from` on, or up to `to`, among these actors.
    const since = await walk(`from=${from}&actor=range-b`, 2);
    expect(since.ids).toEqual(newestFirst(written.filter((e) => e.actor === 'range-b' && e.at >= base)));
    const until = await walk(`to=${to}&actor=range-b`, 2);
    expect(until.ids).toEqual(
      newestFirst(written.filter((e) => e.actor === 'range-b' && e.at <= new Date(to))),
    );
  });

  it('combines the range with the other filters', async () => {
    const inRange = (event: Written) => event.at >= new Date(from) && event.at <= new Date(to);
    const byActor = await walk(`from=${from}&to=${to}&actor=range-a`, 2);
    expect(byActor.ids).toEqual(newestFirst(written.filter((e) => inRange(e) && e.actor === 'range-a')));
    expect(byActor.ids).toHaveLength(7);
    const failures = await walk(`from=${from}&to=${to}&outcome=failure&target=range-a`, 1);
    expect(failures.ids).toEqual(
      newestFirst(written.filter((e) => inRange(e) && e.actor === 'range-a' && e.outcome === 'failure')),
    );
    expect(failures.ids).toHaveLength(2);
    const none = await walk(`from=${from}&to=${to}&action=client.created`, 5);
    expect(none.ids).toEqual([]);
  });

  it('takes the last id of a page as before, and an id no event has where the event below it stands', async () => {
    const expected = newestFirst(written.filter((e) => e.at >= new Date(from) && e.at <= new Date(to)));
    const page = await adminFetch(server, admin, 'GET', `/admin/audit?from=${from}&to=${to}&limit=4`);
    const before = page.json.next_before as number;
    expect(before).toBe(expected[3]);
    const next = await adminFetch(
      server,
      admin,
      'GET',
      `/admin/audit?from=${from}&to=${to}&limit=50&before=${before}`,
    );
    expect((next.json.events as { id: number }[]).map((event) => event.id)).toEqual(expected.slice(4));
    // An id between two events' (a rolled-back insert's): the events after the newest one below it, that one
    // included.
    const gap = await write(base, [{ offsetMs: 6_000, actor: 'range-gap' }]);
    await server.database.withConnection((connection) =>
      connection.exec(`delete from audit_events where id = ${gap[0]!.id}`),
    );
    const [below] = await server.database.withConnection((connection) =>
      connection.query<{ id: string | number; at: Date }>(
        `select id, at from audit_events where id < ${gap[0]!.id} order by id desc limit 1`,
      ),
    );
    const anchor = { id: gap[0]!.id, at: new Date(below!.at) };
    const fromGap = await adminFetch(
      server,
      admin,
      'GET',
      `/admin/audit?from=${from}&to=${to}&limit=50&before=${anchor.id}`,
    );
    const after = written.filter(
      (e) =>
        e.at >= new Date(from) &&
        e.at <= new Date(to) &&
        (e.at < anchor.at || (e.at.getTime() === anchor.at.getTime() && e.id < anchor.id)),
    );
    expect(after.length).toBeGreaterThan(0);
    expect((fromGap.json.events as { id: number }[]).map((event) => event.id)).toEqual(newestFirst(after));
  });
});

describe('audit export with a time range', () => {
  const base = new Date('2021-04-01T00:00:00.000Z');
  const count = 1_200;
  let written: Written[];

  beforeAll(async () => {
    // Three events per instant, the later instants written first: the export reads pages of 500, so instants
    // straddle its page boundaries, and the ids run against the times throughout.
    written = await server.database.withConnection(async (connection) => {
      const rows = await connection.query<{ id: string | number; at: Date | string }>(
        `insert into audit_events (at, action, outcome, actor_type, actor_id)
         select $1::timestamptz + ((${count} - g) / 3) * interval '1 second', 'user.updated', 'success', 'user',
                'export-' || g % 2
         from generate_series(1, ${count}) g
         returning id, at`,
        [base.toISOString()],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        at: new Date(row.at),
        actor: '',
        outcome: 'success' as const,
      }));
    });
    expect(written).toHaveLength(count);
  });

  const from = base.toISOString();
  const to = new Date(base.getTime() + 3_600_000).toISOString();

  it('streams every event in the range once, newest first, across its pages', async () => {
    const response = await fetch(`${server.adminUrl}/admin/audit/export?format=jsonl&from=${from}&to=${to}`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    const ids = (await response.text())
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(newestFirst(written));
  });

  it('pages the same events through the list, pages of the largest size included', async () => {
    const { ids, pages } = await walk(`from=${from}&to=${to}`, 500);
    expect(pages).toBe(3);
    expect(ids).toEqual(newestFirst(written));
  });
});
