import { base64url, compactDecrypt, errors, exportJWK, generateKeyPair } from 'jose';
import { constantTimeEqual, sha256Base64url, wipe } from './encoding.js';
import { TesseraClientError } from './errors.js';

/**
 * The app's side of zero-knowledge key delivery (docs/zk.md §5, §5.1 and §10): an ephemeral P-256 key pair whose
 * public half goes to /authorize as `zk_pub`, and the checks on what comes back — hash first, then decryption, then
 * every binding and the validity window — before the key is handed out as a non-extractable CryptoKey. A v2
 * delivery (the client app key) and a legacy v1 one (the data root key) go through the same checks; only their
 * labels differ.
 */

/** What tells the two deliveries apart (docs/zk.md §5 step 2, §5.1): the JWE's `typ`, the payload's `v` and `kind`. */
interface DeliveryScheme {
  typ: string;
  v: number;
  kind: string;
  /** What the key is called in error messages. */
  name: string;
}

const V2_DELIVERY: DeliveryScheme = {
  typ: 'tessera-zk-key',
  v: 2,
  kind: 'client_app_key',
  name: 'client app key',
};
const V1_DELIVERY: DeliveryScheme = {
  typ: 'tessera-zk-drk',
  v: 1,
  kind: 'data_root_key',
  name: 'data root key',
};
const KEY_DELIVERY_LIFETIME_SECONDS = 120;

export interface ZkKeyPair {
  /** Non-extractable: it can derive the shared secret, and nothing can read it out. */
  privateKey: CryptoKey;
  /** base64url(JSON(public JWK)), the `zk_pub` parameter of /authorize (docs/zk.md §5 step 1). */
  zkPub: string;
}

/** docs/zk.md §5 step 1, with jose's `generateKeyPair('ECDH-ES')`: the private key is never extractable. */
export async function createZkKeyPair(): Promise<ZkKeyPair> {
  const pair = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: false });
  const jwk = await exportJWK(pair.publicKey);
  // Exactly the public members, so the server's strict check (no `d`, no extras it must ignore) sees one form.
  const zkPub = base64url.encode(JSON.stringify({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }));
  return { privateKey: pair.privateKey, zkPub };
}

/** What the delivery must be bound to: this authorization as the app made it, and the ID token's user. */
export interface KeyDeliveryExpectations {
  issuer: string;
  clientId: string;
  state: string;
  redirectUri: string;
  sub: string;
  /** The organization asked for with `organization`, when the client's key scope is per organization. */
  organizationId?: string | null;
}

/** A delivered key after every check: v2's client app key, or legacy v1's data root key. */
export interface DeliveredKey {
  /** The key as a non-extractable AES-256-GCM key (encrypt, decrypt). */
  key: CryptoKey;
  /** The user's account key id: a different one means the user set up a new key and old data cannot open. */
  keyId: string;
  organizationId: string | null;
  /** The 32 raw bytes, only when asked for with `rawKey: true` (to derive sub-keys, say); wipe them after use. */
  raw?: Uint8Array;
}

/** The client app key (CAK) of a v2 delivery (docs/zk.md §2.2). */
export type ClientAppKey = DeliveredKey;
/** The data root key (DRK) of a legacy v1 delivery (docs/zk.md §5.1). */
export type DataRootKey = DeliveredKey;

export interface ReceiveKeyOptions {
  jwe: string;
  privateKey: CryptoKey;
  /** The token response: its `zk_key_hash`, `zk_key_kind` and `zk_key_version` (legacy v1: its `zk_drk_hash`). */
  token: Record<string, unknown>;
  expected: KeyDeliveryExpectations;
  rawKey?: boolean;
  now?: number;
  clockToleranceSeconds?: number;
}

/** Step 4 of docs/zk.md §10, before anything is decrypted: the JWE must be the one the token response vouches for. */
async function checkHash(jwe: string, expectedHash: unknown): Promise<void> {
  if (typeof expectedHash !== 'string') {
    throw new TesseraClientError('zk_key_missing', 'the token response carries no key hash');
  }
  if (!constantTimeEqual(await sha256Base64url(jwe), expectedHash)) {
    throw new TesseraClientError(
      'hash_mismatch',
      'the delivered key is not the one the token response vouches for',
    );
  }
}

export async function receiveClientAppKey(options: ReceiveKeyOptions): Promise<ClientAppKey> {
  const { token } = options;
  // docs/zk.md §10 steps 4-5: the announced kind and version, then the hash; all before anything is decrypted.
  if (
    token.zk_key_hash !== undefined &&
    (token.zk_key_kind !== 'client_app_key' || token.zk_key_version !== 2)
  ) {
    throw new TesseraClientError(
      'zk_kind_mismatch',
      'the token response announces a key other than a v2 client app key',
    );
  }
  await checkHash(options.jwe, token.zk_key_hash);
  const plaintext = await decryptDelivery(options.jwe, options.privateKey, V2_DELIVERY);
  let payload: Record<string, unknown>;
  try {
    payload = parsePayload(plaintext);
  } finally {
    wipe(plaintext);
  }
  return checkedKey(payload, V2_DELIVERY, options);
}

