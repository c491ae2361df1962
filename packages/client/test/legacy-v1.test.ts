/**
 * @tessera/client's legacy v1 key delivery (docs/zk.md §5.1) against a real Tessera: `#drk_jwe` vouched for by
 * `zk_drk_hash`, carrying the data root key in the §5.1 payload. The SDK checks it exactly as a v2 delivery — typ,
 * `v`/`kind`, every binding, the 120-second window, the key's shape — so a JWE replayed into another authorization
 * is refused by the SDK, not left to the app. The hosted UI's part is played by ./hosted-ui.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_REDIRECT, registerClient } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { MemoryTransactionStore, TesseraClient } from '../src/index.js';
import { expectCode, expectKeyIs } from './expect.js';
import { type DeliveryOptions, expectedDrk, type HostedUser, hostedSignIn, hostedUser } from './hosted-ui.js';

type Payload = Record<string, unknown>;

let server: TestServer;
let clientId: string;
let user: HostedUser;
let otherUser: HostedUser;

beforeAll(async () => {
  server = await startTestServer();
  ({ clientId } = await registerClient(server, {
    type: 'public',
    zk_delivery: 'legacy-v1',
    zk_required: true,
    first_party: true,
  }));
  user = await hostedUser(server);
  otherUser = await hostedUser(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** A legacy app's sign-in through the hosted UI (delivering as `delivery` says): the callback URL and its client. */
async function legacySignIn(
  delivery: Omit<DeliveryOptions, 'legacy'> = {},
): Promise<{ client: TesseraClient; callbackUrl: string }> {
  const client = await TesseraClient.create({
    issuer: server.config.baseUrl,
    clientId,
    redirectUri: RP_REDIRECT,
    transactions: new MemoryTransactionStore(),
    legacyV1: true,
  });
  const url = await client.authorizationUrl({ zk: 'legacy-v1' });
  const { callbackUrl } = await hostedSignIn(server, user, clientId, url, { ...delivery, legacy: true });
  return { client, callbackUrl };
}

describe('TesseraClient (public client) with legacy v1 key delivery', () => {
  it('hands out the data root key, checked, as a non-extractable key, and the payload bytes as before', async () => {
    const { client, callbackUrl } = await legacySignIn();
    expect(new URL(callbackUrl).hash).toMatch(/^#drk_jwe=/);
    const result = await client.handleCallback(callbackUrl, { rawKey: true });
    const drk = expectedDrk(user, clientId);
    expect(result.zkKey).toBeNull();
    expect(result.legacyKey).toMatchObject({ keyId: user.accountKey.keyId, organizationId: null });
    expect(result.legacyKey!.key.extractable).toBe(false);
    expect(result.legacyKey!.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expectKeyIs(result.legacyKey!.key, drk);
    expect(Buffer.from(result.legacyKey!.raw!)).toEqual(drk);
    // legacyDrk, as apps written before legacyKey read it: the §5.1 payload's JSON.
    expect(JSON.parse(new TextDecoder().decode(result.legacyDrk!))).toMatchObject({
      v: 1,
      kind: 'data_root_key',
      sub: user.signedIn.user.id,
      client_id: clientId,
      redirect_uri: RP_REDIRECT,
      key_id: user.accountKey.keyId,
      key: { kty: 'oct', alg: 'A256GCM', k: drk.toString('base64url') },
    });

    const plain = await legacySignIn();
    expect((await plain.client.handleCallback(plain.callbackUrl)).legacyKey!.raw).toBeUndefined();
  });

  it.each([
    ['state', (payload: Payload) => (payload.state = 'another-authorization')],
    ['redirect_uri', (payload: Payload) => (payload.redirect_uri = 'https://rp.example.com/other')],
    ['client_id', (payload: Payload) => (payload.client_id = 'another-client')],
    ['iss', (payload: Payload) => (payload.iss = 'https://attacker.example')],
    ['sub', (payload: Payload) => (payload.sub = otherUser.signedIn.user.id)],
  ])('jwe_binding_mismatch: a delivery bound to another %s', async (claim, alter) => {
    const { client, callbackUrl } = await legacySignIn({ alter });
    await expectCode(client.handleCallback(callbackUrl), 'jwe_binding_mismatch', claim);
  });

  it("jwe_binding_mismatch (kind): a v2 payload, another kind, or the older app's own format under v1's typ", async () => {
    const alterations: ((payload: Payload) => void)[] = [
      (payload) => Object.assign(payload, { v: 2, kind: 'client_app_key' }),
      (payload) => (payload.kind = 'client_app_key'),
      (payload) => (payload.v = 2),
    ];
    for (const alter of alterations) {
      const { client, callbackUrl } = await legacySignIn({ alter });
      await expectCode(client.handleCallback(callbackUrl), 'jwe_binding_mismatch', 'kind');
    }
    const ownFormat = await legacySignIn({ plaintext: '{"drk":"the legacy app\'s own format"}' });
    await expectCode(ownFormat.client.handleCallback(ownFormat.callbackUrl), 'jwe_binding_mismatch', 'kind');
  });

  it('jwe_invalid: v2 typ on a v1 payload, a payload that is not JSON, or a key of the wrong shape', async () => {
    const deliveries: Omit<DeliveryOptions, 'legacy'>[] = [
      { typ: 'tessera-zk-key' },
      { plaintext: 'not json' },
      { alter: (payload) => ((payload.key as Payload).alg = 'A128GCM') },
      { alter: (payload) => ((payload.key as Payload).k = Buffer.alloc(16, 1).toString('base64url')) },
      { alter: (payload) => delete payload.key_id },
      // A window longer than 120 seconds is no window a Tessera UI makes.
      { alter: (payload) => (payload.exp = (payload.iat as number) + 3600) },
    ];
    for (const delivery of deliveries) {
      const { client, callbackUrl } = await legacySignIn(delivery);
      await expectCode(client.handleCallback(callbackUrl), 'jwe_invalid');
    }
  });

  it('jwe_expired: a delivery whose 120-second window is over, or not begun', async () => {
    const over = await legacySignIn({
      alter: (payload) => {
        payload.iat = Math.floor(Date.now() / 1000) - 600;
        payload.exp = (payload.iat as number) + 120;
      },
    });
    await expectCode(over.client.handleCallback(over.callbackUrl), 'jwe_expired');
    const future = await legacySignIn({
      alter: (payload) => {
        payload.iat = Math.floor(Date.now() / 1000) + 600;
        payload.exp = (payload.iat as number) + 120;
      },
    });
    await expectCode(future.client.handleCallback(future.callbackUrl), 'jwe_expired');
  });

  it('hash_mismatch and zk_key_missing: a tampered #drk_jwe, or none', async () => {
    const first = await legacySignIn();
    const tampered = first.callbackUrl.slice(0, -1) + (first.callbackUrl.endsWith('A') ? 'B' : 'A');
    await expectCode(first.client.handleCallback(tampered), 'hash_mismatch');
    const second = await legacySignIn();
    await expectCode(second.client.handleCallback(second.callbackUrl.split('#')[0]!), 'zk_key_missing');
  });
});
