import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHash,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * Trusted-device approval as docs/zk.md §3.6 states it, done with node:crypto (independently of the browser
 * library), so tests send the server what the approving and the asking browser would.
 */

export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** The asking device's ephemeral key pair. */
export interface DeviceKeyPair {
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

export function newDeviceKeyPair(): DeviceKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };
}

/** RFC 7638 thumbprint. */
export function thumbprint(jwk: PublicJwk): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
}

function sharedSecret(privateKey: KeyObject, publicJwk: PublicJwk): Buffer {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url'));
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(publicJwk.x, 'base64url'),
    Buffer.from(publicJwk.y, 'base64url'),
  ]);
  return ecdh.computeSecret(point);
}

function binding(
  userId: string,
  approvalId: string,
  keyId: string,
  epk: PublicJwk,
  requestPub: PublicJwk,
): Buffer {
  return Buffer.from(
    JSON.stringify([
      'tessera/zk/v2/device-approval',
      userId,
      approvalId,
      keyId,
      thumbprint(epk),
      thumbprint(requestPub),
    ]),
  );
}

const wrapKey = (z: Buffer, info: Buffer) => Buffer.from(hkdfSync('sha256', z, Buffer.alloc(0), info, 32));

/** The approving device: the ARK wrapped to the request's public key (§3.6 step 4). */
export function approveBody(
  ark: Buffer,
  ids: { userId: string; approvalId: string; keyId: string },
  requestPub: PublicJwk,
): { epk: PublicJwk; key_id: string; ciphertext: string } {
  const ephemeral = newDeviceKeyPair();
  const info = binding(ids.userId, ids.approvalId, ids.keyId, ephemeral.publicJwk, requestPub);
  const nonce = randomBytes(12);
  const cipher = createCipheriv(
    'aes-256-gcm',
    wrapKey(sharedSecret(ephemeral.privateKey, requestPub), info),
    nonce,
  );
  cipher.setAAD(info);
  const ciphertext = Buffer.concat([nonce, cipher.update(ark), cipher.final(), cipher.getAuthTag()]);
  return { epk: ephemeral.publicJwk, key_id: ids.keyId, ciphertext: ciphertext.toString('base64url') };
}

/** The asking device: opens what it picked up (§3.6 step 5); throws when anything was changed. */
export function openApproval(
  device: DeviceKeyPair,
  ids: { userId: string; approvalId: string },
  picked: { epk: PublicJwk; key_id: string; ciphertext: string },
): Buffer {
  const info = binding(ids.userId, ids.approvalId, picked.key_id, picked.epk, device.publicJwk);
  const sealed = Buffer.from(picked.ciphertext, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    wrapKey(sharedSecret(device.privateKey, picked.epk), info),
    sealed.subarray(0, 12),
  );
  decipher.setAAD(info);
  decipher.setAuthTag(sealed.subarray(44));
  return Buffer.concat([decipher.update(sealed.subarray(12, 44)), decipher.final()]);
}
