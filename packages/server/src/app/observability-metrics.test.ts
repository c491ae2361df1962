import { readFileSync } from 'node:fs';
import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFlowTokens, refreshGrant } from '../testing/code-flow.js';
import { registerClient, signInUser } from '../testing/oauth.js';
import { postJson, registerWithPassword } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { currentCode } from '../testing/totp.js';

/**
 * A scripted run (a code flow and its refresh, a refused sign-in, SCIM calls, a second factor refused, a forged
 * federation callback, a rate-limit refusal, a housekeeping run), then one scrape: every metric that
 * docs/observability.md lists is there, with values the run explains.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): { samples: Sample[]; declared: Set<string> } {
  const samples: Sample[] = [];
  const declared = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) declared.add(type[1]!);
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, declared };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The metric names of the tables in docs/observability.md (`tessera_…` in the first column). */
function documentedMetrics(): string[] {
  const doc = readFileSync(new URL('../../../../docs/observability.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/^\| `(tessera_[a-z_]+)` \|/gm)].map((match) => match[1]!);
}

/** A password sign-in refused by the server: a real OPAQUE exchange whose final message is sent twice. */
async function refusedPasswordSignIn(email: string, password: string): Promise<void> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${server.publicUrl}/api/user/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  expect(start.status).toBe(200);
  const finished = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  const finish = { login_id: start.json.login_id, finish_login_request: finished?.finishLoginRequest };
  expect((await postJson(`${server.publicUrl}/api/user/login/finish`, finish)).status).toBe(200);
  expect((await postJson(`${server.publicUrl}/api/user/login/finish`, finish)).status).toBe(401);
}

describe('/metrics after a scripted run', () => {
  it('shows every documented metric with values the run explains', async () => {
    // A code flow, its refresh, and the resource server's calls with the access token.
    const client = await registerClient(server);
    const signedIn = await signInUser(server);
    const tokens = await codeFlowTokens(server, signedIn, client);
    for (let call = 0; call < 3; call += 1) {
      const userinfo = await fetch(`${server.publicUrl}/userinfo`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(userinfo.status).toBe(200);
    }
    expect((await refreshGrant(server, client, tokens.refresh_token)).status).toBe(200);

    // One password sign-in that succeeds and one the server refuses.
    await server.context.settings.set('accounts.self_registration', true);
    await server.context.settings.set('accounts.require_email_verification', false);
    expect(
      (await registerWithPassword(server, 'ida@example.com', 'correct horse battery staple')).status,
    ).toBe(200);
    await refusedPasswordSignIn('ida@example.com', 'correct horse battery staple');

    // A second factor: enrolled, then a wrong code at /otp/reauth (a step-up).
    const factor = { kind: 'user' as const, id: signedIn.user.id, label: signedIn.user.email };
    const { secret } = await server.context.otp.factors.startEnrolment(factor);
    await server.context.otp.factors.confirmEnrolment(factor, currentCode(secret));
    const wrongCode = String((Number(currentCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const verify = await fetch(`${server.publicUrl}/otp/reauth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: signedIn.cookie,
        'x-csrf-token': signedIn.csrfToken,
      },
      body: JSON.stringify({ code: wrongCode }),
    });
    expect(verify.status).toBe(401);
    // The next time step's code (RFC 6238 §5.2: one step of drift is accepted); the current one was used to enrol.
    const reauth = await fetch(`${server.publicUrl}/otp/reauth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: signedIn.cookie,
        'x-csrf-token': signedIn.csrfToken,
      },
      body: JSON.stringify({ code: currentCode(secret, 1) }),
    });
    expect(reauth.status).toBe(200);

    // SCIM: a list with the connection's token, and a call without one.
    const session = await installAndSignIn(server);
    const { token } = await connectionWithToken(server, session, 'Metrics Corp');
    expect((await scim(server, token, 'GET', '/Users')).status).toBe(200);
    expect((await scim(server, null, 'GET', '/Users')).status).toBe(401);

    // A callback with a forged state: no flow, so no connection known.
    const forged = await fetch(`${server.publicUrl}/federation/oidc/callback?state=forged&code=x`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(400);

    // A rate-limit refusal: one sign-in start per minute from this address.
    await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 1);
    const start = () =>
      postJson(`${server.publicUrl}/api/user/login/start`, {
        email: 'ida@example.com',
        start_login_request: opaque.client.startLogin({ password: 'x' }).startLoginRequest,
      });
    const starts = [await start(), await start()];
    expect(starts.map((answer) => answer.status)).toContain(429);

    // Housekeeping, as of a month from now: what this run left behind has expired by then.
    await server.context.housekeeping.runOnce(new Date(Date.now() + 30 * 24 * 3600 * 1000));

    const response = await fetch(`${server.adminUrl}/metrics`);
    expect(response.status).toBe(200);
    const { samples, declared } = parseExposition(await response.text());

    const documented = documentedMetrics();
    expect(documented.length).toBe(18);
    const absentOnThisDatabase =
      server.database.kind === 'postgres'
        ? ['tessera_db_queue_depth']
        : ['tessera_db_pool_connections', 'tessera_db_pool_errors_total'];
    for (const name of documented) {
      if (absentOnThisDatabase.includes(name)) expect(declared.has(name), name).toBe(false);
      else expect(declared.has(name), name).toBe(true);
    }

    const http = 'tessera_http_requests_total';
    expect(total(samples, http, { route: '/token', status_class: '2xx', status_code: '200' })).toBe(2);
    expect(total(samples, http, { route: '/userinfo', status_class: '2xx' })).toBe(3);
    expect(
      total(samples, 'tessera_http_request_duration_seconds_count', {
        route: '/authorize',
        status_class: '3xx',
      }),
    ).toBeGreaterThanOrEqual(1);

    expect(total(samples, 'tessera_tokens_issued_total', { grant_type: 'authorization_code' })).toBe(1);
    expect(total(samples, 'tessera_tokens_issued_total', { grant_type: 'refresh_token' })).toBe(1);

    const signIns = 'tessera_sign_ins_total';
    // The registration signs the new account in, then the sign-in whose final message is replayed.
    expect(total(samples, signIns, { method: 'password', outcome: 'success' })).toBe(2);
    expect(total(samples, signIns, { method: 'password', outcome: 'failure' })).toBe(1);

    const secondFactor = 'tessera_second_factor_verifications_total';
    expect(total(samples, secondFactor, { method: 'totp', outcome: 'success' })).toBe(1);
    expect(total(samples, secondFactor, { method: 'totp', outcome: 'failure' })).toBe(1);

    const scimOperations = 'tessera_scim_operations_total';
    expect(total(samples, scimOperations, { resource: 'Users', method: 'GET', outcome: 'success' })).toBe(1);
    expect(
      total(samples, scimOperations, { resource: 'Users', method: 'GET', outcome: 'client_error' }),
    ).toBe(1);

    expect(
      total(samples, 'tessera_federation_sign_ins_total', {
        connection: '(unknown)',
        outcome: 'invalid_state',
      }),
    ).toBe(1);

    expect(
      total(samples, 'tessera_rate_limit_refusals_total', { limit: 'sign-in-ip' }),
    ).toBeGreaterThanOrEqual(1);

    // The resource server's second and third calls are answered from the caches.
    const lookups = 'tessera_cache_lookups_total';
    expect(
      total(samples, lookups, { cache: 'verified_access_tokens', result: 'hit' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      total(samples, lookups, { cache: 'verified_access_tokens', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(samples, lookups, { cache: 'grant_status', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(total(samples, lookups, { cache: 'sessions' })).toBeGreaterThanOrEqual(1);

    expect(total(samples, 'tessera_housekeeping_runs_total', { outcome: 'completed' })).toBe(1);
    expect(total(samples, 'tessera_housekeeping_purged_rows_total')).toBeGreaterThanOrEqual(1);

    // Every statement waited for its connection or turn, however briefly.
    expect(total(samples, 'tessera_db_wait_seconds_count')).toBeGreaterThan(20);
    if (server.database.kind === 'embedded') {
      expect(total(samples, 'tessera_db_queue_depth')).toBe(0);
    } else {
      expect(total(samples, 'tessera_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    }

    // Nothing was ever queued for a webhook: no endpoint is registered.
    expect(total(samples, 'tessera_webhook_queue_depth')).toBe(0);

    // No user id, email, client id or token reached a label.
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels)).join('\n');
    for (const value of [signedIn.user.id, signedIn.user.email, 'ida@example.com', client.clientId, token]) {
      expect(labelValues).not.toContain(value);
    }
  });
});
