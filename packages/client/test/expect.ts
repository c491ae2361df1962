import { createDecipheriv } from 'node:crypto';
import { expect } from 'vitest';
import type { TesseraErrorCode } from '../src/index.js';

/** The promise fails with the SDK's typed error of this code (and, for a mismatch, this claim). */
export async function expectCode(
  promise: Promise<unknown>,
  code: TesseraErrorCode,
  claim?: string,
): Promise<void> {
  await expect(promise).rejects.toMatchObject({
    name: 'TesseraClientError',
    code,
    ...(claim ? { claim } : {}),
  });
}

/** Decrypts with node:crypto what the SDK's (non-extractable) key encrypted: the key is the derived one. */
export async function expectKeyIs(key: CryptoKey, expected: Buffer): Promise<void> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = Buffer.from(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('a note')),
  );
  const decipher = createDecipheriv('aes-256-gcm', expected, iv);
  decipher.setAuthTag(sealed.subarray(-16));
  expect(Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString()).toBe(
    'a note',
  );
}
