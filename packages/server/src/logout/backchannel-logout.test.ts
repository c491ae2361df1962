/**
 * OIDC Back-Channel Logout 1.0 as a relying party sees it (docs/logout.md): a real HTTP server on 127.0.0.1 receives
 * the logout tokens and validates each with `jose` against the server's JWKS (signature, `typ`, `iss`, `aud`,
 * `events`, `sid`, `sub`, no `nonce`), for every way a session ends; and what a session's end does to the refresh
 * tokens issued in it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../clients/tables.js';
import type { AdminSession } from '../testing/admin.js';
import {
  authorizationCode,
  codeFlowTokens,
  idTokenClaims,
  redeemCode,
  refreshGrant,
} from '../testing/code-flow.js';
import { eventually, startTwoNodes } from '../testing/nodes.js';
import {
  browserGet,
  fetchJwks,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  sessionCookieValue,
  signInUser,
} from '../testing/oauth.js';
import { resetPasswordWithLink } from '../testing/opaque-client.js';
import { admin, connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { BACKCHANNEL_LOGOUT_EVENT } from './logout-token.js';
import { backchannelLogoutDeliveries } from './tables.js';

/** What the relying party got: each validated logout token's claims, by the client its path names. */
interface Validated {
  clientId: string;
  claims: JWTPayload;
  token: string;
}

/**
 * A relying party's back-channel logout endpoint on 127.0.0.1 (§2.5): one path per client (`/logout/<client_id>`),
 * each token validated as §2.6 asks, with jose, before it answers 200. Answers 503 while `down`.
 */
class RelyingParty {
  private server: Server;
  readonly accepted: Validated[] = [];
  /** Every request's jti (validated or not), in arrival order. */
  readonly requests: string[] = [];
  readonly invalid: string[] = [];
  down = false;
  port = 0;
  /** The server's JWKS and issuer, set before the first delivery. */
  jwks: Parameters<typeof createLocalJWKSet>[0] = { keys: [] };
  issuer = '';

  constructor() {
    this.server = this.make();
  }

  private make(): Server {
    return createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const clientId = decodeURIComponent(request.url!.split('/')[2] ?? '');
        void this.validate(
          clientId,
          request.headers['content-type'],
          Buffer.concat(chunks).toString('utf8'),
        ).then((status) => response.writeHead(status, { 'cache-control': 'no-store' }).end());
      });
    });
  }

  private async validate(clientId: string, contentType: string | undefined, body: string): Promise<number> {
    const token = new URLSearchParams(body).get('logout_token') ?? '';
    try {
      const jti = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
      this.requests.push(jti);
    } catch {
      this.requests.push('unreadable');
    }
    if (this.down) return 503;
    try {
      if (contentType !== 'application/x-www-form-urlencoded') throw new Error(`content-type ${contentType}`);
      // §2.6: validate as an ID token is, plus the logout token's own rules.
      const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(this.jwks), {
        issuer: this.issuer,
        audience: clientId,
        typ: 'logout+jwt',
        requiredClaims: ['iat', 'exp', 'jti', 'events', 'sid', 'sub'],
        maxTokenAge: '3 minutes',
      });
      if (protectedHeader.typ !== 'logout+jwt') throw new Error('typ');
      const events = payload.events as Record<string, unknown>;
      if (typeof events !== 'object' || JSON.stringify(events[BACKCHANNEL_LOGOUT_EVENT]) !== '{}')
        throw new Error('events');
      if ('nonce' in payload) throw new Error('a logout token must not carry a nonce');
      if ((payload.exp as number) - (payload.iat as number) > 300) throw new Error('exp too far');
      this.accepted.push({ clientId, claims: payload, token });
      return 200;
    } catch (error) {
      this.invalid.push(String(error));
      return 400;
    }
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(clientId: string): string {
    return `http://127.0.0.1:${this.port}/logout/${encodeURIComponent(clientId)}`;
  }

  /** Stops listening (the port is then closed); `listen(port)` again brings it back. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.make();
  }

  /** The validated tokens of one session (`sid`). */
  of(sid: string): Validated[] {
    return this.accepted.filter((entry) => entry.claims.sid === sid);
  }
}

