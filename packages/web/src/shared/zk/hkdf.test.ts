import { describe, expect, it } from 'vitest';
import { hkdfBytes, importHkdfKey } from './hkdf';
import { hex, toHex } from './test-helpers';

// RFC 5869 Appendix A: HKDF-SHA-256 test cases 1 and 3 (the latter with empty salt and info, as the ARK
// derivations use an empty salt).
describe('HKDF-SHA-256 (RFC 5869 Appendix A)', () => {
  it('test case 1', async () => {
    const key = await importHkdfKey(hex('0b'.repeat(22)));
    const okm = await hkdfBytes(key, hex('000102030405060708090a0b0c'), hex('f0f1f2f3f4f5f6f7f8f9'), 42);
    expect(toHex(okm)).toBe(
      '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    );
  });

  it('test case 3 (empty salt and info)', async () => {
    const key = await importHkdfKey(hex('0b'.repeat(22)));
    const okm = await hkdfBytes(key, new Uint8Array(0), new Uint8Array(0), 42);
    expect(toHex(okm)).toBe(
      '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8',
    );
  });

  it('imports the input keying material non-extractable', async () => {
    const key = await importHkdfKey(hex('0b'.repeat(22)));
    expect(key.extractable).toBe(false);
  });
});
