import type { AccountRootKey } from './account-root-key';
import { decodeBase64urlOfLength, encodeBase64url } from './base64url';
import type { Bytes } from './bytes';
import { constantTimeEqual, utf8, wipe } from './bytes';
import { ZkError } from './errors';
import { zkKeyHash } from './hash';
import { decryptEcdhEsA256Gcm, encryptEcdhEsA256Gcm } from './jwe';
import { parseZkPub } from './p256-jwk';
import {
  CLIENT_APP_KEY_BYTES,
  KEY_DELIVERY_JWE_TYPE,
  KEY_DELIVERY_LIFETIME_SECONDS,
  ZK_KEY_KIND,
  ZK_SCHEME,
} from './scheme';

/**
 * Key delivery v2 (docs/zk.md §5): the hosted UI derives the client app key and encrypts it, with what it is bound
 * to, as a compact JWE to the app's `zk_pub`; the app decrypts it after checking the hash from its token response.
 */

/**
 * A delivery's JWE payload (§5 step 2; legacy v1 §5.1 has the same members with its own `v` and `kind`), members in
 * the documented order.
 */
export interface DeliveryPayload<V extends number, K extends string> {
  v: V;
  kind: K;
  iss: string;
  sub: string;
  client_id: string;
  state: string | null;
  redirect_uri: string;
  organization_id: string | null;
  key_id: string;
  iat: number;
  exp: number;
  key: { kty: 'oct'; k: string; alg: 'A256GCM' };
}

/** The v2 payload: the client app key. */
export type KeyDeliveryPayload = DeliveryPayload<typeof ZK_SCHEME, typeof ZK_KEY_KIND>;

export interface KeyDeliveryRequest {
  /** The unlocked account root key. */
  ark: AccountRootKey;
  /** The keybag's `account_key.key_id`, so the app notices a replaced key (§10 step 7). */
  keyId: string;
  /** The pending authorization request's `zk_pub`. */
  zkPub: string;
  issuer: string;
  userId: string;
  clientId: string;
  state: string | null;
  redirectUri: string;
  /** The organization for key scope `organization`; null for scope `client` (§2.2). */
  organizationId: string | null;
  /** Seconds since the epoch; the clock by default. */
  now?: number;
}

/** What tells the two delivery schemes apart (§5, §5.1): their labels, and which key of the ARK they carry. */
export interface DeliveryScheme<V extends number, K extends string> {
  v: V;
  kind: K;
  /** The JWE's `typ` header. */
  jweType: string;
  /** Derives the key delivered, for the client (and organization). */
  deriveKey(ark: AccountRootKey, clientId: string, organizationId: string | null): Promise<Bytes>;
  /** The fragment parameter that carries the JWE. */
  fragmentParameter: string;
}

const V2_DELIVERY: DeliveryScheme<typeof ZK_SCHEME, typeof ZK_KEY_KIND> = {
  v: ZK_SCHEME,
  kind: ZK_KEY_KIND,
  jweType: KEY_DELIVERY_JWE_TYPE,
  deriveKey: (ark, clientId, organizationId) => ark.clientAppKey(clientId, organizationId),
  fragmentParameter: 'zk_key_jwe',
};

/**
 * Derives the scheme's key and builds the delivery: the compact JWE for the fragment and its hash,
 * base64url(SHA-256(ASCII(JWE))), for `/authorize/finalize`. The key's bytes are wiped once encrypted (the
 * payload's JSON text cannot be wiped; it is unreachable once this returns).
 */
