/**
 * Single-use values under parallel redemption (docs/scaling.md#exactly-once-across-nodes): of 20 simultaneous
 * requests exactly one wins, on the embedded database and on PostgreSQL (where the requests really run on
 * separate connections).
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  browserGet,
  finalize,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

const PARALLEL = 20;

let server: TestServer;
let rp: { clientId: string; clientSecret: string | null };
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  rp = await registerClient(server);
  user = await signInUser(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const credentials = () => ({ authorization: basicAuthorization(rp.clientId, rp.clientSecret!) });

async function authorizationRequest() {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizeUrl(server, {
    client_id: rp.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { verifier, url };
}

async function code(): Promise<{ code: string; verifier: string }> {
  const { verifier, url } = await authorizationRequest();
  const callback = await authorizeAndApprove(server, user, url);
  return { code: callback.searchParams.get('code')!, verifier };
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe(`${PARALLEL} parallel redemptions`, () => {
  it('of one authorization code: exactly one 200, the rest invalid_grant, and the replays revoke the winner', async () => {
    const { code: value, verifier } = await code();
    const form = {
      grant_type: 'authorization_code',
      code: value,
      redirect_uri: RP_REDIRECT,
      code_verifier: verifier,
    };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => formPost(server, '/token', form, credentials())),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 1, 400: PARALLEL - 1 });
    for (const answer of answers.filter((answer) => answer.status === 400)) {
      expect(answer.json.error).toBe('invalid_grant');
    }
    // RFC 6749 §4.1.2: a code used more than once revokes what it issued, however close together the uses were.
    const winner = answers.find((answer) => answer.status === 200)!.json;
    const introspected = await formPost(
      server,
      '/introspect',
      { token: winner.access_token as string },
      credentials(),
    );
    expect(introspected.json).toEqual({ active: false });
  });

  it('of one refresh token: exactly one 200, the rest invalid_grant', async () => {
    const { code: value, verifier } = await code();
    const tokens = await formPost(
      server,
      '/token',
      { grant_type: 'authorization_code', code: value, redirect_uri: RP_REDIRECT, code_verifier: verifier },
      credentials(),
    );
    expect(tokens.status).toBe(200);
    const form = { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token as string };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => formPost(server, '/token', form, credentials())),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 1, 400: PARALLEL - 1 });
    for (const answer of answers.filter((answer) => answer.status === 400)) {
      expect(answer.json.error).toBe('invalid_grant');
    }
    // The losers were replays of a rotated-out token: RFC 9700 §4.14 ends the family, the winner's new token too.
    const winner = answers.find((answer) => answer.status === 200)!.json;
    const next = await formPost(
      server,
      '/token',
      { grant_type: 'refresh_token', refresh_token: winner.refresh_token as string },
      credentials(),
    );
    expect(next).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('of one pending authorization request (finalize): exactly one 200 with a code', async () => {
    const fresh = await signInUser(server);
    const { url } = await authorizationRequest();
    const pending = await browserGet(url, fresh.cookie);
    const requestId = new URL(pending.location!, server.config.baseUrl).searchParams.get('request_id')!;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        finalize(server, fresh, { request_id: requestId, decision: 'approve' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others find the request already used (409) or already gone (404); none gets a code.
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect([404, 409]).toContain(answer.status);
      expect(['request_already_used', 'request_not_found']).toContain(answer.json.error);
    }
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(new URL(winner.json.redirect_uri as string).searchParams.get('code')).toEqual(expect.any(String));
  });
});
