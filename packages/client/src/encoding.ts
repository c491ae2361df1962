import { base64url } from 'jose';

/** The few byte helpers the key delivery needs beyond jose and oauth4webapi. */

/** base64url(SHA-256(ASCII(text))): the ZK key hash the token response vouches with (docs/zk.md §5). */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url.encode(new Uint8Array(digest));
}

/** Compares two strings without an early exit, so a hash comparison leaks no prefix length by timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < left.length; index += 1) {
    difference |= (left[index] ?? 0) ^ (right[index % Math.max(right.length, 1)] ?? 0);
  }
  return difference === 0;
}

export function wipe(bytes: Uint8Array): void {
  bytes.fill(0);
}
