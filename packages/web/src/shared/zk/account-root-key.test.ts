import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { toHex } from './test-helpers';

const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const KEY_ID = '3f6c1a2b-9d8e-4f70-a1b2-c3d4e5f60718';

describe('account root key and client app keys', () => {
  it('gives the same CAK for the same client, a different one per client and per organization', async () => {
    const ark = await AccountRootKey.generate();
    const a1 = toHex(await ark.clientAppKey('client-a', null));
    const a2 = toHex(await ark.clientAppKey('client-a', null));
    const b = toHex(await ark.clientAppKey('client-b', null));
    const aOrg1 = toHex(await ark.clientAppKey('client-a', 'org-1'));
    const aOrg2 = toHex(await ark.clientAppKey('client-a', 'org-2'));
    expect(a1).toHaveLength(64);
    expect(a2).toBe(a1);
    expect(new Set([a1, b, aOrg1, aOrg2]).size).toBe(4);
    // "null" as an organization id is a different input from no organization (JSON keeps null apart).
    expect(toHex(await ark.clientAppKey('client-a', 'null'))).not.toBe(a1);
  });

  it('gives different CAKs for different ARKs (new-key setup changes every key)', async () => {
    const first = await AccountRootKey.generate();
    const second = await AccountRootKey.generate();
    expect(toHex(await first.clientAppKey('client-a', null))).not.toBe(
      toHex(await second.clientAppKey('client-a', null)),
    );
  });

  it('computes a key check bound to the user and the key id, and compares it', async () => {
    const ark = await AccountRootKey.generate();
    const check = await ark.keyCheck(USER, KEY_ID);
    expect(check).toHaveLength(43);
    expect(await ark.keyCheck(USER, KEY_ID)).toBe(check);
    expect(await ark.keyCheck(USER, crypto.randomUUID())).not.toBe(check);
    expect(await ark.keyCheck(crypto.randomUUID(), KEY_ID)).not.toBe(check);
    expect(await ark.matchesKeyCheck(USER, KEY_ID, check)).toBe(true);
    expect(
      await ark.matchesKeyCheck(USER, KEY_ID, await (await AccountRootKey.generate()).keyCheck(USER, KEY_ID)),
    ).toBe(false);
    expect(await ark.matchesKeyCheck(USER, KEY_ID, 'not base64url!')).toBe(false);
  });

  it('is not serialisable: its key material is in private CryptoKeys', async () => {
    const ark = await AccountRootKey.generate();
    expect(JSON.stringify(ark)).toBe('{}');
    expect(Object.keys(ark)).toEqual([]);
  });
});
