import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { ENVELOPE_KDF_INFO, type EnvelopeType } from '../keys/formats.js';
import type { EnvelopeInput } from '../keys/model.js';
import { type SignedIn, signInUser } from './oauth.js';
import { passwordRegistration } from './opaque-client.js';
import type { TestServer } from './server.js';

/**
 * What the hosted UI will do in the browser (docs/zk.md §2-3), done here with node:crypto so tests send the server
 * exactly what a browser would: real envelopes of a real account root key, never the key itself.
 */

const json = (parts: (string | number | null)[]) => Buffer.from(JSON.stringify(parts), 'utf8');
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer | string) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info) : info, 32));

export interface TestAccountKey {
  userId: string;
  /** The account root key: stays in the test, as it stays in the browser. */
  ark: Buffer;
  keyId: string;
  keyCheck: string;
}

export function newAccountKey(
  userId: string,
  keyId: string = randomUUID(),
  ark = randomBytes(32),
): TestAccountKey {
  const keyCheck = hkdf(ark, Buffer.alloc(0), json(['tessera/zk/v2/key-check', userId, keyId])).toString(
    'base64url',
  );
  return { userId, ark, keyId, keyCheck };
}

/** The secret that opens an envelope: an export key, a recovery key, a PRF output or a device key. */
export interface WrappedEnvelope {
  input: EnvelopeInput;
  secret: Buffer;
}

const aad = (key: TestAccountKey, id: string, type: EnvelopeType, version: number) =>
  json(['tessera/zk/v2/envelope', key.userId, id, type, key.keyId, version]);

/** Wraps the account root key for keybag `version` in a fresh envelope of `type`. */
export function wrapEnvelope(
  key: TestAccountKey,
  version: number,
  type: EnvelopeType = 'recovery_key',
  options: { label?: string; secret?: Buffer } = {},
): WrappedEnvelope {
  const id: string = randomUUID();
  const secret = options.secret ?? randomBytes(type === 'password' ? 64 : 32);
  const info = ENVELOPE_KDF_INFO[type];
  const kdfSalt = randomBytes(32);
  const envelopeKey = info === null ? secret : hkdf(secret, kdfSalt, info);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', envelopeKey, nonce);
  cipher.setAAD(aad(key, id, type, version));
  const ciphertext = Buffer.concat([nonce, cipher.update(key.ark), cipher.final(), cipher.getAuthTag()]);
  const input: EnvelopeInput = {
    id,
    type,
    scheme: 2,
    alg: 'A256GCM',
    kdf: info === null ? 'none' : 'HKDF-SHA-256',
    ciphertext: ciphertext.toString('base64url'),
    label: options.label ?? `${type} envelope`,
  };
  if (info !== null) {
    input.kdf_salt = kdfSalt.toString('base64url');
    input.kdf_info = info;
  }
  if (type === 'passkey_prf') {
    input.credential_id = randomBytes(32).toString('base64url');
    input.prf_salt = randomBytes(32).toString('base64url');
  }
  if (type === 'trusted_device') input.device_id = randomUUID();
  return { input, secret };
}

/** Opens an envelope as the browser would, checking the AAD binding and then the key check. */
export function unwrapEnvelope(
  envelope: { id: string; type: string; kdf_salt: string | null; ciphertext: string },
  secret: Buffer,
  keybag: { userId: string; keyId: string; version: number; keyCheck: string },
): Buffer {
  const info = ENVELOPE_KDF_INFO[envelope.type as EnvelopeType];
  const envelopeKey =
    info === null ? secret : hkdf(secret, Buffer.from(envelope.kdf_salt ?? '', 'base64url'), info);
  const bytes = Buffer.from(envelope.ciphertext, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', envelopeKey, bytes.subarray(0, 12));
  decipher.setAAD(
    json(['tessera/zk/v2/envelope', keybag.userId, envelope.id, envelope.type, keybag.keyId, keybag.version]),
  );
  decipher.setAuthTag(bytes.subarray(44));
  const ark = Buffer.concat([decipher.update(bytes.subarray(12, 44)), decipher.final()]);
  if (newAccountKey(keybag.userId, keybag.keyId, ark).keyCheck !== keybag.keyCheck) {
    throw new Error('the unwrapped key does not match the key check');
  }
  return ark;
}

/** The body of POST /crypto/keybag/account-key with a password and a recovery-key envelope. */
export function accountKeyBody(key: TestAccountKey, types: EnvelopeType[] = ['password', 'recovery_key']) {
  const envelopes = types.map((type) => wrapEnvelope(key, 1, type));
  return {
    body: { key_id: key.keyId, key_check: key.keyCheck, envelopes: envelopes.map((e) => e.input) },
    envelopes,
  };
}

/**
 * Gives an account a password (a real OPAQUE record, as an admin setting one would): a password envelope is only
 * accepted for an account that has one (docs/zk.md §3.1).
 */
export async function givePassword(
  server: TestServer,
  user: { id: string; email: string },
  password = 'key custody password 1',
): Promise<void> {
  const { registrationRecord } = await passwordRegistration(server, user, password, 'admin_set');
  await server.context.accounts.passwords.setRecord(user.id, registrationRecord);
}

/** `signInUser` for a new account that has a password, so its keybag may hold a password envelope. */
export async function signInWithPassword(
  server: TestServer,
  options: Parameters<typeof signInUser>[1] = {},
): Promise<SignedIn> {
  const signedIn = await signInUser(server, options);
  await givePassword(server, signedIn.user);
  return signedIn;
}
