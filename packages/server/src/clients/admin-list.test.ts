import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { listClientsByPages, listClientsForCommand } from './cli.js';
import type { ClientInput } from './model.js';

interface ListedClient {
  client_id: string;
  name: string;
  type: string;
  secret: { hint: string; created_at: string; last_used_at: string | null } | null;
}

interface Page {
  clients: ListedClient[];
  next_after: string | null;
}

const service: ClientInput = {
  name: 'service',
  type: 'confidential',
  redirect_uris: [],
  grant_types: ['client_credentials'],
};
const spa: ClientInput = {
  name: 'spa',
  type: 'public',
  redirect_uris: ['https://spa.example/callback'],
  grant_types: ['authorization_code'],
};

let server: TestServer;
let session: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
});
afterAll(async () => {
  await server?.close();
});

async function list(path: string): Promise<Page> {
  const answer = await admin(server, session, 'GET', path);
  expect(answer.status).toBe(200);
  return answer.json as unknown as Page;
}

/** Every page of the list from the first, with `limit` per page: the clients in the order they were listed. */
async function walk(limit: number, query?: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ limit: String(limit) });
    if (query !== undefined) params.set('query', query);
    if (after) params.set('after', after);
    const page = await list(`/admin/clients?${params}`);
    pages += 1;
    expect(page.clients.length).toBeLessThanOrEqual(limit);
    if (page.next_after) expect(page.clients.length).toBe(limit);
    ids.push(...page.clients.map((client) => client.client_id));
    after = page.next_after;
  } while (after && pages < 100);
  return { ids, pages };
}