export async function sealDelivery<V extends number, K extends string>(
  request: KeyDeliveryRequest,
  scheme: DeliveryScheme<V, K>,
): Promise<{ jwe: string; hash: string }> {
  const recipient = await parseZkPub(request.zkPub);
  const iat = request.now ?? Math.floor(Date.now() / 1000);
  const key = await scheme.deriveKey(request.ark, request.clientId, request.organizationId);
  const payload: DeliveryPayload<V, K> = {
    v: scheme.v,
    kind: scheme.kind,
    iss: request.issuer,
    sub: request.userId,
    client_id: request.clientId,
    state: request.state,
    redirect_uri: request.redirectUri,
    organization_id: request.organizationId,
    key_id: request.keyId,
    iat,
    exp: iat + KEY_DELIVERY_LIFETIME_SECONDS,
    key: { kty: 'oct', k: encodeBase64url(key), alg: 'A256GCM' },
  };
  wipe(key);
  const plaintext = utf8(JSON.stringify(payload));
  const jwe = await encryptEcdhEsA256Gcm(recipient.key, plaintext, scheme.jweType);
  wipe(plaintext);
  return { jwe, hash: await zkKeyHash(jwe) };
}

/**
 * The redirect URI `/authorize/finalize` returned, with the JWE in the fragment (§5 step 4): the fragment never
 * reaches a server. A redirect URI has no fragment of its own (RFC 6749 §3.1.2); one that has is refused.
 */
export function withDeliveryFragment(
  redirectUrl: string,
  scheme: Pick<DeliveryScheme<number, string>, 'fragmentParameter'>,
  jwe: string,
): string {
  if (redirectUrl.includes('#'))
    throw new ZkError('invalid_key_delivery', 'the redirect URL already has a fragment');
  return `${redirectUrl}#${scheme.fragmentParameter}=${jwe}`;
}

/** Derives the CAK for the client (and organization) and builds the v2 delivery and its `zk_key_hash`. */
export async function buildKeyDelivery(
  request: KeyDeliveryRequest,
): Promise<{ jwe: string; zkKeyHash: string }> {
  const { jwe, hash } = await sealDelivery(request, V2_DELIVERY);
  return { jwe, zkKeyHash: hash };
}

/** The redirect URI with `#zk_key_jwe=`. */
export function withKeyDeliveryFragment(redirectUrl: string, jwe: string): string {
  return withDeliveryFragment(redirectUrl, V2_DELIVERY, jwe);
}

/** What the app expects the delivery to be bound to (§10 step 6). */
export interface KeyDeliveryExpectations {
  issuer: string;
  clientId: string;
  /** The `state` the app sent (null if it sent none). */
  state: string | null;
  redirectUri: string;
  /** The ID token's `sub`, when the app has it. */
  sub?: string;
  /** For key scope `organization`: the organization the app asked for; omitted, any is accepted. */
  organizationId?: string | null;
}

export interface ReceiveKeyDeliveryRequest {
  /** The `zk_key_jwe` fragment parameter. */
  jwe: string;
  /** The app's ephemeral ECDH private key (non-extractable). */
  privateKey: CryptoKey;
  /** The token response's `zk_key_hash`, `zk_key_kind` and `zk_key_version`. */
  token: { zk_key_hash: string; zk_key_kind: string; zk_key_version: number };
  expected: KeyDeliveryExpectations;
  now?: number;
  /** Tolerated clock difference in seconds; 60 by default. */
  clockSkewSeconds?: number;
}

export interface ReceivedKey {
  /** The 32-byte client app key: import it non-extractable (AES-GCM, or HKDF for sub-keys) and drop the bytes. */
  key: Bytes;
  keyId: string;
  sub: string;
  organizationId: string | null;
}

function mismatch(member: string): ZkError {
  return new ZkError(
    'key_delivery_binding_mismatch',
    `the delivered key's ${member} is not the expected one`,
  );
}

