import type { Bytes } from './bytes';
import { concatBytes, uint32BigEndian, utf8, wipe } from './bytes';
import { sha256 } from './hash';

/**
 * The Concat KDF of NIST SP 800-56A §5.8.1 with SHA-256, as JWE's ECDH-ES uses it (RFC 7518 §4.6.2). WebCrypto
 * has no Concat KDF, so it is written out: OtherInfo = AlgorithmID || PartyUInfo || PartyVInfo || SuppPubInfo,
 * the first three each a 32-bit big-endian length then the bytes; SuppPubInfo = keydatalen in bits, 32-bit big
 * endian; SuppPrivInfo empty. For direct key agreement AlgorithmID is the `enc` value (§4.6.2).
 */
export async function concatKdf(
  sharedSecret: Bytes,
  algorithmId: string,
  partyUInfo: Bytes,
  partyVInfo: Bytes,
  keyDataLengthBits: number,
): Promise<Bytes> {
  if (keyDataLengthBits <= 0 || keyDataLengthBits % 8 !== 0)
    throw new RangeError('key length in whole bytes');
  const algorithm = utf8(algorithmId);
  const otherInfo = concatBytes(
    uint32BigEndian(algorithm.length),
    algorithm,
    uint32BigEndian(partyUInfo.length),
    partyUInfo,
    uint32BigEndian(partyVInfo.length),
    partyVInfo,
    uint32BigEndian(keyDataLengthBits),
  );
  const rounds = Math.ceil(keyDataLengthBits / 256);
  const blocks: Bytes[] = [];
  for (let counter = 1; counter <= rounds; counter++) {
    blocks.push(await sha256(concatBytes(uint32BigEndian(counter), sharedSecret, otherInfo)));
  }
  const derived = concatBytes(...blocks);
  const key = derived.slice(0, keyDataLengthBits / 8);
  wipe(derived);
  for (const block of blocks) wipe(block);
  return key;
}
