/**
 * What an approval (POST /authorize/finalize) reads of its pending request: on the node that parked the request or
 * showed its consent page, nothing (the memo holds the request's fixed content); elsewhere, the request. Whether the
 * request is still pending is decided by the consuming statement alone, so a request completed on another node is
 * refused as completed, and nothing more is issued for it.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizeOnce, codeOf, pendingRequestId, redeemCode } from '../testing/code-flow.js';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import {
  finalize,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import type { TestServer } from '../testing/server.js';
import { PendingRequestsMemo } from './pending-requests-memo.js';
import { OAuthStore } from './store.js';
import { authorizationCodes } from './tables.js';

describe('PendingRequestsMemo', () => {
  const content = (expiresAt: Date) => ({
    clientId: 'c1',
    parameters: { scope: 'openid', nested: { list: ['a'] }, at: new Date(0) },
    browserHash: 'b1',
    expiresAt,
  });

  it('recalls a request until it expires, in the shape a database read gives, frozen', () => {
    const memo = new PendingRequestsMemo();
    const now = new Date();
    memo.remember('r1', content(new Date(now.getTime() + 1_000)));
    const recalled = memo.recall('r1', now)!;
    // A JSON column gives plain values: a time comes back as its string.
    expect(recalled.parameters).toEqual({
      scope: 'openid',
      nested: { list: ['a'] },
      at: new Date(0).toISOString(),
    });
    expect(Object.isFrozen((recalled.parameters as { nested: { list: string[] } }).nested.list)).toBe(true);
    expect(memo.recall('r1', new Date(now.getTime() + 1_000))).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('forgets expired requests when it remembers another', () => {
    const memo = new PendingRequestsMemo();
    const start = Date.now();
    memo.remember('r1', content(new Date(start + 1_000)), new Date(start));
    memo.remember('r2', content(new Date(start + 5_000)), new Date(start));
    memo.remember('r3', content(new Date(start + 9_000)), new Date(start + 2_000));
    expect(memo.size).toBe(2);
    expect(memo.recall('r2', new Date(start + 2_000))).toBeDefined();
  });

  it('forgets on demand, and holds at most its bound, the oldest going first', () => {
    const memo = new PendingRequestsMemo(2);
    const later = new Date(Date.now() + 60_000);
    for (const id of ['r1', 'r2', 'r3']) memo.remember(id, content(later));
    expect(memo.recall('r1', new Date())).toBeUndefined();
    expect(memo.recall('r3', new Date())).toBeDefined();
    memo.forget('r3');
    expect(memo.recall('r3', new Date())).toBeUndefined();
    expect(memo.size).toBe(1);
  });
});

describe('approvals on two nodes of one database', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let client: RegisteredClient;

  beforeAll(async () => {
    nodes = await startTwoNodes({ sharedIssuer: true });
    ({ nodeA, nodeB } = nodes);
    client = await registerClient(nodeA);
    // Two servers to start: more than one file's usual set-up.
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function codesOf(userId: string): Promise<number> {
    const [row] = await nodeA.database.db
      .select({ n: count() })
      .from(authorizationCodes)
      .where(eq(authorizationCodes.userId, userId));
    return row!.n;
  }

  /** The consent page's read at one node (its own URL: node B's configured base URL is node A's). */
  async function viewAt(node: TestServer, user: SignedIn, requestId: string) {
    const response = await fetch(`${node.publicUrl}/api/user/authorization-requests/${requestId}`, {
      headers: { cookie: user.cookie },
    });
    expect(response.status).toBe(200);
  }

  /** A signed-in user's request parked at node A for the hosted UI. */
  async function parkedAtA() {
    const user = await signInUser(nodeA);
    const { verifier, answer } = await authorizeOnce(nodeA, user, client, { scope: 'openid email' });
    return { user, verifier, requestId: pendingRequestId(nodeA, answer.location) };
  }

  it('the node that parked the request approves it without reading it again; the code works', async () => {
    const { user, verifier, requestId } = await parkedAtA();
    const read = vi.spyOn(OAuthStore.prototype, 'findAuthorizationRequest');
    const approved = await finalize(nodeA, user, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(read).not.toHaveBeenCalled();
    const tokens = await redeemCode(nodeA, client, {
      code: codeOf(approved.json.redirect_uri as string),
      verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.json.scope).toBe('openid email');
  });

  it('a node that never saw the request reads it, and approves it', async () => {
    const { user, requestId } = await parkedAtA();
    const read = vi.spyOn(OAuthStore.prototype, 'findAuthorizationRequest');
    const approved = await finalize(nodeB, user, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await codesOf(user.user.id)).toBe(1);
  });

  it('a request completed at node A is refused at node B, which had shown its consent page', async () => {
    for (const decision of ['approve', 'deny'] as const) {
      const { user, requestId } = await parkedAtA();
      await viewAt(nodeB, user, requestId);
      const read = vi.spyOn(OAuthStore.prototype, 'findAuthorizationRequest');
      expect((await finalize(nodeA, user, { request_id: requestId, decision })).status).toBe(200);
      // Node B knew the request from its memo: its consumption fails, and the answer says why.
      const refused = await finalize(nodeB, user, { request_id: requestId, decision: 'approve' });
      expect(refused).toMatchObject({ status: 409, json: { error: 'request_already_used' } });
      expect(read).not.toHaveBeenCalled();
      // Then forgotten there: the request is read, and gone, as on any node.
      const again = await finalize(nodeB, user, { request_id: requestId, decision: 'deny' });
      expect(again).toMatchObject({ status: 404, json: { error: 'request_not_found' } });
      expect(read).toHaveBeenCalledTimes(1);
      expect(await codesOf(user.user.id)).toBe(decision === 'approve' ? 1 : 0);
      read.mockRestore();
    }
  });

  it('on the node that completed it, a request is gone, as it always was', async () => {
    const { user, requestId } = await parkedAtA();
    expect((await finalize(nodeA, user, { request_id: requestId, decision: 'approve' })).status).toBe(200);
    const again = await finalize(nodeA, user, { request_id: requestId, decision: 'approve' });
    expect(again).toMatchObject({ status: 404, json: { error: 'request_not_found' } });
  });
});
