import { describe, expect, it } from 'vitest';
import { parseIpv6, refusalFor } from './address-policy.js';

describe('refusalFor', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared-address-space'],
    ['100.127.255.255', 'shared-address-space'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'ietf-protocol-assignment'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['192.88.99.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::10.0.0.1', 'ipv4-compatible'],
    ['64:ff9b::a00:1', 'nat64'],
    ['64:ff9b::808:808', 'nat64'],
    ['64:ff9b:1::1', 'nat64'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'not-global-unicast'],
    ['5f00::1', 'not-global-unicast'],
    ['2001::1', 'teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'ietf-protocol-assignment'],
    ['2002:7f00:1::', '6to4-non-public'],
    ['2002:a00:1::1', '6to4-non-public'],
    ['2002:a9fe:a9fe::', '6to4-non-public'],
    ['localhost', 'invalid-address'],
    ['1.2.3', 'invalid-address'],
    ['01.2.3.4', 'invalid-address'],
    ['256.1.1.1', 'invalid-address'],
    ['fe80::1%eth0', 'invalid-address'],
    ['1::2::3', 'invalid-address'],
    ['1:2:3:4:5:6:7:8:9', 'invalid-address'],
  ])('refuses %s as %s', (address, refusal) => {
    expect(refusalFor(address)).toBe(refusal);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '[2606:4700:4700::1111]',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '2001:4860:4860::8888',
  ])('allows the public address %s', (address) => {
    expect(refusalFor(address)).toBeNull();
  });
});

describe('parseIpv6', () => {
  it('reads the text forms of RFC 4291 §2.2 to the same bytes', () => {
    const expected = parseIpv6('0:0:0:0:0:ffff:7f00:1');
    expect(expected).not.toBeNull();
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(expected);
    expect(parseIpv6('::FFFF:7F00:0001')).toEqual(expected);
    expect(parseIpv6('1::')).toEqual(Uint8Array.from([0, 1, ...new Array(14).fill(0)]));
  });

  it('rejects malformed text', () => {
    for (const text of [
      '',
      ':',
      ':::',
      '1:2:3:4:5:6:7',
      '12345::',
      'g::1',
      '::1.2.3',
      '::1.2.3.4.5',
      '1:2:3:4:5:6:7:8::',
    ]) {
      expect(parseIpv6(text), text).toBeNull();
    }
  });
});
