/**
 * An approval at /authorize/finalize writes in one statement
 * (docs/scaling.md#what-one-operation-costs-the-database-and-redis): the pending request consumed, the
 * consent remembered and the code inserted, all or nothing. These tests hold what that statement promises:
 * the approval needs none of the separate writes, what it remembers and issues is right, and when one part
 * fails nothing of it stays behind (the request can still be approved, the consent is not remembered).
 * Concurrent approvals of one request are in concurrency.test.ts. The consent page's read (GET
 * /api/user/authorization-requests/{id}) reads the remembered consent in the request's own statement.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authorizeOnce,
  codeOf,
  pendingRequestId,
  pendingRequestView,
  REFUSED_NONCE,
  redeemCode,
  refuseMarkedCodes,
} from '../testing/code-flow.js';
import { finalize, type RegisteredClient, registerClient, signInUser } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { OAuthStore } from './store.js';
import { authorizationCodes, consents } from './tables.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await refuseMarkedCodes(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function rememberedScopes(userId: string, client: RegisteredClient): Promise<string[] | null> {
  const [row] = await server.database.db
    .select({ scopes: consents.scopes })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.clientId, client.clientId)));
  return row?.scopes ?? null;
}

async function codesOf(userId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(authorizationCodes)
    .where(eq(authorizationCodes.userId, userId));
  return row!.n;
}

describe('an approval at /authorize/finalize', () => {
  it('consumes the request, remembers the consent and issues the code in one statement', async () => {
    const user = await signInUser(server);
    const client = await registerClient(server);
    const consume = vi.spyOn(OAuthStore.prototype, 'consumeAuthorizationRequest');
    const createCode = vi.spyOn(OAuthStore.prototype, 'createCode');
    const { verifier, answer } = await authorizeOnce(server, user, client, {
      scope: 'openid email',
      nonce: 'n-1',
    });
    const requestId = pendingRequestId(server, answer.location);

    const approved = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(consume).not.toHaveBeenCalled();
    expect(createCode).not.toHaveBeenCalled();
    expect((await rememberedScopes(user.user.id, client))?.sort()).toEqual(['email', 'openid']);
    const tokens = await redeemCode(server, client, {
      code: codeOf(approved.json.redirect_uri as string),
      verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.json.scope).toBe('openid email');

    // The request is used up: a second approval finds no pending request and issues nothing more.
    const again = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('request_not_found');
    expect(await codesOf(user.user.id)).toBe(1);

    // Remembered: the same request from the same browser now gets its code at once.
    const next = await authorizeOnce(server, user, client, { scope: 'openid email' });
    expect(codeOf(next.answer.location!)).toEqual(expect.any(String));
  });

  it('adds newly approved scopes to those remembered', async () => {
    const user = await signInUser(server);
    const client = await registerClient(server);
    for (const scope of ['openid email', 'openid profile']) {
      const { answer } = await authorizeOnce(server, user, client, { scope });
      const approved = await finalize(server, user, {
        request_id: pendingRequestId(server, answer.location),
        decision: 'approve',
      });
      expect(approved.status).toBe(200);
    }
    expect(await rememberedScopes(user.user.id, client)).toEqual(['email', 'openid', 'profile']);
  });

  it('leaves nothing behind when a part of it fails: the request stays pending, the consent unremembered', async () => {
    const user = await signInUser(server);
    const client = await registerClient(server);
    // The trigger refuses this code's insert, the statement's last part, after the request and consent parts ran.
    const { answer } = await authorizeOnce(server, user, client, { nonce: REFUSED_NONCE });
    const requestId = pendingRequestId(server, answer.location);

    const failed = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(failed.status).toBe(500);
    expect(await rememberedScopes(user.user.id, client)).toBeNull();
    expect(await codesOf(user.user.id)).toBe(0);

    // Still pending: a denial now consumes it, and the application hears the denial.
    const denied = await finalize(server, user, { request_id: requestId, decision: 'deny' });
    expect(denied.status).toBe(200);
    expect(new URL(denied.json.redirect_uri as string).searchParams.get('error')).toBe('access_denied');
    expect(await rememberedScopes(user.user.id, client)).toBeNull();
  });

  it('a denial consumes the request and remembers nothing', async () => {
    const user = await signInUser(server);
    const client = await registerClient(server);
    const { answer } = await authorizeOnce(server, user, client);
    const requestId = pendingRequestId(server, answer.location);
    const denied = await finalize(server, user, { request_id: requestId, decision: 'deny' });
    expect(denied.status).toBe(200);
    expect(await rememberedScopes(user.user.id, client)).toBeNull();
    const again = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(again.json.error).toBe('request_not_found');
    expect(await codesOf(user.user.id)).toBe(0);
  });
});

describe("the consent page's read of a pending request", () => {
  it('tells whether to ask from the consent read along the request', async () => {
    const client = await registerClient(server);
    const findConsent = vi.spyOn(OAuthStore.prototype, 'findConsent');
    /** consent_required of the page for a new request (parked by prompt=login even when remembered). */
    const asks = async (user: Awaited<ReturnType<typeof signInUser>>, scope: string) => {
      const { answer } = await authorizeOnce(server, user, client, { scope, prompt: 'login' });
      findConsent.mockClear();
      const view = await pendingRequestView(server, user, pendingRequestId(server, answer.location));
      expect(findConsent).not.toHaveBeenCalled();
      return view.consent_required;
    };
    const user = await signInUser(server);
    expect(await asks(user, 'openid email')).toBe(true);
    const first = await authorizeOnce(server, user, client, { scope: 'openid email' });
    const approved = await finalize(server, user, {
      request_id: pendingRequestId(server, first.answer.location),
      decision: 'approve',
    });
    expect(approved.status).toBe(200);

    expect(await asks(user, 'openid email')).toBe(false);
    expect(await asks(user, 'openid')).toBe(false);
    // A scope not approved before is asked for.
    expect(await asks(user, 'openid profile')).toBe(true);
    // Another user's approval of the same client is not this user's.
    expect(await asks(await signInUser(server), 'openid email')).toBe(true);
  });

  it("asks for each client's own consent: the user's approval of another client does not count", async () => {
    const user = await signInUser(server);
    const [approvedClient, otherClient, thirdClient] = [
      await registerClient(server),
      await registerClient(server),
      await registerClient(server),
    ];
    const findConsent = vi.spyOn(OAuthStore.prototype, 'findConsent');
    const otherClientAsks = async () => {
      const { answer } = await authorizeOnce(server, user, otherClient, { scope: 'openid email' });
      findConsent.mockClear();
      const view = await pendingRequestView(server, user, pendingRequestId(server, answer.location));
      expect(findConsent).not.toHaveBeenCalled();
      return view.consent_required;
    };
    // One other client approved, then two: the unapproved client's request still asks, with the same scopes.
    for (const client of [approvedClient, thirdClient]) {
      const { answer } = await authorizeOnce(server, user, client, { scope: 'openid email' });
      const approved = await finalize(server, user, {
        request_id: pendingRequestId(server, answer.location),
        decision: 'approve',
      });
      expect(approved.status).toBe(200);
      expect(await otherClientAsks()).toBe(true);
    }
    expect(findConsent).not.toHaveBeenCalled();
  });
});
