/**
 * The device authorization grant (RFC 8628) through its public interface: oauth4webapi as the device, the hosted
 * UI's calls (user code, consent page, finalize) as a signed-in browser makes them, and every refusal a device or a
 * guesser can provoke: too-fast polling, expiry, denial, another client's code, a second redemption, brute-forced
 * user codes, ZK clients.
 */
import { and, eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/tables.js';
import { DEVICE_CODE_GRANT_TYPE } from '../protocol/oauth/vocabulary.js';
import { decideDevice, enterUserCode } from '../testing/device-flow.js';
import {
  allowHttp,
  finalize,
  formPost,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  type StrictClient,
  signInUser,
  strictClient,
  validateIdToken,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { deviceAuthorizations } from './tables.js';
import { USER_CODE_ALPHABET } from './user-code.js';

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'email', description: '' },
  { scope: 'offline_access', description: '' },
];

let server: TestServer;
let device: RegisteredClient;
let rp: StrictClient;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  device = await registerClient(server, {
    name: 'Living Room TV',
    redirect_uris: [],
    grant_types: [DEVICE_CODE_GRANT_TYPE, 'refresh_token'],
    scopes: SCOPES,
  });
  rp = await strictClient(server, device);
  user = await signInUser(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
  // This file's browsers all share one address and its main user enters many codes; the limits are tested on their own.
  await server.context.settings.set('rate_limits.device_user_code_ip_per_minute', 10_000);
  await server.context.settings.set('rate_limits.device_user_code_session_per_minute', 10_000);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function startDevice(client: StrictClient = rp, scope = 'openid profile offline_access') {
  const response = await oauth.deviceAuthorizationRequest(
    client.as,
    client.client,
    client.auth,
    { scope },
    allowHttp,
  );
  return oauth.processDeviceAuthorizationResponse(client.as, client.client, response);
}

/** One poll of /token with the device code, as the device sends it (Basic authentication). */
function poll(deviceCode: string, client: RegisteredClient = device) {
  return formPost(
    server,
    '/token',
    { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode },
    { authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` },
  );
}

async function row(deviceCode: string) {
  const { hashToken } = await import('../crypto/tokens.js');
  const [found] = await server.database.db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, hashToken(deviceCode)));
  return found!;
}

describe('the device authorization endpoint (RFC 8628 §3.1, §3.2)', () => {
  it('is advertised, and answers a device code, a typeable user code, the verification URIs and timings', async () => {
    expect(rp.as.device_authorization_endpoint).toBe(`${server.config.baseUrl}/device_authorization`);
    expect(rp.as.grant_types_supported).toContain(DEVICE_CODE_GRANT_TYPE);
    const response = await oauth.deviceAuthorizationRequest(
      rp.as,
      rp.client,
      rp.auth,
      { scope: 'openid' },
      allowHttp,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = await oauth.processDeviceAuthorizationResponse(rp.as, rp.client, response);
    expect(answer.device_code.length).toBeGreaterThanOrEqual(43);
    expect(answer.user_code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`));
    expect(answer.verification_uri).toBe(`${server.config.baseUrl}/ui/device`);
    expect(answer.verification_uri_complete).toBe(
      `${server.config.baseUrl}/ui/device?user_code=${answer.user_code}`,
    );
    expect(answer.expires_in).toBe(600);
    expect(answer.interval).toBe(5);
    // Only hashes are stored.
    const stored = await row(answer.device_code);
    expect(JSON.stringify(stored)).not.toContain(answer.device_code);
    expect(JSON.stringify(stored)).not.toContain(answer.user_code.replace('-', ''));
  });

  it('refuses a client without the grant, a wrong secret, a missing or unregistered scope', async () => {
    const codeOnly = await registerClient(server, { scopes: SCOPES });
    const refused = await formPost(
      server,
      '/device_authorization',
      { scope: 'openid' },
      {
        authorization: `Basic ${Buffer.from(`${codeOnly.clientId}:${codeOnly.clientSecret}`).toString('base64')}`,
      },
    );
    expect(refused).toMatchObject({ status: 400, json: { error: 'unauthorized_client' } });
    const wrongSecret = await formPost(
      server,
      '/device_authorization',
      { scope: 'openid' },
      { authorization: `Basic ${Buffer.from(`${device.clientId}:wrong`).toString('base64')}` },
    );
    expect(wrongSecret).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const basic = {
      authorization: `Basic ${Buffer.from(`${device.clientId}:${device.clientSecret}`).toString('base64')}`,
    };
    expect(await formPost(server, '/device_authorization', {}, basic)).toMatchObject({
      status: 400,
      json: { error: 'invalid_scope' },
    });
    expect(await formPost(server, '/device_authorization', { scope: 'openid admin' }, basic)).toMatchObject({
      status: 400,
      json: { error: 'invalid_scope' },
    });
  });

  it('serves a public client by its client_id alone', async () => {
    const tv = await registerClient(server, {
      type: 'public',
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE],
      scopes: SCOPES,
    });
    const publicRp = await strictClient(server, tv);
    const answer = await startDevice(publicRp, 'openid');
    await decideDevice(server, user, answer.user_code, 'approve');
    const tokens = await oauth.processDeviceCodeResponse(
      publicRp.as,
      publicRp.client,
      await oauth.deviceCodeGrantRequest(
        publicRp.as,
        publicRp.client,
        publicRp.auth,
        answer.device_code,
        allowHttp,
      ),
    );
    expect(tokens.access_token).toEqual(expect.any(String));
    // No refresh_token grant registered: none issued.
    expect(tokens.refresh_token).toBeUndefined();
  });
});