const LOOPBACK = { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' };

let server: TestServer;
let session: AdminSession;
let rp: RelyingParty;
/** A client with a back-channel logout URI, one with none. */
let told: RegisteredClient;
let silent: RegisteredClient;

async function prepare(target: TestServer, relyingParty: RelyingParty): Promise<void> {
  relyingParty.jwks = (await fetchJwks(target)) as typeof relyingParty.jwks;
  relyingParty.issuer = target.config.baseUrl;
}

/** A client of the relying party's, its back-channel logout URI on it. */
async function toldClient(target: TestServer, relyingParty: RelyingParty, id: string, extra = {}) {
  return registerClient(target, {
    client_id: id,
    backchannel_logout_uri: relyingParty.url(id),
    backchannel_logout_session_required: true,
    scopes: [
      { scope: 'openid', description: 'Sign in' },
      { scope: 'offline_access', description: 'Stay signed in' },
    ],
    ...extra,
  });
}

beforeAll(async () => {
  server = await startTestServer({ env: LOOPBACK });
  session = await installAndSignIn(server);
  rp = new RelyingParty();
  await rp.listen();
  told = await toldClient(server, rp, 'told-app');
  silent = await registerClient(server, { client_id: 'silent-app' });
  await prepare(server, rp);
});
afterAll(async () => {
  await rp?.close();
  await server?.close();
});

/** Runs the delivery worker as of `secondsLater` from now (so retries come due without waiting). */
const deliver = (target = server, secondsLater = 0) =>
  target.context.logout.delivery.runOnce(new Date(Date.now() + secondsLater * 1000));

/** A signed-in user who got tokens for `told` and `silent` in that session (with a nonce): the ID token's sid. */
async function signedInWithTokens(
  target = server,
  options: { user?: SignedIn['user']; client?: RegisteredClient; scope?: string } = {},
) {
  const signedIn = await signInUser(target, options.user ? { user: options.user } : {});
  const issued = await authorizationCode(target, signedIn, options.client ?? told, {
    scope: options.scope ?? 'openid',
    nonce: 'n-0S6_WzA2Mj',
  });
  const answer = await redeemCode(target, options.client ?? told, issued);
  expect(answer.status).toBe(200);
  const idToken = idTokenClaims(answer);
  expect(idToken.nonce).toBe('n-0S6_WzA2Mj');
  expect(typeof idToken.sid).toBe('string');
  if (!options.client) await codeFlowTokens(target, signedIn, silent);
  const tokens = answer.json as { refresh_token: string; id_token: string };
  return { signedIn, sid: idToken.sid as string, tokens };
}

/** Expects exactly one validated logout token for the session, to `told`, about the user. */
function expectToldOnce(sid: string, userId: string): Validated {
  const received = rp.of(sid);
  expect(received).toHaveLength(1);
  const [only] = received;
  expect(only!.clientId).toBe(told.clientId);
  expect(only!.claims).toMatchObject({ iss: server.config.baseUrl, aud: told.clientId, sub: userId, sid });
  expect(only!.claims.nonce).toBeUndefined();
  expect(decodeProtectedHeader(only!.token).typ).toBe('logout+jwt');
  return only!;
}

async function signOut(target: TestServer, signedIn: SignedIn): Promise<number> {
  const response = await fetch(`${target.publicUrl}/logout`, {
    method: 'POST',
    headers: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrfToken },
  });
  return response.status;
}