describe('GET /admin/clients', () => {
  it('pages through every client once, by name then client ID, and says where the list ends', async () => {
    // Names and ids of lowercase letters and digits sort alike in every collation; two clients share a name.
    const registered = [
      { ...spa, name: 'kilo', client_id: 'kilo-b' },
      { ...spa, name: 'alpha', client_id: 'alpha-2' },
      { ...service, name: 'mike', client_id: 'mike' },
      { ...spa, name: 'kilo', client_id: 'kilo-a' },
      { ...service, name: 'bravo', client_id: 'bravo' },
      { ...spa, name: 'alpha', client_id: 'alpha-1' },
      { ...service, name: 'zulu', client_id: 'zulu' },
    ];
    for (const input of registered) await server.context.clients.registry.create(input);
    const expected = ['alpha-1', 'alpha-2', 'bravo', 'kilo-a', 'kilo-b', 'mike', 'zulu'];

    for (const limit of [1, 2, 3, 7]) {
      const { ids, pages } = await walk(limit);
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / limit));
    }
    // Without a limit: the default page size, and the whole list fits on it.
    const first = await list('/admin/clients');
    expect(first.clients.map((client) => client.client_id)).toEqual(expected);
    expect(first.next_after).toBeNull();

    // A cursor after the last client (it was the last when the cursor was given): an empty page, no next one.
    const sixth = await list('/admin/clients?limit=6');
    expect(sixth.next_after).not.toBeNull();
    await server.context.clients.registry.delete('zulu');
    const beyond = await list(`/admin/clients?after=${encodeURIComponent(sixth.next_after!)}`);
    expect(beyond).toEqual({ clients: [], next_after: null });

    // A client registered meanwhile before the cursor's position is not shown again, one after it is.
    await server.context.clients.registry.create({ ...spa, name: 'aaa', client_id: 'aaa' });
    await server.context.clients.registry.create({ ...spa, name: 'yankee', client_id: 'yankee' });
    const rest = await list(`/admin/clients?after=${encodeURIComponent(sixth.next_after!)}`);
    expect(rest.clients.map((client) => client.client_id)).toEqual(['yankee']);

    // `tessera clients list` walks every page: all of them, in the same order.
    const everyClient = ['aaa', ...expected.filter((id) => id !== 'zulu'), 'yankee'];
    for (const pageSize of [2, 500]) {
      expect((await listClientsByPages(server.context, pageSize)).map((entry) => entry.id)).toEqual(
        everyClient,
      );
    }
    expect((await listClientsForCommand(server.context)).map((entry) => entry.id)).toEqual(everyClient);
  });

  it('refuses a cursor it did not give and a limit out of range, with a clear error', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const after of [
      'not a cursor',
      cursor(['clients', 'only a name']),
      cursor({ name: 'a', id: 'b' }),
      cursor(['clients', 'a', '']),
      cursor(['clients', 'a', 'b\u0000']),
      cursor(['users', 'a', 'b']), // another listing's
      cursor(['a', 'b']), // the key alone, no listing
    ]) {
      const answer = await admin(server, session, 'GET', `/admin/clients?after=${encodeURIComponent(after)}`);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_cursor' });
      expect(answer.json.message).toMatch(/after/);
    }
    // A cursor the list gave out is taken.
    const first = await admin(server, session, 'GET', '/admin/clients?limit=1');
    const given = (first.json as { next_after: string }).next_after;
    expect(
      (await admin(server, session, 'GET', `/admin/clients?after=${encodeURIComponent(given)}`)).status,
    ).toBe(200);
    for (const limit of ['0', '201', '-1', 'ten', '2.5']) {
      const answer = await admin(server, session, 'GET', `/admin/clients?limit=${limit}`);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_request' });
      expect(answer.json.message).toMatch(/limit/);
    }
    expect((await admin(server, session, 'GET', '/admin/clients?limit=200')).status).toBe(200);
  });

  it('filters by a substring of the name or the client ID, any case, with % and _ taken literally', async () => {
    const registry = server.context.clients.registry;
    await registry.create({ ...spa, name: 'Payroll 100% Sync', client_id: 'payroll-sync' });
    await registry.create({ ...spa, name: 'Payroll 1000 Sync', client_id: 'payroll-other' });
    await registry.create({ ...spa, name: 'Reports', client_id: 'reports_v2' });
    await registry.create({ ...spa, name: 'Reports', client_id: 'reportsxv2' });
    await registry.create({ ...spa, name: 'Back\\slash', client_id: 'backslash' });
    const matching = async (query: string) =>
      (await walk(2, query)).ids.sort((one, other) => one.localeCompare(other));

    expect(await matching('100%')).toEqual(['payroll-sync']);
    expect(await matching('00%')).toEqual(['payroll-sync']);
    expect(await matching('s_v')).toEqual(['reports_v2']);
    expect(await matching('_v2')).toEqual(['reports_v2']);
    expect(await matching('\\sl')).toEqual(['backslash']);
    // The name, any case; the client ID, any case.
    expect(await matching('PAYROLL')).toEqual(['payroll-other', 'payroll-sync']);
    expect(await matching('ReportsX')).toEqual(['reportsxv2']);
    expect(await matching('  payroll-other ')).toEqual(['payroll-other']);
    expect(await matching('nothing like it')).toEqual([]);
    // Paging within a search keeps to the matches.
    const paged = await walk(1, 'reports');
    expect(paged.ids).toEqual(['reports_v2', 'reportsxv2']);
    expect(paged.pages).toBe(2);
  });

  it('matches one or two characters at the start of the name or the client ID only, any case', async () => {
    const registry = server.context.clients.registry;
    await registry.create({ ...spa, name: 'Quasar', client_id: 'qz-first' });
    await registry.create({ ...spa, name: 'Torque', client_id: 'torque' });
    await registry.create({ ...spa, name: 'Lab', client_id: 'QA-lab' });
    await registry.create({ ...spa, name: '%Off', client_id: 'percent-off' });
    await registry.create({ ...spa, name: 'Under', client_id: '_under' });
    await registry.create({ ...spa, name: '\\Root', client_id: 'root-slash' });
    const matching = async (query: string) =>
      (await walk(2, query)).ids.sort((one, other) => one.localeCompare(other));

    // The name's start (Quasar) or the client ID's (qz-first, QA-lab), any case; not "que" inside Torque.
    expect(await matching('q')).toEqual(['QA-lab', 'qz-first']);
    expect(await matching('Qu')).toEqual(['qz-first']);
    expect(await matching(' qA ')).toEqual(['QA-lab']);
    expect(await matching('ue')).toEqual([]);
    // Three characters are a substring again.
    expect(await matching('que')).toEqual(['torque']);
    // The metacharacters are literal at the start too (none of the other clients' names starts with them).
    expect(await matching('%')).toEqual(['percent-off']);
    expect(await matching('%O')).toEqual(['percent-off']);
    expect(await matching('_')).toEqual(['_under']);
    expect(await matching('\\')).toEqual(['root-slash']);
    // Paging within a short search keeps to the matches.
    const paged = await walk(1, 'q');
    expect(paged.ids).toEqual(['QA-lab', 'qz-first']);
    expect(paged.pages).toBe(2);
  });

  it("shows each client's active secret's metadata, and none for a client without one", async () => {
    const registry = server.context.clients.registry;
    const once = await registry.create({ ...service, name: 'secrets one', client_id: 'secrets-one' });
    const rotated = await registry.create({
      ...service,
      name: 'secrets rotated',
      client_id: 'secrets-rotated',
    });
    const newest = await registry.rotateSecret('secrets-rotated');
    const { publicKey } = await generateKeyPair('ES256');
    await registry.create({
      ...service,
      name: 'secrets none',
      client_id: 'secrets-none',
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] },
    });
    await registry.create({ ...spa, name: 'secrets public', client_id: 'secrets-public' });
    expect(rotated.secret).not.toBe(newest);

    const page = await list('/admin/clients?query=secrets');
    const byId = new Map(page.clients.map((client) => [client.client_id, client]));
    expect([...byId.keys()]).toEqual(['secrets-none', 'secrets-one', 'secrets-public', 'secrets-rotated']);
    expect(byId.get('secrets-one')?.secret).toMatchObject({
      hint: once.secret!.slice(-4),
      last_used_at: null,
    });
    expect(byId.get('secrets-rotated')?.secret).toMatchObject({ hint: newest.slice(-4), last_used_at: null });
    expect(byId.get('secrets-none')?.secret).toBeNull();
    expect(byId.get('secrets-public')?.secret).toBeNull();
    // The same metadata as the client's own page shows.
    for (const id of byId.keys()) {
      const single = await admin(server, session, 'GET', `/admin/clients/${id}`);
      expect(byId.get(id)).toEqual(single.json);
    }
  });
});
