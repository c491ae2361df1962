import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { encodeBase64url } from './base64url';
import { zkKeyHash } from './hash';
import { decryptEcdhEsA256Gcm } from './jwe';
import { buildLegacyDrkDelivery, withLegacyDrkFragment } from './legacy-delivery';
import { appKeyPair, toHex } from './test-helpers';

const ISSUER = 'https://id.example.com';
const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const CLIENT = '5b0c6a52-8f0e-4d43-9a34-0c1f3e0f6a11';
const KEY_ID = '3f6c1a2b-9d8e-4f70-a1b2-c3d4e5f60718';
const REDIRECT = 'https://app.example.com/callback';
const NOW = 1_764_000_000;

async function deliver(ark: AccountRootKey, organizationId: string | null = null) {
  const app = await appKeyPair();
  const delivery = await buildLegacyDrkDelivery({
    ark,
    keyId: KEY_ID,
    zkPub: app.zkPub,
    issuer: ISSUER,
    userId: USER,
    clientId: CLIENT,
    state: 'state-1',
    redirectUri: REDIRECT,
    organizationId,
    now: NOW,
  });
  const { header, plaintext } = await decryptEcdhEsA256Gcm(delivery.jwe, app.privateKey);
  return { ...delivery, header, payload: JSON.parse(new TextDecoder().decode(plaintext)) };
}

describe('legacy v1 delivery (docs/zk.md §5.1)', () => {
  it('delivers the data root key in the v2 construction, with v 1, kind data_root_key and its own typ', async () => {
    const ark = await AccountRootKey.generate();
    const { jwe, drkHash, header, payload } = await deliver(ark);
    expect(drkHash).toBe(await zkKeyHash(jwe));
    expect(header).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM', typ: 'tessera-zk-drk' });
    expect(payload).toEqual({
      v: 1,
      kind: 'data_root_key',
      iss: ISSUER,
      sub: USER,
      client_id: CLIENT,
      state: 'state-1',
      redirect_uri: REDIRECT,
      organization_id: null,
      key_id: KEY_ID,
      iat: NOW,
      exp: NOW + 120,
      key: { kty: 'oct', k: encodeBase64url(await ark.legacyDataRootKey(CLIENT, null)), alg: 'A256GCM' },
    });
  });

  it('gives the same DRK every time, unrelated to the CAK, and one per organization', async () => {
    const ark = await AccountRootKey.generate();
    const first = (await deliver(ark)).payload.key.k;
    expect((await deliver(ark)).payload.key.k).toBe(first);
    const cak = encodeBase64url(await ark.clientAppKey(CLIENT, null));
    const inOrganization = await deliver(ark, 'org-1');
    expect(inOrganization.payload.organization_id).toBe('org-1');
    expect(new Set([first, cak, inOrganization.payload.key.k]).size).toBe(3);
    expect(toHex(await ark.legacyDataRootKey(CLIENT, null))).toHaveLength(64);
  });

  it('appends the JWE as the drk_jwe fragment, never to a URL that has one', async () => {
    expect(withLegacyDrkFragment(`${REDIRECT}?code=abc`, 'a.b.c.d.e')).toBe(
      `${REDIRECT}?code=abc#drk_jwe=a.b.c.d.e`,
    );
    expect(() => withLegacyDrkFragment(`${REDIRECT}#x`, 'a.b.c.d.e')).toThrow(/fragment/);
  });
});