describe('the device flow end to end', () => {
  it('pending until approved, then tokens as the code flow issues them, exactly once', async () => {
    const answer = await startDevice();
    const pending = await poll(answer.device_code);
    expect(pending).toMatchObject({ status: 400, json: { error: 'authorization_pending' } });
    expect(pending.headers.get('cache-control')).toBe('no-store');

    // The user enters the code as typed on a phone: lower case, a space instead of the hyphen.
    const typed = answer.user_code.toLowerCase().replace('-', ' ');
    const entered = await enterUserCode(server, user, typed);
    expect(entered.status).toBe(200);
    const requestId = entered.json.request_id as string;
    const view = await fetch(`${server.publicUrl}/api/user/authorization-requests/${requestId}`, {
      headers: { cookie: user.cookie },
    });
    const shown = (await view.json()) as Record<string, unknown>;
    // The consent page names the device's client and its scopes, and always asks.
    expect(shown).toMatchObject({
      client: { client_id: device.clientId, name: 'Living Room TV' },
      device: true,
      consent_required: true,
      login_required: false,
      zk_delivery: 'none',
      key_delivery: null,
    });
    expect((shown.scopes as { scope: string }[]).map((entry) => entry.scope)).toEqual([
      'openid',
      'profile',
      'offline_access',
    ]);
    const decided = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(decided.json.redirect_uri).toBe(`${server.config.baseUrl}/ui/device?result=approved`);

    const tokens = await oauth.processDeviceCodeResponse(
      rp.as,
      rp.client,
      await oauth.deviceCodeGrantRequest(rp.as, rp.client, rp.auth, answer.device_code, allowHttp),
    );
    expect(tokens.scope).toBe('openid profile offline_access');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const claims = await validateIdToken(server, tokens.id_token!, {
      clientId: device.clientId,
      nonce: null,
      accessToken: tokens.access_token,
    });
    expect(claims).toMatchObject({ sub: user.user.id, name: 'Ada Lovelace', amr: ['pwd'] });
    // The device is not part of the browser's session (docs/device-flow.md#sessions).
    expect(claims.sid).toBeUndefined();
    const userinfo = await fetch(`${server.config.baseUrl}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: user.user.id });
    const refreshed = await oauth.processRefreshTokenResponse(
      rp.as,
      rp.client,
      await oauth.refreshTokenGrantRequest(rp.as, rp.client, rp.auth, tokens.refresh_token!, allowHttp),
    );
    expect(refreshed.access_token).toEqual(expect.any(String));

    // A second token request with the same device code: invalid_grant.
    expect(await poll(answer.device_code)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const [approval] = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'oauth.device_authorization_approved'),
          eq(auditEvents.targetId, device.clientId),
        ),
      );
    expect(approval).toMatchObject({
      outcome: 'success',
      actorType: 'user',
      actorId: user.user.id,
      targetType: 'client',
      targetId: device.clientId,
    });
    expect(JSON.stringify(approval)).not.toContain(answer.user_code);
  });

  it('polled sooner than the interval: slow_down, and the interval is raised by 5 seconds each time', async () => {
    const answer = await startDevice();
    expect((await poll(answer.device_code)).json.error).toBe('authorization_pending');
    expect((await poll(answer.device_code)).json.error).toBe('slow_down');
    expect((await row(answer.device_code)).intervalSeconds).toBe(10);
    expect((await poll(answer.device_code)).json.error).toBe('slow_down');
    expect((await row(answer.device_code)).intervalSeconds).toBe(15);
    // Once the (raised) interval has passed, the answer is pending again and the interval stays.
    await server.database.db
      .update(deviceAuthorizations)
      .set({ lastPolledAt: new Date(Date.now() - 16_000) })
      .where(eq(deviceAuthorizations.id, (await row(answer.device_code)).id));
    expect((await poll(answer.device_code)).json.error).toBe('authorization_pending');
    expect((await row(answer.device_code)).intervalSeconds).toBe(15);
  });

  it('denied: access_denied to the device, and the denial is audited', async () => {
    const answer = await startDevice();
    const page = await decideDevice(server, user, answer.user_code, 'deny');
    expect(page.href).toBe(`${server.config.baseUrl}/ui/device?result=denied`);
    expect(await poll(answer.device_code)).toMatchObject({ status: 400, json: { error: 'access_denied' } });
    const denials = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'oauth.device_authorization_denied'));
    expect(denials.map((event) => event.targetId)).toContain(device.clientId);
  });

  it('expired: expired_token, and its user code is no longer accepted', async () => {
    const answer = await startDevice();
    await server.database.db
      .update(deviceAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuthorizations.id, (await row(answer.device_code)).id));
    expect(await poll(answer.device_code)).toMatchObject({ status: 400, json: { error: 'expired_token' } });
    expect(await enterUserCode(server, user, answer.user_code)).toMatchObject({
      status: 400,
      json: { error: 'invalid_user_code' },
    });
  });

  it('a device code presented by another client: invalid_grant, and the owner still gets its tokens', async () => {
    const other = await registerClient(server, {
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE],
      scopes: SCOPES,
    });
    const answer = await startDevice();
    await decideDevice(server, user, answer.user_code, 'approve');
    expect(await poll(answer.device_code, other)).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });
    expect((await poll(answer.device_code)).status).toBe(200);
  });

  it('an unknown device code: invalid_grant', async () => {
    expect(await poll('not-a-device-code')).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('one decision per device code: a second page for the same code cannot decide again', async () => {
    const answer = await startDevice();
    const first = await enterUserCode(server, user, answer.user_code);
    const second = await enterUserCode(server, user, answer.user_code);
    expect(
      await finalize(server, user, { request_id: first.json.request_id, decision: 'approve' }),
    ).toMatchObject({ status: 200 });
    expect(
      await finalize(server, user, { request_id: second.json.request_id, decision: 'deny' }),
    ).toMatchObject({ status: 409, json: { error: 'request_already_used' } });
    expect((await poll(answer.device_code)).status).toBe(200);
  });

  it('a device request delivers no key', async () => {
    const answer = await startDevice();
    const entered = await enterUserCode(server, user, answer.user_code);
    const refused = await finalize(server, user, {
      request_id: entered.json.request_id,
      decision: 'approve',
      zk_key_hash: 'a'.repeat(43),
    });
    expect(refused).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    expect((await poll(answer.device_code)).json.error).toBe('authorization_pending');
  });

  it("another browser cannot decide on a request started by the user's code entry", async () => {
    const answer = await startDevice();
    const entered = await enterUserCode(server, user, answer.user_code);
    const elsewhere = await signInUser(server, { user: user.user });
    expect(
      await finalize(server, elsewhere, { request_id: entered.json.request_id, decision: 'approve' }),
    ).toMatchObject({ status: 403, json: { error: 'request_browser_mismatch' } });
    expect((await poll(answer.device_code)).json.error).toBe('authorization_pending');
  });
});

describe('user codes under guessing (docs/device-flow.md#user-code-entropy)', () => {
  it('a session guessing repeatedly is rate-limited, and then not even the right code approves anything', async () => {
    const answer = await startDevice();
    const guesser = await signInUser(server);
    await server.context.settings.set('rate_limits.device_user_code_session_per_minute', 5);
    const wrong = (index: number) => `BBBB-BB${USER_CODE_ALPHABET[index]}${USER_CODE_ALPHABET[index + 1]}`;
    const answers = [];
    for (let index = 0; index < 5; index += 1)
      answers.push(await enterUserCode(server, guesser, wrong(index)));
    expect(answers.map((entry) => entry.json.error)).toEqual(Array(5).fill('invalid_user_code'));
    const limited = await enterUserCode(server, guesser, wrong(5));
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right code is refused too while the limit holds: no request to approve.
    const right = await enterUserCode(server, guesser, answer.user_code);
    expect(right).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    expect((await poll(answer.device_code)).json.error).toBe('authorization_pending');
    expect((await row(answer.device_code)).status).toBe('pending');
    await server.context.settings.set('rate_limits.device_user_code_session_per_minute', 10_000);
  });

  it('one address guessing across fresh sessions is rate-limited too', async () => {
    const own = await startTestServer();
    try {
      await own.context.settings.set('rate_limits.device_user_code_ip_per_minute', 3);
      const statuses = [];
      for (let index = 0; index < 4; index += 1) {
        const fresh = await signInUser(own);
        // Without a trusted proxy the header is ignored: the limit counts the connection's address.
        const headers = { 'x-forwarded-for': `203.0.113.${index}` };
        statuses.push((await enterUserCode(own, fresh, 'CCCC-CCCC', headers)).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await own.close();
    }
  });

  it('a malformed code is refused as an unknown one', async () => {
    const fresh = await signInUser(server);
    for (const typed of ['AEIOU123', 'BCDF-GHJ', 'BCDF-GHJK-L']) {
      expect(await enterUserCode(server, fresh, typed)).toMatchObject({
        status: 400,
        json: { error: 'invalid_user_code' },
      });
    }
  });

  it('a user code is entered only by a signed-in session from our own pages', async () => {
    const answer = await startDevice();
    const anonymous = await fetch(`${server.publicUrl}/api/user/device-authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.config.baseUrl).origin },
      body: JSON.stringify({ user_code: answer.user_code }),
    });
    expect(anonymous.status).toBe(401);
    const fresh = await signInUser(server);
    const foreign = await enterUserCode(server, fresh, answer.user_code, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await row(answer.device_code)).status).toBe('pending');
  });
});

