import { decodeBase64url, encodeBase64url } from './base64url';
import type { Bytes } from './bytes';
import { utf8, wipe } from './bytes';
import { concatKdf } from './concat-kdf';
import { ZkError } from './errors';
import { importP256PublicJwk, type P256PublicJwk } from './p256-jwk';
import { GCM_NONCE_BYTES, GCM_TAG_BYTES } from './scheme';

/**
 * Compact JWE (RFC 7516 §7.1) with `alg: ECDH-ES` (direct key agreement, RFC 7518 §4.6) and `enc: A256GCM`
 * (RFC 7518 §5.3), over P-256 — the one combination key delivery uses, both directions: the hosted UI encrypts to
 * the app's ephemeral key, and the app (or a future SDK, and the tests) decrypts.
 *
 * The content encryption key is the Concat KDF of the ECDH shared secret with AlgorithmID "A256GCM" and the
 * `apu`/`apv` of the header (empty when absent, RFC 7518 §4.6.1.2-3; key delivery sends none). The JWE Encrypted
 * Key is empty (§4.6), the AAD is ASCII(BASE64URL(protected header)) (RFC 7516 §5.1 step 14), and there is no
 * `zip` (RFC 8725 §3.6).
 */

export interface EcdhEsHeader {
  alg: 'ECDH-ES';
  enc: 'A256GCM';
  typ?: string;
  epk: P256PublicJwk;
  apu?: string;
  apv?: string;
  [member: string]: unknown;
}

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const EMPTY: Bytes = new Uint8Array(0);

async function contentEncryptionKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  partyUInfo: Bytes,
  partyVInfo: Bytes,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const sharedSecret = new Uint8Array(
    await globalThis.crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256),
  );
  const keyBytes = await concatKdf(sharedSecret, 'A256GCM', partyUInfo, partyVInfo, 256);
  wipe(sharedSecret);
  try {
    return await globalThis.crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, [usage]);
  } finally {
    wipe(keyBytes);
  }
}

/**
 * Encrypts `plaintext` to `recipient` (a P-256 ECDH public key) with a fresh ephemeral key pair, whose private
 * half is non-extractable and dropped when this returns. `typ` goes into the protected header.
 */
export async function encryptEcdhEsA256Gcm(
  recipient: CryptoKey,
  plaintext: Bytes,
  typ?: string,
): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const ephemeral = (await subtle.generateKey(ECDH_P256, false, ['deriveBits'])) as CryptoKeyPair;
  const exported = await subtle.exportKey('jwk', ephemeral.publicKey);
  const epk: P256PublicJwk = { kty: 'EC', crv: 'P-256', x: exported.x!, y: exported.y! };
  const header: EcdhEsHeader =
    typ === undefined
      ? { alg: 'ECDH-ES', enc: 'A256GCM', epk }
      : { alg: 'ECDH-ES', enc: 'A256GCM', typ, epk };
  const protectedHeader = encodeBase64url(utf8(JSON.stringify(header)));
  const key = await contentEncryptionKey(ephemeral.privateKey, recipient, EMPTY, EMPTY, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(GCM_NONCE_BYTES));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(protectedHeader) }, key, plaintext),
  );
  const ciphertext = sealed.subarray(0, sealed.length - GCM_TAG_BYTES);
  const tag = sealed.subarray(sealed.length - GCM_TAG_BYTES);
  return [protectedHeader, '', encodeBase64url(iv), encodeBase64url(ciphertext), encodeBase64url(tag)].join(
    '.',
  );
}

function invalid(why: string): ZkError {
  return new ZkError('invalid_jwe', `the JWE ${why}`);
}

function decodeSegment(segment: string, what: string): Bytes {
  try {
    return decodeBase64url(segment);
  } catch {
    throw invalid(`${what} is not base64url`);
  }
}

function parseHeader(segment: string): Record<string, unknown> {
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeSegment(segment, 'header')));
  } catch (error) {
    if (error instanceof ZkError) throw error;
    throw invalid('header is not JSON');
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header))
    throw invalid('header is not an object');
  return header as Record<string, unknown>;
}

/**
 * Decrypts a compact JWE made by `encryptEcdhEsA256Gcm` (or any RFC 7516 implementation) with the recipient's
 * private ECDH key. Refuses any `alg` other than ECDH-ES and `enc` other than A256GCM (no algorithm is taken from
 * the token on trust, RFC 8725 §3.1), `zip`, any `crit` (we implement no extension, RFC 7516 §4.1.13), a `typ` other
 * than `expectedTyp` when one is given, an `epk` that is not a P-256 public key on the curve (RFC 8725 §3.4), a
 * non-empty encrypted key, and wrong IV or tag lengths — all before the tag is checked. A failed tag is
 * `jwe_decryption_failed`.
 */
export async function decryptEcdhEsA256Gcm(
  compact: string,
  recipientPrivateKey: CryptoKey,
  expectedTyp?: string,
): Promise<{ header: EcdhEsHeader; plaintext: Bytes }> {
  const segments = compact.split('.');
  if (segments.length !== 5) throw invalid('does not have five segments');
  const [protectedHeader, encryptedKey, ivSegment, ciphertextSegment, tagSegment] = segments as [
    string,
    string,
    string,
    string,
    string,
  ];
  const header = parseHeader(protectedHeader);
  if (header.alg !== 'ECDH-ES') throw invalid('alg is not ECDH-ES');
  if (header.enc !== 'A256GCM') throw invalid('enc is not A256GCM');
  if ('zip' in header) throw invalid('is compressed (zip)');
  if ('crit' in header) throw invalid('names critical extensions');
  if (expectedTyp !== undefined && header.typ !== expectedTyp) throw invalid(`typ is not ${expectedTyp}`);
  if (encryptedKey !== '') throw invalid('has an encrypted key, which direct key agreement does not');
  const partyUInfo =
    header.apu === undefined
      ? EMPTY
      : typeof header.apu === 'string'
        ? decodeSegment(header.apu, 'apu')
        : null;
  const partyVInfo =
    header.apv === undefined
      ? EMPTY
      : typeof header.apv === 'string'
        ? decodeSegment(header.apv, 'apv')
        : null;
  if (partyUInfo === null || partyVInfo === null) throw invalid('apu or apv is not a string');
  let epk: CryptoKey;
  try {
    epk = (await importP256PublicJwk(header.epk)).key;
  } catch (error) {
    throw invalid(`epk is refused: ${(error as Error).message}`);
  }
  const iv = decodeSegment(ivSegment, 'IV');
  const ciphertext = decodeSegment(ciphertextSegment, 'ciphertext');
  const tag = decodeSegment(tagSegment, 'tag');
  if (iv.length !== GCM_NONCE_BYTES) throw invalid(`IV is not ${GCM_NONCE_BYTES} bytes`);
  if (tag.length !== GCM_TAG_BYTES) throw invalid(`tag is not ${GCM_TAG_BYTES} bytes`);
  const key = await contentEncryptionKey(recipientPrivateKey, epk, partyUInfo, partyVInfo, 'decrypt');
  const sealed = new Uint8Array(ciphertext.length + tag.length);
  sealed.set(ciphertext);
  sealed.set(tag, ciphertext.length);
  try {
    const plaintext = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: utf8(protectedHeader) },
      key,
      sealed,
    );
    return { header: header as EcdhEsHeader, plaintext: new Uint8Array(plaintext) };
  } catch {
    throw new ZkError(
      'jwe_decryption_failed',
      'the JWE does not decrypt with this key (wrong key or altered)',
    );
  }
}
