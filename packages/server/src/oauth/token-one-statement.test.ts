/**
 * The code exchange and the refresh run as one statement on their success path
 * (docs/scaling.md#what-one-operation-costs-the-database-and-redis): the checks are conditions of the
 * consuming write, and the code or token is read only when that write matched nothing. These tests hold the
 * two halves together: a success reads nothing first and answers with the right claims, and every refusal the
 * write turns down is still told apart by the read, with today's answer, without using up the code or the
 * token.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizationCode, introspection, redeemCode, refreshGrant } from '../testing/code-flow.js';
import {
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { OAuthStore } from './store.js';

let server: TestServer;
let rp: RegisteredClient;
let other: RegisteredClient;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  rp = await registerClient(server);
  other = await registerClient(server);
  user = await signInUser(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function code(): Promise<{ code: string; verifier: string; nonce: string }> {
  const nonce = oauth.generateRandomNonce();
  const { code, verifier } = await authorizationCode(server, user, rp, { scope: 'openid email', nonce });
  return { code, verifier, nonce };
}

const exchange = (
  issued: { code: string; verifier: string },
  overrides: Record<string, string> = {},
  client = rp,
) => redeemCode(server, client, issued, overrides);
const refresh = (refreshToken: string, client = rp) => refreshGrant(server, client, refreshToken);
const active = async (token: string) => (await introspection(server, rp, token)).active as boolean;

function claims(idToken: unknown): Record<string, unknown> {
  return JSON.parse(Buffer.from(String(idToken).split('.')[1]!, 'base64url').toString());
}

function expectRefusal(answer: { status: number; json: Record<string, unknown> }, description: string) {
  expect(answer.status).toBe(400);
  expect(answer.json).toMatchObject({ error: 'invalid_grant', error_description: description });
}

describe('the code exchange', () => {
  it('redeems a code without reading it first, with the claims the code carries', async () => {
    const issued = await code();
    const read = vi.spyOn(OAuthStore.prototype, 'findCodeForExchange');
    const answer = await exchange(issued);
    expect(answer.status).toBe(200);
    expect(read).not.toHaveBeenCalled();
    expect(answer.json.scope).toBe('openid email');
    expect(claims(answer.json.id_token)).toMatchObject({
      sub: user.user.id,
      nonce: issued.nonce,
      email: user.user.email,
      amr: ['pwd'],
    });
    expect(claims(answer.json.id_token).sid).toEqual(expect.any(String));
    expect(await active(answer.json.refresh_token as string)).toBe(true);
  });

  it('a wrong or malformed verifier, another client, another redirect URI or an expired code do not use it up', async () => {
    const issued = await code();
    const read = vi.spyOn(OAuthStore.prototype, 'findCodeForExchange');
    expectRefusal(
      await exchange(issued, { code_verifier: oauth.generateRandomCodeVerifier() }),
      'code_verifier does not match the code challenge',
    );
    expectRefusal(
      await exchange(issued, { code_verifier: 'short' }),
      'code_verifier does not match the code challenge',
    );
    expectRefusal(await exchange(issued, {}, other), 'the authorization code was issued to another client');
    expectRefusal(
      await exchange(issued, { redirect_uri: `${RP_REDIRECT}/other` }),
      'redirect_uri does not match the authorization request',
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expectRefusal(await exchange(issued), 'the authorization code has expired');
    vi.useRealTimers();
    expect(read).toHaveBeenCalledTimes(5);
    const answer = await exchange(issued);
    expect(answer.status).toBe(200);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('a code redeemed again is refused and revokes what it issued (RFC 6749 §4.1.2)', async () => {
    const issued = await code();
    const first = await exchange(issued);
    expect(first.status).toBe(200);
    expectRefusal(await exchange(issued), 'the authorization code was already used');
    expect(await active(first.json.access_token as string)).toBe(false);
    expect(await active(first.json.refresh_token as string)).toBe(false);
  });
});

describe('the refresh', () => {
  async function tokens() {
    const answer = await exchange(await code());
    expect(answer.status).toBe(200);
    return answer.json as { access_token: string; refresh_token: string; id_token: string };
  }

  it('rotates without reading the token first, with the grant and the user claims', async () => {
    const first = await tokens();
    const read = vi.spyOn(OAuthStore.prototype, 'findRefreshTokenForUse');
    const answer = await refresh(first.refresh_token);
    expect(answer.status).toBe(200);
    expect(read).not.toHaveBeenCalled();
    expect(answer.json.scope).toBe('openid email');
    const refreshed = claims(answer.json.id_token);
    const original = claims(first.id_token);
    expect(refreshed).toMatchObject({
      sub: user.user.id,
      email: user.user.email,
      sid: original.sid,
      auth_time: original.auth_time,
      amr: original.amr,
    });
    // OIDC Core §12.2: no nonce in a refreshed ID token.
    expect(refreshed.nonce).toBeUndefined();
    expect(await active(first.refresh_token)).toBe(false);
    expect(await active(answer.json.refresh_token as string)).toBe(true);
  });

  it('another client neither rotates nor revokes the token (RFC 6749 §6)', async () => {
    const first = await tokens();
    expectRefusal(
      await refresh(first.refresh_token, other),
      'the refresh token was issued to another client',
    );
    expect(await active(first.access_token)).toBe(true);
    expect(await active(first.refresh_token)).toBe(true);
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('an expired token is refused, unused', async () => {
    const first = await tokens();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 86_400_000 });
    expectRefusal(await refresh(first.refresh_token), 'the refresh token has expired');
    vi.useRealTimers();
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('a rotated-out token presented again revokes the family (RFC 9700 §4.14.2)', async () => {
    const first = await tokens();
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expectRefusal(
      await refresh(first.refresh_token),
      'the refresh token was already used; its grant is revoked',
    );
    expect(await active(second.json.refresh_token as string)).toBe(false);
    expectRefusal(await refresh(second.json.refresh_token as string), 'the grant is no longer valid');
  });
});