function parsePayload(plaintext: Bytes): KeyDeliveryPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw new ZkError('invalid_key_delivery', 'the delivered payload is not JSON');
  }
  const p = payload as Partial<Record<keyof KeyDeliveryPayload, unknown>>;
  const key = p.key as Record<string, unknown> | null | undefined;
  const nullableString = (value: unknown) => value === null || typeof value === 'string';
  if (
    typeof payload !== 'object' ||
    payload === null ||
    p.v !== ZK_SCHEME ||
    p.kind !== ZK_KEY_KIND ||
    typeof p.iss !== 'string' ||
    typeof p.sub !== 'string' ||
    typeof p.client_id !== 'string' ||
    !nullableString(p.state) ||
    typeof p.redirect_uri !== 'string' ||
    !nullableString(p.organization_id) ||
    typeof p.key_id !== 'string' ||
    !Number.isSafeInteger(p.iat) ||
    !Number.isSafeInteger(p.exp) ||
    typeof key !== 'object' ||
    key === null ||
    key.kty !== 'oct' ||
    key.alg !== 'A256GCM' ||
    typeof key.k !== 'string'
  ) {
    throw new ZkError('invalid_key_delivery', 'the delivered payload is not a v2 client app key');
  }
  return payload as KeyDeliveryPayload;
}

/**
 * The app's side (§10 steps 4-6), for the tests and a future SDK: refuses a kind or version other than v2's,
 * compares `base64url(SHA-256(JWE))` with `zk_key_hash` in constant time before decrypting, decrypts accepting only
 * ECDH-ES / A256GCM / `typ: tessera-zk-key`, then checks every binding (`iss`, `client_id`, `state`,
 * `redirect_uri`, `sub` and organization when given) and the time window (`iat` not in the future, `exp` not past,
 * and at most the scheme's lifetime after `iat`).
 */
export async function receiveKeyDelivery(request: ReceiveKeyDeliveryRequest): Promise<ReceivedKey> {
  const { token, expected } = request;
  if (token.zk_key_kind !== ZK_KEY_KIND || token.zk_key_version !== ZK_SCHEME) {
    throw new ZkError(
      'invalid_key_delivery',
      'the token response announces a key kind or version other than v2',
    );
  }
  const hash = await zkKeyHash(request.jwe).catch(() => {
    throw new ZkError('key_hash_mismatch', 'the fragment does not hold a compact JWE');
  });
  if (!constantTimeEqual(utf8(hash), utf8(token.zk_key_hash))) {
    throw new ZkError('key_hash_mismatch', 'the JWE is not the one the token response vouches for');
  }
  const { plaintext } = await decryptEcdhEsA256Gcm(request.jwe, request.privateKey, KEY_DELIVERY_JWE_TYPE);
  const payload = parsePayload(plaintext);
  wipe(plaintext);
  if (payload.iss !== expected.issuer) throw mismatch('iss');
  if (payload.client_id !== expected.clientId) throw mismatch('client_id');
  if (payload.state !== expected.state) throw mismatch('state');
  if (payload.redirect_uri !== expected.redirectUri) throw mismatch('redirect_uri');
  if (expected.sub !== undefined && payload.sub !== expected.sub) throw mismatch('sub');
  if (expected.organizationId !== undefined && payload.organization_id !== expected.organizationId) {
    throw mismatch('organization_id');
  }
  const now = request.now ?? Math.floor(Date.now() / 1000);
  const skew = request.clockSkewSeconds ?? 60;
  if (payload.iat > now + skew)
    throw new ZkError('key_delivery_expired', 'the delivered key is issued in the future');
  if (payload.exp <= now - skew) throw new ZkError('key_delivery_expired', 'the delivered key has expired');
  if (payload.exp <= payload.iat || payload.exp - payload.iat > KEY_DELIVERY_LIFETIME_SECONDS) {
    throw new ZkError(
      'invalid_key_delivery',
      'the delivered key has a validity window other than the scheme’s',
    );
  }
  let key: Bytes;
  try {
    key = decodeBase64urlOfLength(payload.key.k, CLIENT_APP_KEY_BYTES, 'the client app key');
  } catch {
    throw new ZkError('invalid_key_delivery', 'the delivered key is not 32 bytes of base64url');
  }
  return { key, keyId: payload.key_id, sub: payload.sub, organizationId: payload.organization_id };
}