describe('zero-knowledge clients (docs/device-flow.md#zero-knowledge-clients)', () => {
  it('may not register the device_code grant', async () => {
    await expect(
      registerClient(server, {
        type: 'public',
        redirect_uris: ['https://notes.example.com/callback'],
        grant_types: ['authorization_code', DEVICE_CODE_GRANT_TYPE],
        scopes: SCOPES,
        zk_delivery: 'v2',
      }),
    ).rejects.toThrow(/device_code grant cannot deliver a zero-knowledge key/);
  });

  it('are refused at the device authorization endpoint and at /token', async () => {
    const zk = await registerClient(server, {
      type: 'public',
      redirect_uris: ['https://notes.example.com/callback'],
      grant_types: ['authorization_code'],
      scopes: SCOPES,
      zk_delivery: 'v2',
    });
    const refused = await formPost(server, '/device_authorization', {
      client_id: zk.clientId,
      scope: 'openid',
    });
    expect(refused).toMatchObject({ status: 400, json: { error: 'unauthorized_client' } });
    const token = await formPost(server, '/token', {
      client_id: zk.clientId,
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: 'anything',
    });
    expect(token).toMatchObject({ status: 400, json: { error: 'unauthorized_client' } });
  });
});

describe('an account whose access ends', () => {
  it('loses an approval whose tokens were not yet fetched', async () => {
    const owner = await signInUser(server);
    const answer = await startDevice();
    await decideDevice(server, owner, answer.user_code, 'approve');
    await server.context.accounts.lifecycle.accessEnded.run(owner.user.id);
    expect(await poll(answer.device_code)).toMatchObject({ status: 400, json: { error: 'access_denied' } });
  });
});
