import type { AccountRootKey } from './account-root-key';
import { decodeBase64url, encodeBase64url } from './base64url';
import { concatBytes, randomBytes, utf8, wipe } from './bytes';
import { ZkError } from './errors';
import { sha256 } from './hash';
import type { P256PublicJwk } from './p256-jwk';
import { ENCRYPTION_PRIVATE_KEY_LABEL, GCM_NONCE_BYTES, GCM_TAG_BYTES, structuredInfo } from './scheme';

/**
 * The user's encryption key pair (docs/zk.md §6): a P-256 ECDH pair others encrypt to. The public JWK goes to
 * `PUT /crypto/enc-pub`; the private JWK is stored only wrapped (`PUT /crypto/wrapped-enc-priv`) under a key
 * derived from the ARK, with AAD = JSON(["tessera/zk/v2/enc-priv", user_id, kid]) and
 * ciphertext = nonce || AES-GCM(UTF-8 JSON of {"kty","crv","x","y","d"}) || tag.
 */

/** `{ kid, alg, ciphertext }` as `PUT|GET /crypto/wrapped-enc-priv` carry it. */
export interface WrappedPrivateKey {
  kid: string;
  alg: 'A256GCM';
  ciphertext: string;
}

export interface AccountKeyBinding {
  userId: string;
  /** The account key id the wrapping key is derived for. */
  keyId: string;
}

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** RFC 7638 thumbprint (SHA-256) of a P-256 public key: required members in lexicographic order, no whitespace. */
export async function jwkThumbprint(jwk: P256PublicJwk): Promise<string> {
  return encodeBase64url(
    await sha256(utf8(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))),
  );
}

function aad(userId: string, kid: string) {
  return structuredInfo([ENCRYPTION_PRIVATE_KEY_LABEL, userId, kid]);
}

/**
 * A new encryption key pair for the user, and what the server keeps of it: the public JWK, its `kid`, and the
 * private key wrapped under the ARK. The returned private key is non-extractable; the pair is generated
 * extractable only long enough to wrap it, and the exported private JWK's buffer is wiped.
 */
export async function createEncryptionKeyPair(
  ark: AccountRootKey,
  binding: AccountKeyBinding,
): Promise<{ publicJwk: P256PublicJwk; kid: string; wrapped: WrappedPrivateKey; privateKey: CryptoKey }> {
  const subtle = globalThis.crypto.subtle;
  const pair = (await subtle.generateKey(ECDH_P256, true, ['deriveBits'])) as CryptoKeyPair;
  const exported = await subtle.exportKey('jwk', pair.privateKey);
  const publicJwk: P256PublicJwk = { kty: 'EC', crv: 'P-256', x: exported.x!, y: exported.y! };
  const kid = await jwkThumbprint(publicJwk);
  const plaintext = utf8(JSON.stringify({ ...publicJwk, d: exported.d! }));
  const nonce = randomBytes(GCM_NONCE_BYTES);
  const sealed = new Uint8Array(
    await subtle.encrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: aad(binding.userId, kid) },
      await ark.encryptionPrivateKeyWrappingKey(binding.userId, binding.keyId),
      plaintext,
    ),
  );
  wipe(plaintext);
  const privateKey = await subtle.importKey('jwk', exported, ECDH_P256, false, ['deriveBits']);
  return {
    publicJwk,
    kid,
    wrapped: { kid, alg: 'A256GCM', ciphertext: encodeBase64url(concatBytes(nonce, sealed)) },
    privateKey,
  };
}

/**
 * Opens the wrapped private key into a non-extractable ECDH key (WebCrypto parses the JWK inside `unwrapKey`, so
 * `d` never becomes a string in the page). Fails when the ARK, user, account key or `kid` differ from those it was
 * wrapped for, or the record was altered. The caller checks `kid` against the current enc-pub
 * (`matches_enc_pub`) when it needs the pair to be the published one.
 */
export async function openEncryptionPrivateKey(
  ark: AccountRootKey,
  binding: AccountKeyBinding,
  wrapped: WrappedPrivateKey,
): Promise<CryptoKey> {
  if (wrapped.alg !== 'A256GCM')
    throw new ZkError('invalid_envelope', 'the wrapped private key is not A256GCM');
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = decodeBase64url(wrapped.ciphertext);
  } catch {
    throw new ZkError('invalid_envelope', 'the wrapped private key is not base64url');
  }
  if (sealed.length <= GCM_NONCE_BYTES + GCM_TAG_BYTES) {
    throw new ZkError('invalid_envelope', 'the wrapped private key is too short');
  }
  try {
    return await globalThis.crypto.subtle.unwrapKey(
      'jwk',
      sealed.slice(GCM_NONCE_BYTES),
      await ark.encryptionPrivateKeyWrappingKey(binding.userId, binding.keyId),
      {
        name: 'AES-GCM',
        iv: sealed.slice(0, GCM_NONCE_BYTES),
        additionalData: aad(binding.userId, wrapped.kid),
      },
      ECDH_P256,
      false,
      ['deriveBits'],
    );
  } catch {
    throw new ZkError(
      'envelope_open_failed',
      'the wrapped private key does not open with this account key (other key, user or kid, or altered)',
    );
  }
}
