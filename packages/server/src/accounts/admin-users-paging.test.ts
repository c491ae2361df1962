import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../app/ports/keyset.js';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { MATCH_CAP, SCAN_BUDGET } from './users.js';

let server: TestServer;
let writer: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  writer = await adminSignIn(server, 'root@example.com', 'admin password one');
});
afterAll(async () => {
  await server?.close();
});

interface ListedPage {
  status: number;
  users: { email: string }[];
  total: number;
  total_kind: string;
  next_after: string | null;
  error?: string;
}

async function list(parameters: Record<string, string | number>): Promise<ListedPage> {
  const query = new URLSearchParams(
    Object.entries(parameters).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const { status, json } = await adminFetch(server, writer, 'GET', `/admin/users?${query}`);
  return { status, ...(json as Omit<ListedPage, 'status'>) };
}

async function create(email: string, name = ''): Promise<void> {
  const created = await adminFetch(server, writer, 'POST', '/admin/users', { email, name });
  expect(created.status).toBe(201);
}

/** Rows written straight into the table: many users, quickly (the listing reads them like any others). */
async function insertUsers(prefix: string, count: number, name: string): Promise<void> {
  await server.database.withConnection((connection) =>
    connection.exec(`
      insert into users (id, email, email_normalized, name)
      select '${prefix}-' || g, '${prefix}-' || lpad(g::text, 5, '0') || '@bulk.example',
             '${prefix}-' || lpad(g::text, 5, '0') || '@bulk.example', '${name}'
      from generate_series(1, ${count}) g`),
  );
}

/** Follows next_after from the first page to the last, calling `between` after each page. */
async function walk(
  parameters: Record<string, string | number>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<{ emails: string[]; pages: ListedPage[] }> {
  const pages: ListedPage[] = [];
  let after: string | null = null;
  do {
    const page = await list(after === null ? parameters : { ...parameters, after });
    expect(page.status).toBe(200);
    pages.push(page);
    after = page.next_after;
    await between(pages.length);
  } while (after !== null && pages.length < 1_000);
  return { emails: pages.flatMap((page) => page.users.map((user) => user.email)), pages };
}

describe('the admin user listing pages by keyset', () => {
  it('walks every user exactly once, in address order, with users created between the pages', async () => {
    // Same names (ties in what the search also matches), addresses that are prefixes of one another.
    for (const email of [
      'walk-b@paging.example',
      'walk-a@paging.example',
      'walk-a@paging.example.org',
      'walk-a.b@paging.example',
      'walk-c@paging.example',
      'walk-d@paging.example',
    ])
      await create(email, 'Same Name');
    const { emails, pages } = await walk({ query: 'walk-', limit: 2 }, async (page) => {
      // After the first page (which ends at walk-a@paging.example): one address after the cursor, which the walk
      // must reach, and one before it, which it has passed.
      if (page === 1) {
        await create('walk-bb@paging.example', 'Same Name');
        await create('walk-0@paging.example', 'Same Name');
      }
    });
    expect(emails).toEqual([
      'walk-a.b@paging.example',
      'walk-a@paging.example',
      'walk-a@paging.example.org',
      'walk-b@paging.example',
      'walk-bb@paging.example',
      'walk-c@paging.example',
      'walk-d@paging.example',
    ]);
    // Full pages but the last; no empty page at the end.
    expect(pages.map((page) => page.users.length)).toEqual([2, 2, 2, 1]);
    expect(pages.at(-1)?.next_after).toBeNull();
    // The total is of the whole search, on every page.
    expect(pages.map((page) => [page.total, page.total_kind])).toEqual([
      [6, 'exact'],
      [8, 'exact'],
      [8, 'exact'],
      [8, 'exact'],
    ]);
    // The listing without a query walks the same way, the names not mattering.
    const everyone = await walk({ limit: 3 });
    expect(everyone.emails.filter((email) => email.startsWith('walk-'))).toEqual([
      'walk-0@paging.example',
      ...emails,
    ]);
    expect(new Set(everyone.emails).size).toBe(everyone.emails.length);
    expect(everyone.pages[0]?.total_kind).toBe('exact');
    expect(everyone.pages[0]?.total).toBe(everyone.emails.length);
  });

  it('keeps the search rule: a whole address finds its account alone, on the first page only', async () => {
    await create('keep@rule.example');
    await create('dkeep@rule.example');
    const whole = await list({ query: 'KEEP@rule.example', limit: 1 });
    expect([whole.users.map((user) => user.email), whole.total, whole.next_after]).toEqual([
      ['keep@rule.example'],
      1,
      null,
    ]);
    // A cursor from before it still shows it; one from after it does not.
    const before = encodeCursor('users', 'dkeep@rule.example');
    const past = encodeCursor('users', 'keep@rule.example');
    expect((await list({ query: 'keep@rule.example', after: before })).users).toHaveLength(1);
    expect((await list({ query: 'keep@rule.example', after: past })).users).toEqual([]);
    // A fragment is a substring search, paged by the cursor.
    const fragment = await walk({ query: 'keep@rule', limit: 1 });
    expect(fragment.emails).toEqual(['dkeep@rule.example', 'keep@rule.example']);
    // Offset paging still works for callers that use it.
    const second = await list({ query: 'keep@rule', offset: 1, limit: 1 });
    expect(second.users.map((user) => user.email)).toEqual(['keep@rule.example']);
  });

  it('refuses a cursor it did not hand out with a clear 400', async () => {
    for (const after of [
      'not a cursor',
      'bm90IGpzb24', // "not json"
      encodeCursor('organizations', 'acme'), // another listing's
      Buffer.from(JSON.stringify(['users', ''])).toString('base64url'),
      `${encodeCursor('users', 'a@b.example')}=`, // not the canonical encoding
    ]) {
      const refused = await list({ after });
      expect([refused.status, refused.error]).toEqual([400, 'invalid_cursor']);
    }
    const both = await list({ after: encodeCursor('users', 'a@b.example'), offset: 5 });
    expect([both.status, both.error]).toEqual([400, 'invalid_request']);
  });

  it(`counts a search's matches below ${MATCH_CAP} exactly, and flags the total at the cap`, async () => {
    await insertUsers('capped', MATCH_CAP - 1, 'Capped');
    const below = await list({ query: 'capped-', limit: 200 });
    expect([below.total, below.total_kind]).toEqual([MATCH_CAP - 1, 'exact']);
    await create('capped-zzz@bulk.example');
    const at = await list({ query: 'capped-', limit: 200 });
    expect([at.total, at.total_kind]).toEqual([MATCH_CAP, 'at_least']);
    // Every match is still reached, once, in order, by the cursor.
    const { emails } = await walk({ query: 'capped-', limit: 200 });
    expect(emails).toHaveLength(MATCH_CAP);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(MATCH_CAP);

    // Offset paging has no bounded way into a search this broad: any offset is refused, pointing to the cursor,
    // and nothing changes. An offset of 0 is the first page.
    for (const offset of [1, MATCH_CAP - 1, MATCH_CAP, 1_000_000_000]) {
      const { status, json } = await adminFetch(
        server,
        writer,
        'GET',
        `/admin/users?query=capped-&offset=${offset}&limit=200`,
      );
      expect([status, json.error], String(offset)).toEqual([400, 'invalid_request']);
      expect(json.message).toMatch(/after=/);
    }
    expect(await list({ query: 'capped-', offset: 0, limit: 200 })).toEqual(at);
    expect(await list({ query: 'capped-', limit: 200 })).toEqual(at);
    // A search counted exactly, and the listing without a query, still answer any offset (an empty page past the end).
    const exact = await list({ query: 'keep@rule', offset: MATCH_CAP, limit: 10 });
    expect([exact.status, exact.users, exact.total_kind]).toEqual([200, [], 'exact']);
    expect((await list({ offset: MATCH_CAP + 10, limit: 1 })).status).toBe(200);
  });

  it(`reads at most ${SCAN_BUDGET} addresses for a page of a broad search, and goes on from there`, async () => {
    // More non-matching addresses before the matches than one page may read.
    await insertUsers('budget-a', SCAN_BUDGET + 10, 'Elsewhere');
    await insertUsers('budget-b', MATCH_CAP + 5, 'Broad Match');
    const first = await list({ query: 'broad match', limit: 50 });
    expect(first.total_kind).toBe('at_least');
    // The first page read the budget's worth of other addresses, found none, and says where it stopped.
    expect(first.users).toEqual([]);
    expect(first.next_after).not.toBeNull();
    const { emails } = await walk({ query: 'broad match', limit: 200 });
    expect(emails).toHaveLength(MATCH_CAP + 5);
    expect(emails.every((email) => email.startsWith('budget-b-'))).toBe(true);
    expect(new Set(emails).size).toBe(emails.length);
  });
});

describe('the admin organization listing pages by keyset', () => {
  it('walks every organization once, by slug', async () => {
    const slugs = ['page-c', 'page-a', 'page-e', 'page-b', 'page-d'];
    for (const slug of slugs) {
      const created = await adminFetch(server, writer, 'POST', '/admin/organizations', { name: slug, slug });
      expect(created.status).toBe(201);
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const query: string = new URLSearchParams({
        query: 'page-',
        limit: '2',
        ...(after === null ? {} : { after }),
      }).toString();
      const page = await adminFetch(server, writer, 'GET', `/admin/organizations?${query}`);
      expect(page.status).toBe(200);
      expect(page.json.total).toBe(5);
      seen.push(...(page.json.organizations as { slug: string }[]).map((organization) => organization.slug));
      after = page.json.next_after as string | null;
    } while (after !== null && seen.length < 10);
    expect(seen).toEqual([...slugs].sort());
    const refused = await adminFetch(
      server,
      writer,
      'GET',
      `/admin/organizations?after=${encodeCursor('users', 'page-a')}`,
    );
    expect([refused.status, refused.json.error]).toEqual([400, 'invalid_cursor']);
  });
});
