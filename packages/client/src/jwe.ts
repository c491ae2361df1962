import { type Bytes, decodeBase64url, decodeJsonSegment, utf8, wipe } from './encoding.js';
import { TesseraClientError } from './errors.js';

/**
 * Decryption of the one JWE form key delivery uses (docs/zk.md §5 step 2): compact serialization (RFC 7516 §7.1),
 * `alg: ECDH-ES` direct key agreement over P-256 (RFC 7518 §4.6) and `enc: A256GCM` (§5.3). The Concat KDF runs
 * with empty PartyUInfo and PartyVInfo (no `apu`/`apv` are sent, §4.6.1.2-3); the Encrypted Key is empty; the AAD
 * is ASCII(BASE64URL(protected header)) (RFC 7516 §5.1 step 14). Anything else — `zip` (RFC 8725 §3.6), `crit`,
 * another curve, a key that is not a public point — is refused before any key agreement.
 */

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

const invalid = (message: string, cause?: unknown) =>
  new TesseraClientError('jwe_invalid', message, cause === undefined ? {} : { cause });

/** RFC 7518 §4.6.2: Concat KDF (NIST SP 800-56A §5.8.1) with SHA-256, one round for a 256-bit key. */
async function concatKdf(sharedSecret: Bytes): Promise<Bytes> {
  const algorithmId = utf8('A256GCM');
  const input = new Uint8Array(4 + sharedSecret.length + 4 + algorithmId.length + 4 + 4 + 4);
  const view = new DataView(input.buffer);
  let offset = 0;
  view.setUint32(offset, 1);
  offset += 4;
  input.set(sharedSecret, offset);
  offset += sharedSecret.length;
  view.setUint32(offset, algorithmId.length);
  offset += 4;
  input.set(algorithmId, offset);
  offset += algorithmId.length;
  // PartyUInfo and PartyVInfo: empty (length 0), then SuppPubInfo: the key length in bits.
  offset += 8;
  view.setUint32(offset, 256);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', input));
  wipe(input);
  return digest;
}

/** Decrypts a compact ECDH-ES/A256GCM JWE with the recipient's (non-extractable) private ECDH key. */
export async function decryptEcdhEsA256Gcm(
  jwe: string,
  privateKey: CryptoKey,
  expectedTyp?: string,
): Promise<Bytes> {
  const parts = jwe.split('.');
  if (parts.length !== 5) throw invalid('the key delivery is not a compact JWE');
  const [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const header = decodeJsonSegment(encodedHeader, 'the JWE header', 'jwe_invalid');
  if (header.alg !== 'ECDH-ES' || header.enc !== 'A256GCM')
    throw invalid('the JWE is not ECDH-ES with A256GCM');
  if (expectedTyp !== undefined && header.typ !== expectedTyp)
    throw invalid(`the JWE's typ is not ${expectedTyp}`);
  for (const member of ['zip', 'crit', 'apu', 'apv']) {
    if (member in header) throw invalid(`the JWE header carries ${member}`);
  }
  if (encryptedKey !== '') throw invalid('a direct key agreement JWE has an empty Encrypted Key');
  const epk = header.epk as Record<string, unknown> | undefined;
  if (typeof epk !== 'object' || epk === null || epk.kty !== 'EC' || epk.crv !== 'P-256' || 'd' in epk) {
    throw invalid('the JWE epk is not a public P-256 key');
  }
  const iv = decodeBase64url(encodedIv, 'the JWE iv');
  const tag = decodeBase64url(encodedTag, 'the JWE tag');
  if (iv.length !== 12 || tag.length !== 16) throw invalid('the JWE iv or tag has the wrong length');
  const ciphertext = decodeBase64url(encodedCiphertext, 'the JWE ciphertext');
  const subtle = globalThis.crypto.subtle;
  let ephemeral: CryptoKey;
  try {
    // importKey checks that the point is on the curve (RFC 8725 §3.4: invalid-curve attacks).
    ephemeral = await subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: epk.x as string, y: epk.y as string },
      ECDH_P256,
      false,
      [],
    );
  } catch (cause) {
    throw invalid('the JWE epk is not a point on P-256', cause);
  }
  const sharedSecret = new Uint8Array(
    await subtle.deriveBits({ name: 'ECDH', public: ephemeral }, privateKey, 256),
  );
  const keyBytes = await concatKdf(sharedSecret);
  wipe(sharedSecret);
  const key = await subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['decrypt']);
  wipe(keyBytes);
  const sealed = new Uint8Array(ciphertext.length + tag.length);
  sealed.set(ciphertext);
  sealed.set(tag, ciphertext.length);
  try {
    return new Uint8Array(
      await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: utf8(encodedHeader) }, key, sealed),
    );
  } catch (cause) {
    throw invalid("the JWE does not decrypt with this sign-in's key", cause);
  }
}
