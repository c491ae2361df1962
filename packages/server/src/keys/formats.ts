import { createHash, createPublicKey } from 'node:crypto';

/**
 * The fixed parts of ZK key custody scheme v2 (docs/zk.md): names, constants and the checks of what the browser
 * sends. Nothing here touches the database or HTTP, so the OAuth endpoints can use the same rules.
 */

/** The scheme version of keybags, envelopes and delivered keys (`zk_key_version`). */
export const ZK_SCHEME = 2;
/** What a v2 delivery carries (`zk_key_kind`): a per-client key derived from the account root key (§2.2). */
export const ZK_KEY_KIND = 'client_app_key';

export const ENVELOPE_TYPES = ['password', 'recovery_key', 'passkey_prf', 'trusted_device'] as const;
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number];

/** The HKDF info of each envelope type's key (docs/zk.md §3); a trusted device's key is used directly. */
export const ENVELOPE_KDF_INFO: Readonly<Record<EnvelopeType, string | null>> = {
  password: 'tessera/zk/v2/envelope-key/password',
  recovery_key: 'tessera/zk/v2/envelope-key/recovery_key',
  passkey_prf: 'tessera/zk/v2/envelope-key/passkey_prf',
  trusted_device: null,
};

/**
 * The members a v2 ZK code grant adds to the token response
 * (docs/integration.md#zero-knowledge-key-delivery): the hash the browser posted at finalize, with the kind
 * and scheme version of the key it delivered — never the JWE itself.
 */
export function zkTokenMembers(zkKeyHash: string): {
  zk_key_hash: string;
  zk_key_kind: string;
  zk_key_version: number;
} {
  return { zk_key_hash: zkKeyHash, zk_key_kind: ZK_KEY_KIND, zk_key_version: ZK_SCHEME };
}

/** The most envelopes one keybag holds (and one create or rotate carries). */
export const MAX_ENVELOPES = 20;

/** Unpadded base64url (RFC 4648 §5). */
export const BASE64URL_PATTERN = '^[A-Za-z0-9_-]+$';
/**
 * Exactly 32 bytes as canonical unpadded base64url: 43 characters, the last carrying 2 unused bits that must be
 * zero (so one value has one spelling).
 */
export const BYTES32_PATTERN = '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$';
/** A wrapped account root key: 12-byte nonce, 32-byte ciphertext, 16-byte tag = 60 bytes = 80 characters. */
export const ENVELOPE_CIPHERTEXT_PATTERN = '^[A-Za-z0-9_-]{80}$';
/** Ids the browser chooses (they are bound into AADs, so one spelling): lower-case UUIDs. */
export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** WebAuthn credential ids are at most 1023 bytes (WebAuthn Level 3 §6.1): 1364 base64url characters. */
export const MAX_CREDENTIAL_ID_LENGTH = 1364;
/** A wrapped private P-256 JWK is about 250 bytes; this leaves room and keeps the slot from being general storage. */
export const MAX_WRAPPED_PRIVATE_LENGTH = 2048;
export const MAX_LABEL_LENGTH = 100;
/** A legacy v1 wrapped data root key (the older apps' own format). */
export const MAX_LEGACY_DRK_LENGTH = 4096;

/** A P-256 public JWK as stored and served: exactly these members. */
export interface P256PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const COORDINATE = new RegExp(BYTES32_PATTERN);

/**
 * Why a value is not a P-256 public JWK, or null when it is: private members (`d`), other key types and curves,
 * and coordinates that are not 32 bytes or not a point on the curve are refused (RFC 8725 §3.4: validate ECDH
 * inputs; node's key import checks the point lies on the curve).
 */
export function p256PublicJwkProblem(jwk: unknown): string | null {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return 'is not a JWK';
  const members = jwk as Record<string, unknown>;
  if ('d' in members) return 'must not contain private key members';
  if (members.kty !== 'EC' || members.crv !== 'P-256' || typeof members.x !== 'string') {
    return 'must be a P-256 EC public key';
  }
  if (typeof members.y !== 'string') return 'must be a P-256 EC public key';
  if (!COORDINATE.test(members.x) || !COORDINATE.test(members.y)) {
    return 'has coordinates that are not 32-byte base64url values';
  }
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: members.x, y: members.y }, format: 'jwk' });
  } catch {
    return 'is not a valid point on P-256';
  }
  return null;
}

/**
 * Why a `zk_pub` authorization parameter (base64url of a JSON P-256 public JWK) is unacceptable, or null. Used by
 * /authorize, which turns the answer into an RFC 6749 §4.1.2.1 `invalid_request`.
 */
export function zkPubProblem(value: string): string | null {
  // Node's base64url decoder skips characters outside the alphabet, so the alphabet is checked first.
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return 'zk_pub is not base64url-encoded';
  const bytes = Buffer.from(value, 'base64url');
  // One spelling per value, as the browser's decoder demands (RFC 4648 §3.5): no stray bits in the last character.
  if (bytes.toString('base64url') !== value) return 'zk_pub is not canonical base64url';
  let jwk: unknown;
  try {
    jwk = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'zk_pub is not base64url-encoded JSON';
  }
  const problem = p256PublicJwkProblem(jwk);
  return problem === null ? null : `zk_pub ${problem}`;
}

/** RFC 7638 JWK thumbprint (SHA-256) of a P-256 public key: members in lexicographic order, no whitespace. */
export function jwkThumbprint(jwk: P256PublicJwk): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}
