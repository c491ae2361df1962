/**
 * The admin list of dynamically registered clients (`GET /admin/client-registrations`), paged newest first by
 * registration time then client id: every registration once across pages, even those registered within one
 * millisecond; cursors it did not give out and limits out of range refused.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { clientRegistrations } from './tables.js';

let server: TestServer;
let admin: AdminSession;

interface Listed {
  client_id: string;
  registered_at: string;
  initial_access_token: { id: string } | null;
}

interface Page {
  registrations: Listed[];
  next_after: string | null;
}

const registeredIds: string[] = [];
let tokenId = '';

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
  const issued = await adminFetch(server, admin, 'POST', '/admin/initial-access-tokens', {
    description: 'listing partner',
  });
  expect(issued.status).toBe(201);
  tokenId = issued.json.id as string;
  for (let n = 0; n < 7; n += 1) {
    const response = await fetch(`${server.publicUrl}/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${issued.json.token as string}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: `Registered ${n}`,
        redirect_uris: ['http://127.0.0.1:53682/callback'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      }),
    });
    expect(response.status).toBe(201);
    registeredIds.push(((await response.json()) as { client_id: string }).client_id);
  }
  // Five of them registered within one millisecond, two at the very same microsecond: the order must come from
  // the times as PostgreSQL keeps them and the client id, not from times rounded to milliseconds.
  const times = [
    '2031-05-01T10:00:00.123456Z',
    '2031-05-01T10:00:00.123456Z',
    '2031-05-01T10:00:00.123999Z',
    '2031-05-01T10:00:00.123001Z',
    '2031-05-01T10:00:00.123000Z',
  ];
  for (const [index, at] of times.entries())
    await server.database.db
      .update(clientRegistrations)
      .set({ registeredAt: sql`${at}::timestamptz` })
      .where(inArray(clientRegistrations.clientId, [registeredIds[index]!]));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function list(query: string): Promise<Page> {
  const answer = await adminFetch(server, admin, 'GET', `/admin/client-registrations${query}`);
  expect(answer.status).toBe(200);
  return answer.json as unknown as Page;
}

/** Every page from the first, `limit` at a time: the client ids in the order they were listed. */
async function walk(limit: number, clientIds: string[] = []): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams([
      ['limit', String(limit)],
      ...clientIds.map((id): [string, string] => ['client_id', id]),
    ]);
    if (after) params.set('after', after);
    const page = await list(`?${params}`);
    pages += 1;
    expect(page.registrations.length).toBeLessThanOrEqual(limit);
    if (page.next_after) expect(page.registrations.length).toBe(limit);
    ids.push(...page.registrations.map((entry) => entry.client_id));
    after = page.next_after;
  } while (after && pages < 100);
  return { ids, pages };
}

/** The order the listing promises, computed here from the database's own times (microseconds) and ids. */
async function expectedOrder(): Promise<string[]> {
  const rows = await server.database.db
    .select({
      id: clientRegistrations.clientId,
      at: sql<string>`to_char(${clientRegistrations.registeredAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
    })
    .from(clientRegistrations);
  const codeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => codeUnits(b.at, a.at) || codeUnits(b.id, a.id)).map((row) => row.id);
}

describe('GET /admin/client-registrations', () => {
  it('pages through every registration once, newest first, and says where the list ends', async () => {
    const order = await expectedOrder();
    expect(order).toHaveLength(registeredIds.length);
    // The ones moved into one millisecond lead (their times are the latest), by time, then client id.
    expect(order[0]).toBe(registeredIds[2]);
    expect(order.slice(1, 3).sort()).toEqual(registeredIds.slice(0, 2).sort());
    expect(order[3]).toBe(registeredIds[3]);
    expect(order[4]).toBe(registeredIds[4]);

    const first = await list('');
    expect(first.registrations.map((entry) => entry.client_id)).toEqual(order);
    expect(first.next_after).toBeNull();
    expect(first.registrations[0]).toMatchObject({ initial_access_token: { id: tokenId } });

    for (const limit of [1, 2, 3, 7]) {
      const walked = await walk(limit);
      expect(walked.ids).toEqual(order);
      expect(walked.pages).toBe(Math.ceil(order.length / limit));
    }
    // Asked about some clients: those only, paged the same way.
    const some = [
      registeredIds[0]!,
      registeredIds[1]!,
      registeredIds[4]!,
      registeredIds[6]!,
      'no-such-client',
    ];
    const walkedSome = await walk(2, some);
    expect(walkedSome.ids).toEqual(order.filter((id) => some.includes(id)));
    expect(walkedSome.pages).toBe(2);
  });

  it('a registration moved before the cursor meanwhile is not listed again; the rest follow', async () => {
    const order = await expectedOrder();
    const page = await list('?limit=3');
    expect(page.registrations.map((entry) => entry.client_id)).toEqual(order.slice(0, 3));
    // The first row of the next page moves before the cursor: it is not listed again; the rest follow.
    const moved = order[3]!;
    await server.database.db
      .update(clientRegistrations)
      .set({ registeredAt: sql`'2032-01-01T00:00:00Z'::timestamptz` })
      .where(inArray(clientRegistrations.clientId, [moved]));
    try {
      const next = await list(`?limit=10&after=${page.next_after}`);
      expect(next.registrations.map((entry) => entry.client_id)).toEqual(order.slice(4));
      expect(next.next_after).toBeNull();
    } finally {
      await server.database.db
        .update(clientRegistrations)
        .set({ registeredAt: sql`'2031-05-01T10:00:00.123000Z'::timestamptz` })
        .where(inArray(clientRegistrations.clientId, [moved]));
    }
  });

  it('refuses a cursor it did not give and a limit out of range, with a clear error and nothing changed', async () => {
    const before = await list('?limit=200');
    const given = (await list('?limit=2')).next_after!;
    const [listing, at, id] = JSON.parse(Buffer.from(given, 'base64url').toString('utf8')) as string[];
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const after of [
      'not a cursor',
      `${given}x`,
      cursor([listing, at]),
      cursor([listing, at, '']),
      cursor([listing, at, `${id}\u0000`]),
      cursor([listing, '2031-05-01T10:00:00.123Z', id]), // milliseconds only: not a time it gives out
      cursor([listing, '2031-05-01 10:00:00.123456+00', id]),
      cursor([listing, '2031-02-30T10:00:00.123456Z', id]), // no such day
      cursor([listing, '2031-05-01T24:00:00.000000Z', id]),
      cursor([listing, '0000-01-01T00:00:00.000000Z', id]), // no year 0 in PostgreSQL
      cursor(['clients', at, id]), // another listing's
      cursor([at, id]),
    ]) {
      const answer = await adminFetch(
        server,
        admin,
        'GET',
        `/admin/client-registrations?after=${encodeURIComponent(after)}`,
      );
      expect(answer.status, after).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_cursor' });
    }
    for (const limit of ['0', '201', '-1', 'ten']) {
      const answer = await adminFetch(server, admin, 'GET', `/admin/client-registrations?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_request' });
    }
    expect((await list('?limit=1')).registrations).toHaveLength(1);
    // Nothing changed: the same list as before, and the cursor it gave still works.
    expect(await list('?limit=200')).toEqual(before);
    expect((await list(`?limit=200&after=${given}`)).registrations.map((entry) => entry.client_id)).toEqual(
      before.registrations.slice(2).map((entry) => entry.client_id),
    );
  });
});
