// Which IP addresses an outbound request may connect to (SSRF defence,
// docs/configuration.md#outbound-requests).
//
// The tables follow the IANA special-purpose address registries (RFC 6890 and its updates): any range that is not
// globally reachable is refused, and so are the ranges that embed an IPv4 address (IPv4-mapped, 6to4) when the
// embedded address is refused. IPv6 is checked as an allow-list of global unicast (2000::/3, RFC 4291 §2.4) minus
// the special ranges inside it, so an unassigned or future special range is refused by default.

/** Why an address is refused; `loopback` is the one a development policy may allow. */
export type AddressRefusal =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared-address-space'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique-local'
  | 'site-local'
  | 'nat64'
  | 'ipv4-compatible'
  | 'teredo'
  | '6to4-non-public'
  | 'ietf-protocol-assignment'
  | 'not-global-unicast'
  | 'invalid-address';

type Ipv4Range = readonly [prefix: string, length: number, refusal: AddressRefusal];

/** IPv4 ranges refused (IANA IPv4 Special-Purpose Address Registry, entries not "globally reachable"). */
const IPV4_REFUSED: readonly Ipv4Range[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network", RFC 791 / RFC 1122 §3.2.1.3
  ['10.0.0.0', 8, 'private'], // RFC 1918
  ['100.64.0.0', 10, 'shared-address-space'], // CGNAT, RFC 6598
  ['127.0.0.0', 8, 'loopback'], // RFC 1122 §3.2.1.3
  ['169.254.0.0', 16, 'link-local'], // RFC 3927 (cloud metadata services live here)
  ['172.16.0.0', 12, 'private'], // RFC 1918
  ['192.0.0.0', 24, 'ietf-protocol-assignment'], // RFC 6890
  ['192.0.2.0', 24, 'documentation'], // TEST-NET-1, RFC 5737
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast, deprecated by RFC 7526
  ['192.168.0.0', 16, 'private'], // RFC 1918
  ['198.18.0.0', 15, 'benchmarking'], // RFC 2544
  ['198.51.100.0', 24, 'documentation'], // TEST-NET-2, RFC 5737
  ['203.0.113.0', 24, 'documentation'], // TEST-NET-3, RFC 5737
  ['224.0.0.0', 4, 'multicast'], // RFC 5771
  ['255.255.255.255', 32, 'broadcast'], // RFC 919 (checked before the reserved block that contains it)
  ['240.0.0.0', 4, 'reserved'], // RFC 1112 §4
];

const parsedIpv4Ranges = IPV4_REFUSED.map(([prefix, length, refusal]) => {
  const base = parseIpv4(prefix);
  if (base === null) throw new Error(`bad IPv4 range ${prefix}`);
  const mask = length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
  return { base: (base & mask) >>> 0, mask, refusal };
});

/** Parses dotted-quad IPv4 (exactly four decimal parts, as DNS answers and normalised URLs give) to a uint32. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** Parses an IPv6 address (RFC 4291 §2.2 text forms, including a trailing dotted IPv4) to 16 bytes. */
export function parseIpv6(text: string): Uint8Array | null {
  if (text.includes('%')) return null; // zone identifiers only make sense for link-local, which is refused anyway
  let head = text;
  let embeddedV4: number | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    embeddedV4 = parseIpv4(text.slice(lastColon + 1));
    if (embeddedV4 === null) return null;
    // Keep the colon(s) before the dotted part so "::1.2.3.4" still splits correctly.
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const doubleColon = head.indexOf('::');
  if (doubleColon !== head.lastIndexOf('::')) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      groups.push(Number.parseInt(group, 16));
    }
    return groups;
  };
  let groups: number[];
  if (doubleColon === -1) {
    const all = parseGroups(head);
    if (all === null || all.length !== 8) return null;
    groups = all;
  } else {
    const left = parseGroups(head.slice(0, doubleColon));
    const right = parseGroups(head.slice(doubleColon + 2));
    if (left === null || right === null || left.length + right.length > 7) return null;
    groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  if (embeddedV4 !== null) writeUint32(bytes, 12, embeddedV4);
  return bytes;
}

