import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runControlOperation } from '../control/operations.js';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { startTwoNodes } from '../testing/nodes.js';
import { type ServerEndpoints, startTestServer, type TestServer } from '../testing/server.js';
import { adminTokens } from './tables.js';
import { AREA_BY_TAG, NO_TOKEN_TAGS } from './token-scopes.js';

/** A call as a script or CI job makes it: the token in the Authorization header, no cookie, no CSRF token. */
async function withToken(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function createToken(
  server: ServerEndpoints,
  admin: AdminSession,
  body: { name: string; scopes: string[]; expiresAt?: string },
): Promise<{ id: string; token: string }> {
  const created = await adminFetch(server, admin, 'POST', '/admin/tokens', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { id: created.json.id as string, token: created.json.token as string };
}

describe('admin API tokens', () => {
  let server: TestServer;
  let writer: AdminSession;
  let reader: AdminSession;

  beforeAll(async () => {
    server = await startTestServer();
    await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
    await installViaApi(server, 'root@example.com', 'admin password one');
    writer = await adminSignIn(server, 'root@example.com', 'admin password one');
    await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
    reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('drives the admin API with nothing but fetch, and every change it makes names the token', async () => {
    const { id, token } = await createToken(server, writer, {
      name: 'CI provisioning',
      scopes: ['clients:write', 'users:write', 'organizations:write', 'audit:write'],
    });
    expect(token).toMatch(/^tsa_[A-Za-z0-9_-]{43}$/);
    const base = server.adminUrl;

    const client = await withToken(base, token, 'POST', '/admin/clients', {
      name: 'Nightly job',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [],
    });
    expect(client.status, JSON.stringify(client.json)).toBe(201);
    const clientId = (client.json.client as { client_id: string }).client_id;
    const rotated = await withToken(base, token, 'POST', `/admin/clients/${clientId}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.client_secret).not.toBe(client.json.client_secret);

    const user = await withToken(base, token, 'POST', '/admin/users', { email: 'ada@example.com' });
    expect(user.status, JSON.stringify(user.json)).toBe(201);
    const organization = await withToken(base, token, 'POST', '/admin/organizations', { name: 'Acme' });
    expect(organization.status, JSON.stringify(organization.json)).toBe(201);
    const member = await withToken(
      base,
      token,
      'POST',
      `/admin/organizations/${organization.json.id as string}/members`,
      { user_id: user.json.id },
    );
    expect(member.status, JSON.stringify(member.json)).toBe(201);

    const audit = await withToken(base, token, 'GET', `/admin/audit?actor=${id}`);
    expect(audit.status).toBe(200);
    const events = audit.json.events as {
      action: string;
      actor_type: string;
      actor_id: string;
      details: Record<string, unknown>;
    }[];
    expect(events.map((event) => event.action).sort()).toEqual(
      [
        'client.created',
        'client.secret_rotated',
        'organization.created',
        'organization.member_added',
        'user.created',
      ].sort(),
    );
    for (const event of events) {
      expect(event.actor_type, event.action).toBe('admin_token');
      expect(event.details.on_behalf_of, event.action).toBe(writer.id);
    }

    // The token's use shows in the list, with its creator; its value never does.
    const listed = await adminFetch(server, reader, 'GET', '/admin/tokens');
    const row = (listed.json.tokens as Record<string, unknown>[]).find((entry) => entry.id === id)!;
    expect(row.createdBy).toEqual({ id: writer.id, email: 'root@example.com' });
    expect(row.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.json)).not.toContain(token);
    const [stored] = await server.database.db.select().from(adminTokens).where(eq(adminTokens.id, id));
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
  });

  it('cannot manage tokens or admins, whatever its scopes', async () => {
    const every = [
      'read',
      ...[
        'users',
        'clients',
        'organizations',
        'settings',
        'keys',
        'scim',
        'federation',
        'audit',
        'webhooks',
      ].map((area) => `${area}:write`),
    ];
    const { token } = await createToken(server, writer, { name: 'everything', scopes: every });
    const base = server.adminUrl;
    for (const [method, path, body] of [
      ['GET', '/admin/tokens', undefined],
      ['POST', '/admin/tokens', { name: 'more', scopes: ['read'] }],
      ['GET', '/admin/admin-users', undefined],
      ['POST', '/admin/admin-users/start', { email: 'x@example.com', registration_request: 'AAAA' }],
      ['POST', '/admin/logout', undefined],
      ['GET', '/admin/passkeys', undefined],
    ] as const) {
      const answer = await withToken(base, token, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.error, `${method} ${path}`).toBe('admin_token_scope_required');
    }
    // A token is not a session: the session endpoint sees none.
    const session = await withToken(base, token, 'GET', '/admin/session');
    expect(session.json).toEqual({ authenticated: false });
  });

  it('a read-only token reads, and every change of the admin API answers it 403', async () => {
    const { token } = await createToken(server, writer, { name: 'dashboard', scopes: ['read'] });
    const base = server.adminUrl;
    expect((await withToken(base, token, 'GET', '/admin/clients')).status).toBe(200);
    expect((await withToken(base, token, 'GET', '/admin/users')).status).toBe(200);
    expect((await withToken(base, token, 'GET', '/admin/audit')).status).toBe(200);

    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const changes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .filter(() => path.startsWith('/admin/'))
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'some-id') })),
    );
    expect(changes.length).toBeGreaterThan(40);
    // Routes used before any session exists take no token at all: they answer as they would anyone.
    const open = [
      '/admin/login/start',
      '/admin/login/finish',
      '/admin/passkeys/sign-in/options',
      '/admin/passkeys/sign-in/verify',
    ];
    for (const { method, path } of changes.filter((change) => !open.includes(change.path))) {
      const answer = await withToken(base, token, method, path, {});
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.error, `${method} ${path}`).toBe('admin_token_scope_required');
    }
  });

  it('every admin route family is either an area of the token scopes or closed to tokens by name', async () => {
    const document = (await (await fetch(`${server.adminUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tags = new Set(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/admin/'))
        .flatMap(([, operations]) => Object.values(operations).flatMap((operation) => operation.tags ?? [])),
    );
    for (const tag of tags) {
      expect(Object.hasOwn(AREA_BY_TAG, tag) || NO_TOKEN_TAGS.includes(tag), tag).toBe(true);
    }
  });

  it('a write scope covers its own area only', async () => {
    const { token } = await createToken(server, writer, { name: 'clients only', scopes: ['clients:write'] });
    const base = server.adminUrl;
    expect((await withToken(base, token, 'GET', '/admin/clients')).status).toBe(200);
    const users = await withToken(base, token, 'GET', '/admin/users');
    expect(users.status).toBe(403);
    const created = await withToken(base, token, 'POST', '/admin/users', { email: 'eve@example.com' });
    expect(created.status).toBe(403);
    expect(created.json.error).toBe('admin_token_scope_required');
  });

  it('refuses an unknown, malformed, expired or revoked token', async () => {
    const base = server.adminUrl;
    const { id, token } = await createToken(server, writer, {
      name: 'short-lived',
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await withToken(base, token, 'GET', '/admin/clients')).status).toBe(200);
    await server.database.db
      .update(adminTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminTokens.id, id));
    const expired = await withToken(base, token, 'GET', '/admin/clients');
    expect(expired.status).toBe(401);
    expect(expired.json.error).toBe('admin_token_invalid');

    const forged = await withToken(base, `tsa_${'A'.repeat(43)}`, 'GET', '/admin/clients');
    expect(forged.status).toBe(401);
    const basic = await fetch(`${base}/admin/clients`, { headers: { authorization: 'Basic YTpi' } });
    expect(basic.status).toBe(401);

    const past = await adminFetch(server, writer, 'POST', '/admin/tokens', {
      name: 'already over',
      scopes: ['read'],
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
  });

  it('only a write admin creates or revokes tokens', async () => {
    const refused = await adminFetch(server, reader, 'POST', '/admin/tokens', {
      name: 'mine',
      scopes: ['read'],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('write_admin_required');
    const { id } = await createToken(server, writer, { name: 'to revoke', scopes: ['read'] });
    expect((await adminFetch(server, reader, 'DELETE', `/admin/tokens/${id}`)).status).toBe(403);
    expect((await adminFetch(server, writer, 'DELETE', `/admin/tokens/${id}`)).status).toBe(204);
    expect((await adminFetch(server, writer, 'DELETE', '/admin/tokens/no-such-token')).status).toBe(404);
    const audit = await adminFetch(server, writer, 'GET', `/admin/audit?target=${id}`);
    expect((audit.json.events as { action: string }[]).map((event) => event.action).sort()).toEqual([
      'admin_token.created',
      'admin_token.revoked',
    ]);
  });

  it('is no credential on the public port', async () => {
    const { token } = await createToken(server, writer, {
      name: 'public probe',
      scopes: ['read', 'users:write'],
    });
    const userinfo = await fetch(`${server.publicUrl}/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(userinfo.status).toBe(401);
    expect(userinfo.headers.get('www-authenticate')).toContain('invalid_token');
    const profile = await withToken(server.publicUrl, token, 'GET', '/api/user/profile');
    expect(profile.status).toBe(401);
    expect((await withToken(server.publicUrl, token, 'GET', '/admin/clients')).status).toBe(404);
  });
});

describe('tessera admin-tokens', () => {
  it('creates, lists and revokes tokens on the host, audited by the system', async () => {
    const server = await startTestServer();
    try {
      await installViaApi(server, 'root@example.com', 'admin password one');
      const writer = await adminSignIn(server, 'root@example.com', 'admin password one');
      await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
      await expect(
        runControlOperation(server.context, 'admin-tokens.create', {
          name: 'too much',
          admin_email: 'reader@example.com',
          scopes: ['clients:write'],
        }),
      ).rejects.toThrow('read admin');
      await expect(
        runControlOperation(server.context, 'admin-tokens.create', {
          name: 'nobody',
          admin_email: 'nobody@example.com',
          scopes: ['read'],
        }),
      ).rejects.toThrow('no active admin');
      const created = (await runControlOperation(server.context, 'admin-tokens.create', {
        name: 'terraform',
        admin_email: 'root@example.com',
        scopes: ['clients:write'],
      })) as { id: string; token: string };
      expect((await withToken(server.adminUrl, created.token, 'GET', '/admin/clients')).status).toBe(200);
      const listed = (await runControlOperation(server.context, 'admin-tokens.list', {})) as {
        id: string;
        status: string;
        created_by: string;
      }[];
      expect(listed).toContainEqual(
        expect.objectContaining({ id: created.id, status: 'active', created_by: 'root@example.com' }),
      );
      await runControlOperation(server.context, 'admin-tokens.revoke', { id: created.id });
      expect((await withToken(server.adminUrl, created.token, 'GET', '/admin/clients')).status).toBe(401);
      const events = await server.context.audit.list({ target: created.id }, 10);
      expect(events.map((event) => [event.action, event.actorType]).sort()).toEqual([
        ['admin_token.created', 'system'],
        ['admin_token.revoked', 'system'],
      ]);
      expect(JSON.stringify(events)).not.toContain(created.token);
    } finally {
      await server.close();
    }
  });
});

describe('admin API tokens on two nodes', () => {
  it('a revocation on one node holds at once on the other', async () => {
    const nodes = await startTwoNodes();
    try {
      const { nodeA, nodeB } = nodes;
      await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
      await installViaApi(nodeA, 'root@example.com', 'admin password one');
      const writer = await adminSignIn(nodeA, 'root@example.com', 'admin password one');
      const { id, token } = await createToken(nodeA, writer, { name: 'deploy', scopes: ['read'] });
      expect((await withToken(nodeB.adminUrl, token, 'GET', '/admin/clients')).status).toBe(200);
      expect((await adminFetch(nodeA, writer, 'DELETE', `/admin/tokens/${id}`)).status).toBe(204);
      const refused = await withToken(nodeB.adminUrl, token, 'GET', '/admin/clients');
      expect(refused.status).toBe(401);
      expect(refused.json.error).toBe('admin_token_invalid');
      // Revoked for every call on that node, not only the one just refused.
      expect((await withToken(nodeB.adminUrl, token, 'GET', '/admin/users')).status).toBe(401);
    } finally {
      await nodes.close();
    }
  });
});
