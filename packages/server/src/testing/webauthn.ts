import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests, written from WebAuthn Level 3 §6 (authenticator data, §6.5.4
 * "none" attestation) and RFC 9052/9053 (COSE EC2 keys) over node:crypto P-256, so the server's ceremonies are
 * checked against an independent client: real signatures, real CBOR, nothing mocked in the library under test.
 */

// --- a minimal CBOR encoder (RFC 8949 §3): the types an attestation object and a COSE key need -------------------

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

// --- the authenticator --------------------------------------------------------------------------------------------

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  signCount: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** What a browser would put in clientDataJSON, with each field overridable for the negative tests. */
export interface ClientOverrides {
  origin?: string;
  /** Sign for another RP ID than the options name. */
  rpId?: string;
  type?: string;
  challenge?: string;
}

function clientData(type: string, challenge: string, origin: string, overrides: ClientOverrides): Buffer {
  return Buffer.from(
    JSON.stringify({
      type: overrides.type ?? type,
      challenge: overrides.challenge ?? challenge,
      origin: overrides.origin ?? origin,
      crossOrigin: false,
    }),
  );
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    private readonly origin: string,
    private readonly options: { userVerified?: boolean; prf?: boolean } = {},
  ) {}

  private flags(extra = 0): number {
    return FLAG_UP | (this.options.userVerified === false ? 0 : FLAG_UV) | extra;
  }

  /**
   * `navigator.credentials.create()` and `toJSON()`: a new P-256 credential with "none" attestation (or, with
   * `reuse`, an existing one again, as a broken client ignoring excludeCredentials would).
   */
  create(options: CreationOptions, overrides: ClientOverrides & { reuse?: SoftCredential } = {}) {
    const rpId = overrides.rpId ?? options.rp.id!;
    let credential = overrides.reuse;
    if (!credential) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      credential = {
        id: randomBytes(16),
        privateKey,
        publicKey,
        userHandle: options.user.id,
        rpId,
        signCount: 0,
      };
      this.credentials.push(credential);
    }
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID: zero, as "none" attestation allows
      idLength,
      credential.id,
      coseKey(credential.publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: this.options.prf ? { prf: { enabled: true } } : {},
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, this.origin, overrides)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * `navigator.credentials.get()` and `toJSON()` with `credential` (the first by default). `signCount` sets the
   * counter sent (a clone replays an old one); otherwise it increases by one.
   */
  get(
    options: RequestOptions,
    overrides: ClientOverrides & {
      credential?: SoftCredential;
      signCount?: number;
      bogusSignature?: boolean;
    } = {},
  ) {
    const credential = overrides.credential ?? this.credentials[0]!;
    const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
    credential.signCount = overrides.signCount ?? credential.signCount + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.signCount);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, this.origin, overrides);
    let signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    if (overrides.bogusSignature) signature = sign('sha256', randomBytes(32), credential.privateKey);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