describe('each way a session ends tells the relying parties that got tokens in it', () => {
  it('discovery advertises back-channel logout with sid', async () => {
    const metadata = (await (
      await fetch(`${server.publicUrl}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(metadata.backchannel_logout_supported).toBe(true);
    expect(metadata.backchannel_logout_session_supported).toBe(true);
  });

  it('sign-out in the hosted UI', async () => {
    const { signedIn, sid, tokens } = await signedInWithTokens();
    // Nothing is sent while the session lives.
    expect((await deliver()).attempted).toBe(0);
    expect(await signOut(server, signedIn)).toBe(200);
    const run = await deliver();
    expect(run).toMatchObject({ attempted: 1, delivered: 1 });
    expectToldOnce(sid, signedIn.user.id);
    // The session's refresh token (no offline_access) ended with it.
    expect((await refreshGrant(server, told, tokens.refresh_token)).status).toBe(400);
    // Delivered once: a later run sends nothing again.
    expect((await deliver(server, 3600)).attempted).toBe(0);
  });

  it('RP-Initiated Logout (end_session_endpoint)', async () => {
    const { signedIn, sid, tokens } = await signedInWithTokens();
    const url = new URL(`${server.config.baseUrl}/logout`);
    url.searchParams.set('id_token_hint', tokens.id_token);
    url.searchParams.set('client_id', told.clientId);
    const answer = await browserGet(url.toString(), signedIn.cookie);
    expect(answer.status).toBe(303);
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });

  it('an admin disabling the account', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    expect((await admin(server, session, 'POST', `/admin/users/${signedIn.user.id}/disable`)).status).toBe(
      200,
    );
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });

  it('an admin deleting the account', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    expect((await admin(server, session, 'DELETE', `/admin/users/${signedIn.user.id}`)).status).toBe(204);
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });

  it('an admin ending the sessions (every session of the user, one token each)', async () => {
    const first = await signedInWithTokens();
    const second = await signedInWithTokens(server, { user: first.signedIn.user });
    const ended = await admin(server, session, 'POST', `/admin/users/${first.signedIn.user.id}/sessions/end`);
    expect(ended.status).toBe(204);
    const audit = await server.context.audit.list({ action: 'user.sessions_ended' }, 10);
    expect(audit.some((entry) => entry.targetId === first.signedIn.user.id)).toBe(true);
    await deliver();
    expectToldOnce(first.sid, first.signedIn.user.id);
    expectToldOnce(second.sid, first.signedIn.user.id);
    expect(first.sid).not.toBe(second.sid);
    // An unknown user: not_found, nothing changed.
    expect((await admin(server, session, 'POST', '/admin/users/nobody/sessions/end', undefined)).status).toBe(
      404,
    );
  });

  it('a password reset through an emailed link', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    const link = await server.context.accounts.emailTokens.issue(
      signedIn.user.id,
      'password_reset',
      signedIn.user.email,
    );
    expect((await resetPasswordWithLink(server, link, 'a brand new password 1')).status).toBe(200);
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });

  it('SCIM deprovisioning: active false, and DELETE', async () => {
    const connection = await connectionWithToken(server, session, 'Deprovisioned Ltd');
    for (const how of ['deactivate', 'delete'] as const) {
      const email = `scim-${how}@example.com`;
      const created = await scim(server, connection.token, 'POST', '/Users', {
        userName: email,
        emails: [{ type: 'work', primary: true, value: email }],
      });
      expect(created.status).toBe(201);
      const user = (await server.context.accounts.users.findByEmail(email))!;
      const { sid } = await signedInWithTokens(server, { user });
      const answer =
        how === 'deactivate'
          ? await scim(server, connection.token, 'PATCH', `/Users/${created.json.id}`, {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
              Operations: [{ op: 'replace', path: 'active', value: false }],
            })
          : await scim(server, connection.token, 'DELETE', `/Users/${created.json.id}`);
      expect(answer.status).toBe(204);
      await deliver();
      expectToldOnce(sid, user.id);
    }
  });

  it('a step-up keeps the sid, so a later sign-out still reaches what was issued before it', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    const current = await server.context.accounts.sessions.resolve(sessionCookieValue(signedIn.cookie));
    const rotated = await server.context.accounts.sessions.rotate(current!, {
      stepUpUntil: new Date(Date.now() + 60_000),
    });
    expect(rotated.session.publicId).toBe(sid);
    // The rotation itself is no logout.
    expect((await deliver()).attempted).toBe(0);
    await server.context.accounts.sessions.end(rotated.session.id, 'sign_out');
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });
});

describe('refresh tokens when a session ends', () => {
  it('offline_access outlives a sign-out, unless the client asked for it to end', async () => {
    const { signedIn, tokens } = await signedInWithTokens(server, { scope: 'openid offline_access' });
    const ending = await toldClient(server, rp, 'ends-offline-app', { logout_ends_offline_access: true });
    const endingTokens = await codeFlowTokens(server, signedIn, ending, { scope: 'openid offline_access' });
    expect(await signOut(server, signedIn)).toBe(200);
    expect((await refreshGrant(server, told, tokens.refresh_token)).status).toBe(200);
    expect((await refreshGrant(server, ending, endingTokens.refresh_token)).status).toBe(400);
    await deliver();
    // Both clients are told: the session ended, whatever their refresh tokens do.
    expect(
      rp
        .of(idTokenClaims({ json: tokens }).sid as string)
        .map((entry) => entry.clientId)
        .sort(),
    ).toEqual(['ends-offline-app', 'told-app']);
  });

  it('a code issued in the session can no longer be redeemed after it ended', async () => {
    const signedIn = await signInUser(server);
    const issued = await authorizationCode(server, signedIn, told);
    expect(await signOut(server, signedIn)).toBe(200);
    expect((await redeemCode(server, told, issued)).status).toBe(400);
  });
});

describe('delivery', () => {
  it('retries after 503 and after a closed port, and lists each outcome for admins', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    rp.down = true;
    expect(await signOut(server, signedIn)).toBe(200);
    expect(await deliver()).toMatchObject({ attempted: 1, delivered: 0 });
    const listed = await admin(server, session, 'GET', `/admin/clients/${told.clientId}/backchannel-logouts`);
    expect(listed.status).toBe(200);
    const [latest] = listed.json.deliveries as Record<string, unknown>[];
    expect(latest).toMatchObject({
      sid,
      sub: signedIn.user.id,
      reason: 'sign_out',
      status: 'pending',
      attempts: 1,
      last_status_code: 503,
      last_error: 'the receiver answered 503',
    });
    // Not due yet: nothing is sent before the backoff has passed.
    expect((await deliver()).attempted).toBe(0);
    // The port closed: the connection is refused, and retried later.
    rp.down = false;
    const port = rp.port;
    await rp.close();
    expect(await deliver(server, 6)).toMatchObject({ attempted: 1, delivered: 0 });
    await rp.listen(port);
    expect(await deliver(server, 40)).toMatchObject({ attempted: 1, delivered: 1 });
    expectToldOnce(sid, signedIn.user.id);
    const after = await admin(server, session, 'GET', `/admin/clients/${told.clientId}/backchannel-logouts`);
    expect((after.json.deliveries as Record<string, unknown>[])[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_status_code: 200,
      last_error: null,
    });
    const audited = await server.context.audit.list({ action: 'logout.backchannel_delivered' }, 100);
    expect(audited.some((entry) => (entry.details as { delivery?: string }).delivery === latest!.id)).toBe(
      true,
    );
  });

  it('marks a logout failed when the retries run out, audits it, and an admin may send it again', async () => {
    const { signedIn, sid } = await signedInWithTokens();
    rp.down = true;
    expect(await signOut(server, signedIn)).toBe(200);
    for (let attempt = 0; attempt < 8; attempt += 1) await deliver(server, 100_000 * (attempt + 1));
    const listed = await admin(server, session, 'GET', `/admin/clients/${told.clientId}/backchannel-logouts`);
    const [failed] = listed.json.deliveries as Record<string, unknown>[];
    expect(failed).toMatchObject({ sid, status: 'failed', attempts: 8, next_attempt_at: null });
    const audited = await server.context.audit.list({ action: 'logout.backchannel_failed' }, 100);
    expect(audited.some((entry) => (entry.details as { delivery?: string }).delivery === failed!.id)).toBe(
      true,
    );
    rp.down = false;
    const path = `/admin/clients/${told.clientId}/backchannel-logouts/${failed!.id}/redeliver`;
    expect((await admin(server, session, 'POST', path)).status).toBe(202);
    // Only a failed one is sent again.
    expect((await admin(server, session, 'POST', path)).status).toBe(404);
    await deliver();
    expectToldOnce(sid, signedIn.user.id);
  });

  it('a client without a back-channel logout URI gets nothing, and lists nothing', async () => {
    const before = rp.requests.length;
    const signedIn = await signInUser(server);
    await codeFlowTokens(server, signedIn, silent);
    expect(await signOut(server, signedIn)).toBe(200);
    expect((await deliver()).attempted).toBe(0);
    expect(rp.requests.length).toBe(before);
    const listed = await admin(
      server,
      session,
      'GET',
      `/admin/clients/${silent.clientId}/backchannel-logouts`,
    );
    expect(listed).toMatchObject({ status: 200, json: { deliveries: [] } });
  });

  it('never logs a logout token, a client secret or a session cookie', async () => {
    const logs = server.logs.text();
    expect(rp.accepted.length).toBeGreaterThan(5);
    expect(rp.invalid).toEqual([]);
    for (const { token } of rp.accepted) {
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(token.split('.')[2]!);
    }
    expect(logs).not.toContain(told.clientSecret!);
  });
});

describe('registration of the URI', () => {
  const base = {
    name: 'Back-channel app',
    type: 'confidential',
    redirect_uris: ['https://rp.example.com/callback'],
    grant_types: ['authorization_code'],
  };

  it('is shown, edited and cleared through the admin API', async () => {
    const created = await admin(server, session, 'POST', '/admin/clients', {
      ...base,
      backchannel_logout_uri: 'https://rp.example.com/backchannel',
      backchannel_logout_session_required: true,
    });
    expect(created.status).toBe(201);
    const client = (created.json as { client: Record<string, unknown> }).client;
    expect(client).toMatchObject({
      backchannel_logout_uri: 'https://rp.example.com/backchannel',
      backchannel_logout_session_required: true,
      logout_ends_offline_access: false,
    });
    const updated = await admin(server, session, 'PUT', `/admin/clients/${client.client_id}`, {
      ...base,
      backchannel_logout_uri: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      backchannel_logout_uri: null,
      backchannel_logout_session_required: false,
    });
  });

  it('refuses what the production outbound policy refuses, and what the spec forbids', async () => {
    const production = await startTestServer();
    try {
      const productionAdmin = await installAndSignIn(production);
      for (const uri of [
        'http://127.0.0.1:9/logout',
        'https://127.0.0.1/logout',
        'https://localhost/logout',
        'https://10.0.0.7/logout',
        'https://192.168.1.1/logout',
        'https://169.254.169.254/latest',
        'https://[::1]/logout',
        'https://[fd00::1]/logout',
        'http://rp.example.com/logout',
        'https://rp.example.com/logout#fragment',
        'https://user:pass@rp.example.com/logout',
        'javascript:alert(1)',
        'not a uri',
      ]) {
        const refused = await admin(production, productionAdmin, 'POST', '/admin/clients', {
          ...base,
          backchannel_logout_uri: uri,
        });
        expect(refused.status, uri).toBe(400);
        expect(refused.json.error, uri).toBe('invalid_client_metadata');
      }
      expect(await production.context.clients.registry.list()).toEqual([]);
      // A private address stays refused even where loopback is allowed (tests).
      const privateAddress = await admin(server, session, 'POST', '/admin/clients', {
        ...base,
        backchannel_logout_uri: 'https://10.0.0.7/logout',
      });
      expect(privateAddress.status).toBe(400);

      // And at delivery: a URI that points at loopback anyway (written behind the API's back) is never reached.
      const target = new RelyingParty();
      await target.listen();
      try {
        const client = await registerClient(production, { client_id: 'sneaky-app' });
        await production.database.db
          .update(clients)
          .set({ backchannelLogoutUri: target.url('sneaky-app') })
          .where(eq(clients.id, client.clientId));
        await production.context.clients.registry.find('sneaky-app');
        production.context.bus.announce('clients', 'sneaky-app');
        await eventually(
          async () =>
            (await production.context.clients.registry.find('sneaky-app'))?.backchannelLogoutUri !== null,
        );
        const signedIn = await signInUser(production);
        await codeFlowTokens(production, signedIn, client);
        expect(await signOut(production, signedIn)).toBe(200);
        expect(await deliver(production)).toMatchObject({ attempted: 1, delivered: 0 });
        expect(target.requests).toEqual([]);
        const [row] = await production.database.db
          .select()
          .from(backchannelLogoutDeliveries)
          .where(eq(backchannelLogoutDeliveries.clientId, 'sneaky-app'));
        expect(row).toMatchObject({ status: 'pending', lastStatusCode: null });
        expect(row!.lastError).toMatch(/refused/);
      } finally {
        await target.close();
      }
    } finally {
      await production.close();
    }
  });

  it('is set from the CLI operation the same way', async () => {
    const { createClientForCommand } = await import('../clients/cli.js');
    const output = await createClientForCommand(server.context, {
      name: 'CLI app',
      type: 'confidential',
      redirect_uris: ['https://rp.example.com/callback'],
      grant_types: ['authorization_code'],
      backchannel_logout_uri: 'https://rp.example.com/bcl',
    });
    expect(output).toMatchObject({
      backchannel_logout_uri: 'https://rp.example.com/bcl',
      backchannel_logout_session_required: false,
    });
  });
});

describe('two nodes of one deployment', () => {
  it('a session ended on node B reaches the client that signed in through node A, once, also after an outage', async () => {
    const nodes = await startTwoNodes({ sharedIssuer: true, env: LOOPBACK });
    const shared = new RelyingParty();
    try {
      await shared.listen();
      await prepare(nodes.nodeA, shared);
      const client = await toldClient(nodes.nodeA, shared, 'two-node-app');
      const sessions: { sid: string; userId: string }[] = [];
      for (let index = 0; index < 4; index += 1) {
        const signedIn = await signInUser(nodes.nodeA);
        const issued = await authorizationCode(nodes.nodeA, signedIn, client);
        const answer = await redeemCode(nodes.nodeA, client, issued);
        expect(answer.status).toBe(200);
        sessions.push({ sid: idTokenClaims(answer).sid as string, userId: signedIn.user.id });
        // Signed out through node B.
        expect(await signOut(nodes.nodeB, signedIn)).toBe(200);
      }
      // The receiver is down for the first runs of both nodes.
      shared.down = true;
      const first = await Promise.all([
        nodes.nodeA.context.logout.delivery.runOnce(),
        nodes.nodeB.context.logout.delivery.runOnce(),
      ]);
      expect(first.reduce((sum, run) => sum + run.attempted, 0)).toBe(4);
      expect(first.reduce((sum, run) => sum + run.delivered, 0)).toBe(0);
      shared.down = false;
      const later = new Date(Date.now() + 6000);
      const runs = await Promise.all([
        nodes.nodeA.context.logout.delivery.runOnce(later),
        nodes.nodeB.context.logout.delivery.runOnce(later),
        nodes.nodeA.context.logout.delivery.runOnce(later),
        nodes.nodeB.context.logout.delivery.runOnce(later),
      ]);
      expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(4);
      expect(shared.invalid).toEqual([]);
      for (const { sid, userId } of sessions) {
        const received = shared.of(sid);
        expect(received).toHaveLength(1);
        expect(received[0]!.claims).toMatchObject({
          sub: userId,
          aud: 'two-node-app',
          iss: nodes.nodeA.config.baseUrl,
        });
      }
      // Each logout was attempted twice (503, then 200) and never at once by two nodes.
      expect(shared.requests).toHaveLength(8);
      expect(new Set(shared.requests).size).toBe(4);
    } finally {
      await shared.close();
      await nodes.close();
    }
  });
});
