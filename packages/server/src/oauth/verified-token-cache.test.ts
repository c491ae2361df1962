import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import { basicAuthorization, formPost, registerClient } from '../testing/oauth.js';
import type { TestServer } from '../testing/server.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

describe('VerifiedTokenCache', () => {
  it('serves an entry only for the same key set and before exp', () => {
    const cache = new VerifiedTokenCache<{ exp: number; sub: string }>();
    cache.set('token-a', { exp: 100, sub: 'a' }, 1);
    expect(cache.get('token-a', 1, 99)?.sub).toBe('a');
    expect(cache.get('token-a', 1, 100)).toBeUndefined();
    expect(cache.get('token-a', 1, 50)).toBeUndefined();
    cache.set('token-b', { exp: 100, sub: 'b' }, 1);
    expect(cache.get('token-b', 2, 50)).toBeUndefined();
    cache.set('token-c', { exp: 100, sub: 'c' }, 2);
    // The key set changed: everything verified under the old one is gone.
    expect(cache.get('token-b', 2, 50)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('stays within its bound, dropping the oldest entry first, and hands out frozen claims', () => {
    const cache = new VerifiedTokenCache<{ exp: number }>(3);
    for (const token of ['t1', 't2', 't3', 't4']) cache.set(token, { exp: 1000 }, 1);
    expect(cache.size).toBe(3);
    expect(cache.get('t1', 1, 0)).toBeUndefined();
    expect(cache.get('t4', 1, 0)).toBeDefined();
    expect(Object.isFrozen(cache.get('t4', 1, 0))).toBe(true);
  });
});

describe('verified access tokens across a key removal', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    nodes = await startTwoNodes({ sharedIssuer: true });
    ({ nodeA, nodeB } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  /** Introspects at this node's own listener (both nodes share the issuer URL, which is node A's). */
  async function introspect(server: TestServer, authorization: string, token: string) {
    const response = await fetch(`${server.publicUrl}/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      body: new URLSearchParams({ token }),
    });
    expect(response.status).toBe(200);
    return { json: (await response.json()) as Record<string, unknown> };
  }

  async function until(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a token whose signing key is no longer published stops being active on every node at once', async () => {
    const { clientId, clientSecret } = await registerClient(nodeA, { grant_types: ['client_credentials'] });
    const authorization = basicAuthorization(clientId, clientSecret as string);
    const issued = await formPost(nodeA, '/token', { grant_type: 'client_credentials' }, { authorization });
    expect(issued.status).toBe(200);
    const token = issued.json.access_token as string;

    // Verified (and remembered) on both nodes, twice each.
    for (const server of [nodeA, nodeB, nodeA, nodeB]) {
      expect((await introspect(server, authorization, token)).json).toMatchObject({
        active: true,
        client_id: clientId,
      });
    }
    // A changed signature byte is a different token: it misses the cache and fails verification.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await introspect(nodeA, authorization, tampered)).json).toEqual({ active: false });

    // Rotate ES256 twice at once, then let the retired key's keep time pass: its key is removed.
    const signedBy = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()).kid;
    await nodeA.context.settings.set('signing.next_key_publish_seconds', 0);
    await nodeA.context.settings.set('signing.retired_key_keep_seconds', 0);
    await nodeA.context.signingKeys.rotate(['ES256']);
    await nodeA.context.signingKeys.advance(new Date(Date.now() + 86_400_000));
    const published = (await nodeA.context.signingKeys.list()).map((key) => key.kid);
    expect(published).not.toContain(signedBy);

    expect((await introspect(nodeA, authorization, token)).json).toEqual({ active: false });
    await until(async () => (await introspect(nodeB, authorization, token)).json.active === false);
  });
});
