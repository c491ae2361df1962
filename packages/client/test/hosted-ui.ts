import {
  createCipheriv,
  createHash,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { expect } from 'vitest';
import {
  accountKeyBody,
  newAccountKey,
  signInWithPassword,
  type TestAccountKey,
} from '../../server/src/testing/keys.js';
import { browserGet, finalize, type SignedIn } from '../../server/src/testing/oauth.js';
import type { TestServer } from '../../server/src/testing/server.js';

/**
 * The hosted UI's part of a ZK sign-in, played in Node against the real server (docs/zk.md §5 steps 2-4) so the
 * SDK's checks can be driven with real token responses: the signed-in user's browser follows /authorize, reads the
 * pending request, encrypts the client app key to the app's zk_pub as a compact ECDH-ES/A256GCM JWE (node:crypto,
 * written from the document, not from the SDK), posts its hash to /authorize/finalize and lands on the redirect URI
 * with the JWE in the fragment; for a legacy v1 client (§5.1) the data root key, under v1's labels. `alter`, `typ`
 * and `plaintext` change what is encrypted, to make the bad deliveries a compromised or buggy UI could send; the
 * server vouches for whatever hash it is given.
 */

export interface HostedUser {
  signedIn: SignedIn;
  accountKey: TestAccountKey;
}

/** A signed-in user with a keybag (the server refuses key delivery without one, docs/zk.md §5 step 3). */
export async function hostedUser(server: TestServer): Promise<HostedUser> {
  const signedIn = await signInWithPassword(server);
  const accountKey = newAccountKey(signedIn.user.id);
  await server.context.keys.keybags.createAccountKey(signedIn.user.id, accountKeyBody(accountKey).body);
  return { signedIn, accountKey };
}

const derive = (user: HostedUser, label: string, clientId: string): Buffer =>
  Buffer.from(
    hkdfSync('sha256', user.accountKey.ark, Buffer.alloc(0), JSON.stringify([label, clientId, null]), 32),
  );

/** The CAK as docs/zk.md §2.2 derives it, for the test to compare with what the SDK returns. */
export const expectedCak = (user: HostedUser, clientId: string): Buffer =>
  derive(user, 'tessera/zk/v2/cak', clientId);

/** The legacy data root key as docs/zk.md §5.1 derives it. */
export const expectedDrk = (user: HostedUser, clientId: string): Buffer =>
  derive(user, 'tessera/zk/v1/drk', clientId);

function concatKdf(z: Buffer): Buffer {
  const u32 = (value: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(value);
    return out;
  };
  const algorithm = Buffer.from('A256GCM');
  return createHash('sha256')
    .update(Buffer.concat([u32(1), z, u32(algorithm.length), algorithm, u32(0), u32(0), u32(256)]))
    .digest();
}

/** `header` adds members to (or replaces members of) the protected header, to make JWEs a compliant decrypter refuses. */
export function encryptToZkPub(
  zkPub: string,
  plaintext: string,
  typ: string,
  header: Record<string, unknown> = {},
): string {
  const recipient = createPublicKey({
    key: JSON.parse(Buffer.from(zkPub, 'base64url').toString('utf8')) as Record<string, string>,
    format: 'jwk',
  });
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const cek = concatKdf(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient }));
  const epk = ephemeral.publicKey.export({ format: 'jwk' });
  const protectedHeader = Buffer.from(
    JSON.stringify({
      alg: 'ECDH-ES',
      enc: 'A256GCM',
      typ,
      epk: { kty: 'EC', crv: 'P-256', x: epk.x, y: epk.y },
      ...header,
    }),
  ).toString('base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cek, iv);
  cipher.setAAD(Buffer.from(protectedHeader, 'ascii'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [protectedHeader, '', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export const jweHash = (jwe: string) => createHash('sha256').update(jwe, 'ascii').digest('base64url');

interface PendingRequest {
  requestId: string;
  zkPub: string;
  /** What the delivery is bound to (v2 and legacy v1 alike). */
  keyDelivery: { issuer: string; redirect_uri: string; state: string | null };
}

/** The browser at /authorize with the user's session: parked for the hosted UI, which reads the request. */
export async function openRequest(
  server: TestServer,
  user: HostedUser,
  authorizationUrl: URL,
): Promise<PendingRequest> {
  const answer = await browserGet(authorizationUrl.href, user.signedIn.cookie);
  expect(answer.location).toMatch(/^\/ui\/authorize\?request_id=/);
  const requestId = new URL(answer.location!, server.publicUrl).searchParams.get('request_id')!;
  const view = await fetch(`${server.publicUrl}/api/user/authorization-requests/${requestId}`, {
    headers: { cookie: user.signedIn.cookie },
  });
  expect(view.status).toBe(200);
  const json = (await view.json()) as { zk_pub: string; key_delivery: PendingRequest['keyDelivery'] };
  expect(json.key_delivery).not.toBeNull();
  return { requestId, zkPub: json.zk_pub, keyDelivery: json.key_delivery };
}

export interface DeliveryOptions {
  /** Legacy v1 (docs/zk.md §5.1): the data root key, typ tessera-zk-drk, posted as drk_hash, sent as #drk_jwe. */
  legacy?: boolean;
  /** Changes the payload before it is encrypted. */
  alter?: (payload: Record<string, unknown>) => void;
  /** Another `typ` in the JWE's protected header. */
  typ?: string;
  /** This text is encrypted instead of the payload. */
  plaintext?: string;
  /**
   * Makes the JWE instead of `encryptToZkPub` (another algorithm, a tampered ciphertext, another recipient): the
   * server vouches for its hash all the same, so only the app's decryption can refuse it.
   */
  encrypt?: (zkPub: string, plaintext: string, typ: string) => string | Promise<string>;
}

/** The labels of each delivery (docs/zk.md §5 step 2, §5.1). */
const SCHEMES = {
  v2: { v: 2, kind: 'client_app_key', typ: 'tessera-zk-key', key: expectedCak, fragment: 'zk_key_jwe' },
  v1: { v: 1, kind: 'data_root_key', typ: 'tessera-zk-drk', key: expectedDrk, fragment: 'drk_jwe' },
} as const;

/** The payload (docs/zk.md §5 step 2, §5.1) bound to the pending request, then altered as the test asks. */
function keyDeliveryPayload(
  user: HostedUser,
  clientId: string,
  pending: PendingRequest,
  scheme: (typeof SCHEMES)[keyof typeof SCHEMES],
  alter?: (payload: Record<string, unknown>) => void,
): Record<string, unknown> {
  const delivery = pending.keyDelivery;
  const iat = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    v: scheme.v,
    kind: scheme.kind,
    iss: delivery.issuer,
    sub: user.signedIn.user.id,
    client_id: clientId,
    state: delivery.state,
    redirect_uri: delivery.redirect_uri,
    organization_id: null,
    key_id: user.accountKey.keyId,
    iat,
    exp: iat + 120,
    key: { kty: 'oct', k: scheme.key(user, clientId).toString('base64url'), alg: 'A256GCM' },
  };
  alter?.(payload);
  return payload;
}

/** Builds the delivery for a pending request, finalizes it, and returns the URL the browser lands on. */
export async function approveWithKey(
  server: TestServer,
  user: HostedUser,
  clientId: string,
  pending: PendingRequest,
  options: DeliveryOptions = {},
): Promise<{ callbackUrl: string; jwe: string }> {
  const scheme = options.legacy ? SCHEMES.v1 : SCHEMES.v2;
  const jwe = await (options.encrypt ?? encryptToZkPub)(
    pending.zkPub,
    options.plaintext ?? JSON.stringify(keyDeliveryPayload(user, clientId, pending, scheme, options.alter)),
    options.typ ?? scheme.typ,
  );
  const approved = await finalize(server, user.signedIn, {
    request_id: pending.requestId,
    decision: 'approve',
    ...(options.legacy ? { drk_hash: jweHash(jwe) } : { zk_key_hash: jweHash(jwe) }),
  });
  expect(approved.status).toBe(200);
  return { callbackUrl: `${approved.json.redirect_uri as string}#${scheme.fragment}=${jwe}`, jwe };
}

/** The whole hosted-UI part in one call. */
export async function hostedSignIn(
  server: TestServer,
  user: HostedUser,
  clientId: string,
  authorizationUrl: URL,
  options: DeliveryOptions = {},
): Promise<{ callbackUrl: string; jwe: string }> {
  return approveWithKey(server, user, clientId, await openRequest(server, user, authorizationUrl), options);
}

/** Denies a pending request: the browser lands on the redirect URI with error=access_denied. */
export async function deny(server: TestServer, user: HostedUser, authorizationUrl: URL): Promise<string> {
  const pending = await openRequest(server, user, authorizationUrl);
  const denied = await finalize(server, user.signedIn, { request_id: pending.requestId, decision: 'deny' });
  expect(denied.status).toBe(200);
  return denied.json.redirect_uri as string;
}