/**
 * Legacy v1 (docs/zk.md §5.1), only for clients configured `legacy-v1`: the JWE arrives as `#drk_jwe`, the token
 * response vouches for it with `zk_drk_hash`, and it carries the data root key in v2's construction under its own
 * `typ`, `v` and `kind`. It gets v2's checks, in v2's order; `payload` is the decrypted JSON's bytes, handed back only
 * once every check has passed (it holds the key in clear: wipe it once read).
 */
export async function receiveLegacyDrk(
  options: ReceiveKeyOptions,
): Promise<{ key: DataRootKey; payload: Uint8Array }> {
  await checkHash(options.jwe, options.token.zk_drk_hash);
  const plaintext = await decryptDelivery(options.jwe, options.privateKey, V1_DELIVERY);
  try {
    return { key: await checkedKey(parsePayload(plaintext), V1_DELIVERY, options), payload: plaintext };
  } catch (error) {
    wipe(plaintext);
    throw error;
  }
}

/**
 * docs/zk.md §10 step 6 with jose's `compactDecrypt`: only `alg: ECDH-ES` with `enc: A256GCM` is accepted (jose
 * refuses any other algorithm before any key agreement, and `zip`, unknown `crit`, an Encrypted Key, an `epk` off the
 * curve and a tag that does not verify); the protected header's `typ`, authenticated as AAD, must be the scheme's.
 */
async function decryptDelivery(
  jwe: string,
  privateKey: CryptoKey,
  scheme: DeliveryScheme,
): Promise<Uint8Array> {
  let decrypted: Awaited<ReturnType<typeof compactDecrypt>>;
  try {
    decrypted = await compactDecrypt(jwe, privateKey, {
      keyManagementAlgorithms: ['ECDH-ES'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
  } catch (cause) {
    const reason = cause instanceof errors.JOSEError ? cause.code : 'not a JWE';
    throw new TesseraClientError('jwe_invalid', `the key delivery does not decrypt (${reason})`, { cause });
  }
  if (decrypted.protectedHeader.typ !== scheme.typ) {
    wipe(decrypted.plaintext);
    throw new TesseraClientError('jwe_invalid', `the JWE's typ is not ${scheme.typ}`);
  }
  return decrypted.plaintext;
}

function parsePayload(plaintext: Uint8Array): Record<string, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch (cause) {
    throw new TesseraClientError('jwe_invalid', 'the delivered payload is not JSON', { cause });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new TesseraClientError('jwe_invalid', 'the delivered payload is not a JSON object');
  }
  return payload as Record<string, unknown>;
}

/**
 * docs/zk.md §10 steps 6-7, for both schemes: the payload's `v` and `kind`, every binding to this authorization,
 * the validity window, the key's shape and `key_id`; then the key is imported non-extractable.
 */
async function checkedKey(
  payload: Record<string, unknown>,
  scheme: DeliveryScheme,
  options: Pick<ReceiveKeyOptions, 'expected' | 'rawKey' | 'now' | 'clockToleranceSeconds'>,
): Promise<DeliveredKey> {
  const { expected } = options;
  const binding = (claim: string) =>
    new TesseraClientError('jwe_binding_mismatch', `the delivered key's ${claim} is not this sign-in's`, {
      claim,
    });
  if (payload.v !== scheme.v || payload.kind !== scheme.kind) throw binding('kind');
  const bindings: [string, unknown][] = [
    ['iss', expected.issuer],
    ['sub', expected.sub],
    ['client_id', expected.clientId],
    ['state', expected.state],
    ['redirect_uri', expected.redirectUri],
  ];
  if (expected.organizationId !== undefined) bindings.push(['organization_id', expected.organizationId]);
  for (const [claim, value] of bindings) if (payload[claim] !== value) throw binding(claim);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.clockToleranceSeconds ?? 60;
  const { iat, exp } = payload;
  if (
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    exp <= iat ||
    exp - iat > KEY_DELIVERY_LIFETIME_SECONDS
  ) {
    throw new TesseraClientError('jwe_invalid', 'the delivered key has no valid validity window');
  }
  if (exp <= now - tolerance) throw new TesseraClientError('jwe_expired', 'the delivered key has expired');
  if (iat > now + tolerance)
    throw new TesseraClientError('jwe_expired', 'the delivered key is issued in the future');
  const jwk = payload.key as Record<string, unknown> | undefined;
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    jwk.kty !== 'oct' ||
    jwk.alg !== 'A256GCM' ||
    typeof jwk.k !== 'string'
  ) {
    throw new TesseraClientError('jwe_invalid', 'the delivered key is not an A256GCM key');
  }
  if (typeof payload.key_id !== 'string')
    throw new TesseraClientError('jwe_invalid', 'the delivered key has no key_id');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64url.decode(jwk.k) as Uint8Array<ArrayBuffer>;
  } catch (cause) {
    throw new TesseraClientError('jwe_invalid', 'the delivered key is not base64url', { cause });
  }
  if (bytes.length !== 32) {
    wipe(bytes);
    throw new TesseraClientError('jwe_invalid', 'the delivered key is not 32 bytes');
  }
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    bytes,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const organizationId = typeof payload.organization_id === 'string' ? payload.organization_id : null;
  if (options.rawKey) return { key, keyId: payload.key_id, organizationId, raw: bytes };
  wipe(bytes);
  return { key, keyId: payload.key_id, organizationId };
}
