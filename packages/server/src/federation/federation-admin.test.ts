import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/tables.js';
import type { AdminSession } from '../testing/admin.js';
import { createConnection, FEDERATION_TEST_ENV } from '../testing/federation.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../testing/upstream-idp.js';
import { federationConnections } from './tables.js';

let server: TestServer;
let session: AdminSession;
let idp: UpstreamIdp;
/** TXT answers the test resolver gives, by name. */
const txt = new Map<string, string[][]>();

beforeAll(async () => {
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  session = await installAndSignIn(server);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  server.context.federation.domains.useResolver(async (name) => {
    const answer = txt.get(name);
    if (!answer) throw Object.assign(new Error('no such record'), { code: 'ENOTFOUND' });
    return answer;
  });
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

const route = async (email: string) =>
  (await (
    await fetch(`${server.publicUrl}/federation/route?email=${encodeURIComponent(email)}`)
  ).json()) as Record<string, unknown>;

describe('federation connections (admin API)', () => {
  it('creates from the issuer alone (discovery fills the endpoints), keeps the secret sealed and write-only', async () => {
    const created = await createConnection(server, session, idp, {
      domains: ['Example.TEST', 'example.test'],
    });
    expect(created).toMatchObject({
      issuer: idp.issuer,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      jwksUri: `${idp.issuer}/jwks`,
      userinfoEndpoint: `${idp.issuer}/me`,
      hasClientSecret: true,
      scopes: ['openid', 'email', 'profile'],
      accountLinkingPolicy: 'email_verified',
      domains: ['example.test'],
      domainVerification: [
        { domain: 'example.test', verified: false, txtRecordName: '_tessera-challenge.example.test' },
      ],
      redirectUri: `${server.publicUrl}/api/user/federation/oidc/callback`,
    });
    expect(JSON.stringify(created)).not.toContain(idp.clientSecret);
    const read = await admin(server, session, 'GET', `/admin/federation/connections/${created.id}`);
    expect(JSON.stringify(read.json)).not.toContain(idp.clientSecret);
    const [row] = await server.database.db
      .select()
      .from(federationConnections)
      .where(eq(federationConnections.id, created.id));
    expect(row!.clientSecretSealed).toMatch(/^v\d+\./);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
    const entries = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'federation.connection.created'));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(idp.clientSecret);

    // PUT without clientSecret keeps it; with "" removes it.
    const kept = await admin(server, session, 'PUT', `/admin/federation/connections/${created.id}`, {
      name: 'Renamed',
      issuer: idp.issuer,
      clientId: idp.clientId,
    });
    expect(kept.json).toMatchObject({ name: 'Renamed', hasClientSecret: true, domains: ['example.test'] });
    const removed = await admin(server, session, 'PUT', `/admin/federation/connections/${created.id}`, {
      name: 'Renamed',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: '',
    });
    expect(removed.json).toMatchObject({ hasClientSecret: false });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await admin(server, session, 'GET', '/admin/federation/connections')).json
      .connections as unknown[];
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'x', issuer: 'not a url', clientId: 'c' }, 400, 'invalid_request'],
      [{ name: 'x', issuer: idp.issuer, clientId: 'c', scopes: ['email'] }, 400, 'invalid_request'],
      [{ name: 'x', issuer: idp.issuer, clientId: 'c', domains: ['not a domain'] }, 400, 'invalid_request'],
      [
        { name: 'x', issuer: idp.issuer, clientId: 'c', accountLinkingPolicy: 'always' },
        400,
        'invalid_request',
      ],
      // Discovery names another issuer than the one entered.
      [{ name: 'x', issuer: `${idp.issuer}/`, clientId: 'c' }, 400, 'invalid_upstream_metadata'],
      // Spec §4.4 rule 1: a private or link-local address is refused by the outbound policy (loopback is allowed
      // here only by the test flag; every other range stays refused).
      [{ name: 'x', issuer: 'https://169.254.169.254', clientId: 'c' }, 400, 'upstream_refused'],
      [{ name: 'x', issuer: 'https://10.1.2.3', clientId: 'c' }, 400, 'upstream_refused'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await admin(server, session, 'POST', '/admin/federation/connections', body);
      expect([answer.status, answer.json.error], JSON.stringify(body)).toEqual([status, code]);
    }
    const after = (await admin(server, session, 'GET', '/admin/federation/connections')).json
      .connections as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('previews discovery, refusing internal addresses', async () => {
    const found = await admin(
      server,
      session,
      'GET',
      `/admin/federation/oidc/discovery?issuer=${encodeURIComponent(idp.issuer)}`,
    );
    expect(found.json).toMatchObject({ issuer: idp.issuer, jwksUri: `${idp.issuer}/jwks` });
    for (const issuer of ['https://169.254.169.254', 'https://[fd00::1]', 'https://192.168.1.1']) {
      const refused = await admin(
        server,
        session,
        'GET',
        `/admin/federation/oidc/discovery?issuer=${encodeURIComponent(issuer)}`,
      );
      expect([refused.status, refused.json.error], issuer).toEqual([400, 'upstream_refused']);
    }
    // Each refusal is logged at warn with the rule and the host, never the URL's path or query.
    const before = server.logs.lines.length;
    const secretQuery = 'token=s3cr3t-query-value';
    await admin(
      server,
      session,
      'GET',
      `/admin/federation/oidc/discovery?issuer=${encodeURIComponent(`https://169.254.169.254/x?${secretQuery}`)}`,
    );
    const logged = server.logs
      .entries()
      .slice(before)
      .filter((entry) => entry.outbound);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        outbound: {
          rule: 'link_local',
          scheme: 'https',
          host: '169.254.169.254',
          address: '169.254.169.254',
        },
      }),
    ]);
    expect(JSON.stringify(logged)).not.toContain('s3cr3t');
  });

  it('refuses discovery and connections for issuers that are not https with 400 upstream_refused', async () => {
    // The federation tests' server allows plain http to loopback (development flag); a production-like one does not.
    const strict = await startTestServer();
    try {
      const strictSession = await installAndSignIn(strict);
      const issuers = [
        'http://93.184.215.14',
        'http://127.0.0.1:9',
        'file:///etc/passwd',
        'ftp://93.184.215.14/',
        'gopher://93.184.215.14:70/',
        'data:application/json,{}',
      ];
      for (const [target, targetSession] of [
        [server, session],
        [strict, strictSession],
      ] as const) {
        // Plain http to loopback is what the development flag allows: refused only without it.
        for (const issuer of issuers.filter((issuer) => target === strict || !issuer.includes('127.0.0.1'))) {
          const path = `/admin/federation/oidc/discovery?issuer=${encodeURIComponent(issuer)}`;
          const refused = await admin(target, targetSession, 'GET', path);
          expect([refused.status, refused.json.error], issuer).toEqual([400, 'upstream_refused']);
          expect(refused.json.message, issuer).toMatch(/https|not allowed/);
        }
      }
      // A connection whose endpoints would come from such an issuer's discovery is refused the same way.
      const created = await admin(strict, strictSession, 'POST', '/admin/federation/connections', {
        name: 'Plain http',
        issuer: 'https://idp.example',
        discoveryUrl: 'http://93.184.215.14/.well-known/openid-configuration',
        clientId: 'tessera',
      });
      expect(created.status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('routes a domain only once verified (DNS TXT or the admin’s decision), to one connection only', async () => {
    const first = await createConnection(server, session, idp, { name: 'First', domains: ['routed.test'] });
    const second = await createConnection(server, session, idp, { name: 'Second', domains: ['routed.test'] });
    expect(await route('someone@routed.test')).toEqual({ route: 'local', connection: null, start_url: null });

    const verify = (id: string, method: string) =>
      admin(server, session, 'POST', `/admin/federation/connections/${id}/domains/routed.test/verify`, {
        method,
      });
    const missing = await verify(first.id, 'dns');
    expect([missing.status, missing.json.error]).toEqual([409, 'domain_not_verified']);

    const record = (first.domainVerification as { txtRecordName: string; txtRecordValue: string }[])[0]!;
    txt.set(record.txtRecordName, [
      ['some-other-record'],
      [record.txtRecordValue.slice(0, 10), record.txtRecordValue.slice(10)],
    ]);
    const verified = await verify(first.id, 'dns');
    expect(verified.json).toMatchObject({ domainVerification: [{ verified: true, verifiedBy: 'dns' }] });

    const taken = await verify(second.id, 'admin');
    expect([taken.status, taken.json.error]).toEqual([409, 'domain_taken']);
    const unknown = await admin(
      server,
      session,
      'POST',
      `/admin/federation/connections/${first.id}/domains/other.test/verify`,
      { method: 'admin' },
    );
    expect([unknown.status, unknown.json.error]).toEqual([404, 'unknown_domain']);

    // The same answer shape whether or not an account exists (nothing about accounts is looked up).
    await server.context.accounts.users.create({ email: 'exists@routed.test' });
    const existing = await route('exists@routed.test');
    const absent = await route('absent@routed.test');
    expect(existing).toEqual(absent);
    expect(existing).toEqual({
      route: 'federation',
      connection: { id: first.id, name: 'First' },
      start_url: `/api/user/federation/oidc/start?connection_id=${first.id}`,
    });
    const preview = await admin(server, session, 'GET', '/admin/federation/domain-route?email=x@ROUTED.test');
    expect(preview.json).toEqual({
      domain: 'routed.test',
      route: 'federation',
      connection: { id: first.id, name: 'First', enabled: true },
    });

    // Disabled: the domain stays the connection's, but routes locally.
    await admin(server, session, 'PUT', `/admin/federation/connections/${first.id}`, {
      name: 'First',
      issuer: idp.issuer,
      clientId: idp.clientId,
      enabled: false,
    });
    expect((await route('a@routed.test')).route).toBe('local');

    // Deleted: the domain is free for the other connection.
    expect((await admin(server, session, 'DELETE', `/admin/federation/connections/${first.id}`)).status).toBe(
      204,
    );
    expect((await admin(server, session, 'DELETE', `/admin/federation/connections/${first.id}`)).status).toBe(
      404,
    );
    expect((await verify(second.id, 'admin')).json).toMatchObject({
      domainVerification: [{ verified: true, verifiedBy: 'admin' }],
    });
    const audited = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'federation.domain.verified'));
    expect(audited.map((entry) => (entry.details as { method: string }).method).sort()).toEqual([
      'admin',
      'dns',
    ]);
  });

  it('lists identities to a signed-in user only', async () => {
    const anonymous = await fetch(`${server.publicUrl}/federation/identities`);
    expect(anonymous.status).toBe(401);
  });
});
