import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import type { TestServer } from '../testing/server.js';
import type { PublicJwk } from './signing-keys.js';

let nodes: TwoNodes;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ nodeA, nodeB } = nodes);
});
afterAll(async () => {
  await nodes?.close();
});

async function jwks(server: TestServer): Promise<{ response: Response; keys: PublicJwk[] }> {
  const response = await fetch(`${server.publicUrl}/.well-known/jwks.json`);
  const body = (await response.clone().json()) as { keys: PublicJwk[] };
  return { response, keys: body.keys };
}

async function until(check: () => Promise<boolean>, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('signing keys and JWKS', () => {
  it('publishes a current and a next public key per algorithm, with kid, alg and use, and nothing private', async () => {
    const { response, keys } = await jwks(nodeA);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    expect(keys).toHaveLength(6);
    expect(new Set(keys.map((key) => key.kid)).size).toBe(6);
    for (const alg of ['RS256', 'ES256', 'EdDSA']) {
      expect(keys.filter((key) => key.alg === alg)).toHaveLength(2);
    }
    for (const key of keys) {
      expect(key.use).toBe('sig');
      expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
        expect(key).not.toHaveProperty(privateMember);
    }
    const listed = await nodeA.context.signingKeys.list();
    expect(listed.filter((key) => key.state === 'current')).toHaveLength(3);
  });

  it('signs with the current key; the signature verifies against the published JWKS', async () => {
    const { keys } = await jwks(nodeA);
    for (const alg of ['RS256', 'ES256', 'EdDSA'] as const) {
      const key = nodeA.context.signingKeys.currentKey(alg);
      const token = await new SignJWT({ sub: 'x' })
        .setProtectedHeader({ alg, kid: key.kid })
        .sign(key.privateKey);
      const { protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: keys as never }));
      expect(protectedHeader.kid).toBe(key.kid);
    }
  });

  it('keeps the waiting key unused until it has been published long enough', async () => {
    const before = nodeA.context.signingKeys.currentKey('ES256').kid;
    await nodeA.context.signingKeys.rotate(['ES256']);
    // Default: a next key is published for a day before it signs.
    expect(nodeA.context.signingKeys.currentKey('ES256').kid).toBe(before);
    const listed = await nodeA.context.signingKeys.list();
    const scheduled = listed.filter((key) => key.alg === 'ES256' && key.state === 'next');
    expect(scheduled).toHaveLength(2);
    expect(scheduled.filter((key) => key.promotionRequestedAt)).toHaveLength(1);
    // Once the time has come, the scheduled key becomes current and the old one is retired but still published.
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await nodeA.context.signingKeys.advance(later)).toBe(true);
    const promoted = nodeA.context.signingKeys.currentKey('ES256').kid;
    expect(promoted).not.toBe(before);
    const states = await nodeA.context.signingKeys.list();
    expect(states.find((key) => key.kid === before)?.state).toBe('retired');
    expect((await jwks(nodeA)).keys.map((key) => key.kid)).toContain(before);
  });

  it('rotates at once when the next key is already old enough, and every node picks the change up', async () => {
    await nodeA.context.settings.set('signing.next_key_publish_seconds', 0);
    await nodeA.context.settings.set('signing.retired_key_keep_seconds', 0);
    const before = nodeA.context.signingKeys.currentKey('RS256').kid;
    await nodeA.context.signingKeys.rotate(['RS256']);
    const after = nodeA.context.signingKeys.currentKey('RS256').kid;
    expect(after).not.toBe(before);
    // Node B learns of the rotation through the change bus and signs with the new key too.
    await until(async () => nodeB.context.signingKeys.currentKey('RS256').kid === after);
    await until(async () => (await jwks(nodeB)).keys.some((key) => key.kid === after));
  });

  it('removes a retired key from the JWKS once its keep time has passed', async () => {
    const retired = (await nodeA.context.signingKeys.list()).filter((key) => key.state === 'retired');
    expect(retired.length).toBeGreaterThan(0);
    await nodeA.context.signingKeys.advance(new Date(Date.now() + 100 * 86_400_000));
    const kids = (await jwks(nodeA)).keys.map((key) => key.kid);
    for (const key of retired) expect(kids).not.toContain(key.kid);
    await until(async () =>
      (await jwks(nodeB)).keys.every((key) => !retired.some((gone) => gone.kid === key.kid)),
    );
  });
});
