/**
 * The scheme v2 constants exist twice: here (keys/formats.ts, what the server accepts) and in the browser library
 * (packages/web/src/shared/zk/scheme.ts, what the hosted UI makes). docs/zk.md is normative for both; this test
 * fails when one side changes without the other, before any browser test would.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BYTES32_PATTERN,
  ENVELOPE_CIPHERTEXT_PATTERN,
  ENVELOPE_KDF_INFO,
  ENVELOPE_TYPES,
  MAX_LABEL_LENGTH,
  ZK_KEY_KIND,
  ZK_SCHEME,
} from './formats.js';

/** The members of the web library's scheme.ts this test reads. */
interface WebScheme {
  ZK_SCHEME: number;
  ZK_KEY_KIND: string;
  ENVELOPE_TYPES: readonly string[];
  ENVELOPE_KDF_INFO: Readonly<Record<string, string | null>>;
  MAX_LABEL_LENGTH: number;
  ENVELOPE_CIPHERTEXT_BYTES: number;
  KEY_CHECK_BYTES: number;
  KDF_SALT_BYTES: number;
}

// Loaded by path at run time: the web package is compiled for the browser (its own tsconfig), not with the server.
const webSchemePath = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../web/src/shared/zk/scheme.ts',
);
const web = (await import(pathToFileURL(webSchemePath).href)) as WebScheme;

/** The unpadded base64url length of `bytes` bytes (RFC 4648 §5). */
const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

/** The one length a `^[...]{n}$`-style pattern accepts (the sum of its fixed repetitions and single classes). */
function fixedLength(pattern: string): number {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let length = 0;
  for (const [, repeat] of body.matchAll(/\[[^\]]+\](?:\{(\d+)\})?/g)) length += repeat ? Number(repeat) : 1;
  return length;
}

describe('server formats.ts and web scheme.ts agree (docs/zk.md)', () => {
  it('scheme version and key kind', () => {
    expect(web.ZK_SCHEME).toBe(ZK_SCHEME);
    expect(web.ZK_KEY_KIND).toBe(ZK_KEY_KIND);
  });

  it('envelope types and their HKDF info strings', () => {
    expect([...web.ENVELOPE_TYPES]).toEqual([...ENVELOPE_TYPES]);
    expect(web.ENVELOPE_KDF_INFO).toEqual(ENVELOPE_KDF_INFO);
  });

  it('lengths: envelope ciphertext, 32-byte values, labels', () => {
    expect(fixedLength(ENVELOPE_CIPHERTEXT_PATTERN)).toBe(base64urlLength(web.ENVELOPE_CIPHERTEXT_BYTES));
    expect(fixedLength(BYTES32_PATTERN)).toBe(base64urlLength(web.KEY_CHECK_BYTES));
    expect(fixedLength(BYTES32_PATTERN)).toBe(base64urlLength(web.KDF_SALT_BYTES));
    expect(web.MAX_LABEL_LENGTH).toBe(MAX_LABEL_LENGTH);
  });
});
