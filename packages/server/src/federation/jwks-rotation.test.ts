import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createConnection,
  FEDERATION_TEST_ENV,
  federatedSignIn,
  verifyDomain,
} from '../testing/federation.js';
import { installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../testing/upstream-idp.js';

let server: TestServer;
let idp: UpstreamIdp;
let connectionId: string;

beforeAll(async () => {
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  const session = await installAndSignIn(server);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  connectionId = (
    await createConnection(server, session, idp, { domains: ['rotate.test'], jitProvisioning: true })
  ).id;
  await verifyDomain(server, session, connectionId, 'rotate.test');
}, 180_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

async function signIn() {
  idp.signInAs({
    sub: `sub-${randomBytes(6).toString('hex')}`,
    email: `r-${randomBytes(4).toString('hex')}@rotate.test`,
    email_verified: true,
  });
  return (await federatedSignIn(server, connectionId)).answer;
}

const signedIn = (answer: { status: number; location: string | null }) =>
  expect(answer).toMatchObject({ status: 302, location: '/ui/account' });
const refused = (answer: { status: number; body: string }) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatch(/could not be verified/);
};

/**
 * The clock moves on by `seconds` (Date only: the server, openid-client's JWKS cache age and the upstream's token
 * times all read it), so the JWKS cache's one-refetch-a-minute rule can be crossed without waiting.
 */
function advanceClock(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: now + seconds * 1000 });
}

describe('the upstream JWKS cache (openid-client: per connection, refetched on an unknown kid)', () => {
  it('refetches once on an unknown kid after a rotation, refuses a key in neither set, and never storms', async () => {
    signedIn(await signIn());
    const cached = idp.jwksFetches();
    expect(cached).toBeGreaterThan(0);
    // Cached: the next sign-in with the same key fetches nothing.
    signedIn(await signIn());
    expect(idp.jwksFetches()).toBe(cached);

    // The upstream rotates. A minute later (the cache is old enough to be refreshed) the unknown kid makes the
    // JWKS be fetched once, and the token verifies against the new set.
    idp.rotateSigningKey();
    advanceClock(61);
    signedIn(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 1);
    signedIn(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 1);

    // A token under a kid the provider never published: refused. The set was fetched less than a minute ago, so
    // however many such tokens arrive, none triggers a refetch (no refetch storm).
    idp.tamper({ unpublishedKey: true });
    for (let attempt = 0; attempt < 3; attempt += 1) refused(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 1);

    // Once the set is a minute old, such a token makes one refetch; the key is in neither set: still refused.
    advanceClock(61 * 2);
    refused(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 2);
    refused(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 2);

    idp.tamper(null);
    signedIn(await signIn());
    expect(idp.jwksFetches()).toBe(cached + 2);
  });
});
