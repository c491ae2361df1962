/**
 * Refused token requests are audited (issue: "token issuance failures"), with the grant type, the error and who
 * asked — and never the code, verifier, refresh token or secret that was presented.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  formPost,
  RP_REDIRECT,
  registerClient,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let admin: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface AuditEntry {
  action: string;
  outcome: string;
  actor_type: string;
  actor_id: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

async function tokenFailures(): Promise<{ entries: AuditEntry[]; exported: string }> {
  const listed = await adminFetch(server, admin, 'GET', '/admin/audit?action=oauth.token&limit=100');
  expect(listed.status).toBe(200);
  const response = await fetch(`${server.adminUrl}/admin/audit/export?format=jsonl&action=oauth.token`, {
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  return { entries: listed.json.events as AuditEntry[], exported: await response.text() };
}

describe('token endpoint failures in the audit log', () => {
  it('records a replayed code and a wrong secret, with no secret in the entries or the export', async () => {
    const { clientId, clientSecret } = await registerClient(server, {
      grant_types: ['authorization_code', 'client_credentials'],
    });
    const secret = clientSecret as string;
    const user = await signInUser(server);
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeAndApprove(
      server,
      user,
      authorizeUrl(server, {
        client_id: clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }),
    );
    const code = callback.searchParams.get('code') as string;
    const redeem = () =>
      formPost(
        server,
        '/token',
        { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT, code_verifier: verifier },
        { authorization: basicAuthorization(clientId, secret) },
      );
    expect((await redeem()).status).toBe(200);
    const replay = await redeem();
    expect(replay.json.error).toBe('invalid_grant');

    const wrongSecret = 'not-the-secret-0123456789';
    const guessed = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      { authorization: basicAuthorization(clientId, wrongSecret) },
    );
    expect(guessed.status).toBe(401);

    const { entries, exported } = await tokenFailures();
    const mine = entries.filter((entry) => entry.target_id === clientId);
    expect(mine).toHaveLength(2);
    const [guess, replayed] = mine; // newest first
    expect(replayed).toMatchObject({
      outcome: 'failure',
      actor_type: 'client',
      actor_id: clientId,
      details: { grant_type: 'authorization_code', error: 'invalid_grant' },
    });
    expect(guess).toMatchObject({
      outcome: 'failure',
      actor_type: 'anonymous',
      actor_id: null,
      details: { grant_type: 'client_credentials', error: 'invalid_client' },
    });
    // The successful redemption is not a failure and is not here.
    const everything = JSON.stringify(entries) + exported;
    for (const value of [code, verifier, secret, wrongSecret]) expect(everything).not.toContain(value);
  });

  it('answers an invalid request the same with the right or a wrong secret, and audits both', async () => {
    const { clientId, clientSecret } = await registerClient(server, { grant_types: ['client_credentials'] });
    const secret = clientSecret as string;
    const wrongSecret = 'not-the-secret-9876543210';
    const send = (presented: string, method: 'basic' | 'post') =>
      method === 'basic'
        ? formPost(
            server,
            '/token',
            { grant_type: 'client_credentials\u0000' },
            { authorization: basicAuthorization(clientId, presented) },
          )
        : formPost(server, '/token', {
            grant_type: 'client_credentials\u0000',
            client_id: clientId,
            client_secret: presented,
          });
    for (const method of ['basic', 'post'] as const) {
      const right = await send(secret, method);
      const wrong = await send(wrongSecret, method);
      expect(right.status, method).toBe(400);
      expect(right.json, method).toMatchObject({ error: 'invalid_request' });
      expect(wrong.status, method).toBe(right.status);
      expect(wrong.json, method).toEqual(right.json);
      for (const header of ['www-authenticate', 'cache-control', 'content-type'])
        expect(wrong.headers.get(header), `${method} ${header}`).toBe(right.headers.get(header));
    }

    const { entries, exported } = await tokenFailures();
    const mine = entries.filter((entry) => entry.target_id === clientId);
    expect(mine).toHaveLength(4);
    const rightOnes = mine.filter((entry) => entry.actor_type === 'client');
    const wrongOnes = mine.filter((entry) => entry.actor_type === 'anonymous');
    expect(rightOnes).toHaveLength(2);
    expect(wrongOnes).toHaveLength(2);
    for (const entry of rightOnes) {
      expect(entry).toMatchObject({
        outcome: 'failure',
        actor_id: clientId,
        details: { error: 'invalid_request' },
      });
    }
    for (const entry of wrongOnes) {
      expect(entry).toMatchObject({
        outcome: 'failure',
        actor_id: null,
        details: { error: 'invalid_client' },
      });
      expect(entry.details.description).toMatch(/refused as invalid_request/);
    }
    // The NUL is recorded as U+FFFD (the database could not store it), so the entry exists at all.
    for (const entry of mine) expect(entry.details.grant_type).toBe('client_credentials\uFFFD');
    const everything = JSON.stringify(mine) + exported;
    for (const value of [secret, wrongSecret]) expect(everything).not.toContain(value);
  });
});
