import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A high-entropy bearer value (codes, session ids, refresh tokens): 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Bearer values are stored and looked up only by this hash (docs/configuration.md#keys-at-rest). */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function sha256(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself on length mismatch so the work done does not depend on the secret's length.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
