/**
 * ECDSA signatures in the two encodings JOSE and OpenSSL use: JWS wants the raw `r || s` pair, each left-padded to
 * the curve's size (RFC 7518 §3.4); OpenSSL produces and expects a DER `SEQUENCE { INTEGER r, INTEGER s }`
 * (RFC 3279 §2.2.3). Node can convert itself (`dsaEncoding: 'ieee-p1363'`), but on Node 24 (OpenSSL 3.5) that
 * option adds about 20 µs to every signature and verification, more than half the cost of an ES256 signature;
 * converting here costs well under a microsecond.
 */

const SEQUENCE = 0x30;
const INTEGER = 0x02;

export class EcdsaSignatureError extends Error {
  override name = 'EcdsaSignatureError';
}

/** Reads a DER length at `offset`: short form, or long form of up to two bytes (enough for every curve). */
function readLength(der: Buffer, offset: number): { length: number; next: number } {
  const first = der[offset];
  if (first === undefined) throw new EcdsaSignatureError('truncated DER');
  if (first < 0x80) return { length: first, next: offset + 1 };
  const bytes = first & 0x7f;
  if (bytes < 1 || bytes > 2 || offset + 1 + bytes > der.length)
    throw new EcdsaSignatureError('bad DER length');
  let length = 0;
  for (let index = 0; index < bytes; index += 1) length = (length << 8) | (der[offset + 1 + index] as number);
  return { length, next: offset + 1 + bytes };
}

function writeLength(length: number): number[] {
  return length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
}

/** Copies a DER INTEGER's magnitude right-aligned into `target` (leading zero bytes dropped). */
function readInteger(der: Buffer, offset: number, target: Buffer): number {
  if (der[offset] !== INTEGER) throw new EcdsaSignatureError('expected an INTEGER');
  const { length, next } = readLength(der, offset + 1);
  const end = next + length;
  if (length === 0 || end > der.length) throw new EcdsaSignatureError('bad INTEGER');
  let start = next;
  while (start < end - 1 && der[start] === 0) start += 1;
  if (end - start > target.length) throw new EcdsaSignatureError('INTEGER too large for the curve');
  der.copy(target, target.length - (end - start), start, end);
  return end;
}

/** DER (OpenSSL) → raw `r || s` of `size` bytes each (JWS). */
export function derToJose(der: Buffer, size: number): Buffer {
  if (der[0] !== SEQUENCE) throw new EcdsaSignatureError('expected a SEQUENCE');
  const { length, next } = readLength(der, 1);
  if (next + length !== der.length) throw new EcdsaSignatureError('bad SEQUENCE length');
  const raw = Buffer.alloc(2 * size);
  const afterR = readInteger(der, next, raw.subarray(0, size));
  const afterS = readInteger(der, afterR, raw.subarray(size));
  if (afterS !== der.length) throw new EcdsaSignatureError('trailing bytes');
  return raw;
}

/** The minimal DER INTEGER of an unsigned big-endian magnitude. */
function integer(magnitude: Buffer): number[] {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const bytes = [...magnitude.subarray(start)];
  // A set high bit would read as negative: DER puts a zero byte in front.
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return [INTEGER, ...writeLength(bytes.length), ...bytes];
}

/** Raw `r || s` (JWS) → DER (OpenSSL). A raw signature of the wrong length is refused. */
export function joseToDer(raw: Buffer, size: number): Buffer {
  if (raw.length !== 2 * size) throw new EcdsaSignatureError('wrong signature length');
  const body = [...integer(raw.subarray(0, size)), ...integer(raw.subarray(size))];
  return Buffer.from([SEQUENCE, ...writeLength(body.length), ...body]);
}
