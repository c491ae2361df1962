/**
 * Byte helpers for the WebCrypto calls. `Bytes` is a Uint8Array over a plain ArrayBuffer, the only kind
 * `crypto.subtle` accepts as a BufferSource.
 */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

export function randomBytes(length: number): Bytes {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Compares without an early exit, so the time taken does not tell how many leading bytes matched. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** A 32-bit big-endian length or counter, as the Concat KDF (RFC 7518 §4.6.2) lays them out. */
export function uint32BigEndian(value: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

/** Best effort: overwrites a buffer that held key material once it is no longer needed. */
export function wipe(bytes: Uint8Array): void {
  bytes.fill(0);
}