function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = value >>> 24;
  bytes[offset + 1] = (value >>> 16) & 0xff;
  bytes[offset + 2] = (value >>> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] ?? 0) << 24) |
      ((bytes[offset + 1] ?? 0) << 16) |
      ((bytes[offset + 2] ?? 0) << 8) |
      (bytes[offset + 3] ?? 0)) >>>
    0
  );
}

/** Whether the first `length` bits of `bytes` equal those of `prefix`. */
function hasPrefix(bytes: Uint8Array, prefix: readonly number[], length: number): boolean {
  for (let bit = 0; bit < length; bit += 8) {
    const remaining = Math.min(8, length - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyIpv4(value: number): AddressRefusal | null {
  for (const range of parsedIpv4Ranges) {
    if ((value & range.mask) >>> 0 === range.base) return range.refusal;
  }
  return null;
}

function classifyIpv6(bytes: Uint8Array): AddressRefusal | null {
  const zeroUpTo = (end: number) => bytes.subarray(0, end).every((byte) => byte === 0);
  if (zeroUpTo(16)) return 'unspecified'; // ::/128
  if (zeroUpTo(15) && bytes[15] === 1) return 'loopback'; // ::1/128
  // IPv4-mapped ::ffff:0:0/96 (RFC 4291 §2.5.5.2): the socket connects to the embedded IPv4 address.
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return classifyIpv4(readUint32(bytes, 12));
  if (zeroUpTo(12)) return 'ipv4-compatible'; // ::/96, deprecated by RFC 4291 §2.5.5.1
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052) and local-use 64:ff9b:1::/48 (RFC 8215): a translator on the
  // path would reach whatever IPv4 address is embedded, including internal ones.
  if (hasPrefix(bytes, [0x00, 0x64, 0xff, 0x9b], 32)) return 'nat64';
  if (hasPrefix(bytes, [0xfc], 7)) return 'unique-local'; // fc00::/7, RFC 4193
  if (hasPrefix(bytes, [0xfe, 0x80], 10)) return 'link-local'; // fe80::/10
  if (hasPrefix(bytes, [0xfe, 0xc0], 10)) return 'site-local'; // fec0::/10, deprecated by RFC 3879
  if (hasPrefix(bytes, [0xff], 8)) return 'multicast'; // ff00::/8
  if (!hasPrefix(bytes, [0x20], 3)) return 'not-global-unicast'; // outside 2000::/3 (100::/64, 5f00::/16, ...)
  if (hasPrefix(bytes, [0x20, 0x01, 0x00, 0x00], 32)) return 'teredo'; // 2001::/32, RFC 4380
  if (hasPrefix(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'documentation'; // 2001:db8::/32, RFC 3849
  if (hasPrefix(bytes, [0x3f, 0xff], 20)) return 'documentation'; // 3fff::/20, RFC 9637
  // 2001::/23 holds the IETF protocol assignments (benchmarking 2001:2::/48, ORCHID, ...), RFC 2928 / RFC 6890.
  if (hasPrefix(bytes, [0x20, 0x01, 0x00], 23)) return 'ietf-protocol-assignment';
  // 6to4 2002::/16 (RFC 3056 §2): a relay forwards to the IPv4 address in bits 16..47.
  // The embedded address is refused as a whole: it is not the address the socket connects to, so even a
  // development policy that allows loopback must not treat 2002:7f00:1:: as loopback.
  if (hasPrefix(bytes, [0x20, 0x02], 16))
    return classifyIpv4(readUint32(bytes, 2)) === null ? null : '6to4-non-public';
  return null;
}

/**
 * Why an outbound request must not connect to `address` (an IP literal as DNS or a normalised URL gives it),
 * or null when it is a public unicast address.
 */
export function refusalFor(address: string): AddressRefusal | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = parseIpv6(address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address);
  if (v6 !== null) return classifyIpv6(v6);
  return 'invalid-address';
}
