import { TesseraClientError, type TesseraErrorCode } from './errors.js';

/** Byte helpers on WebCrypto and the encodings the protocol uses (unpadded base64url, RFC 4648 §5). */

export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

export function encodeBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes unpadded base64url; anything else (padding, `+`, `/`, whitespace, a dangling character) is refused. */
export function decodeBase64url(text: string, what: string): Bytes {
  if (!BASE64URL.test(text) || text.length % 4 === 1) {
    throw new TesseraClientError('invalid_argument', `${what} is not base64url`);
  }
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function randomToken(bytes = 32): string {
  return encodeBase64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/** base64url(SHA-256(ASCII(text))): the PKCE S256 challenge (RFC 7636 §4.2) and the ZK key hash (docs/zk.md §5). */
export async function sha256Base64url(text: string): Promise<string> {
  return encodeBase64url(await sha256(utf8(text)));
}

/** Compares two strings without an early exit, so a hash comparison leaks no prefix length by timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = utf8(a);
  const right = utf8(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < left.length; index += 1) {
    difference |= (left[index] ?? 0) ^ (right[index % Math.max(right.length, 1)] ?? 0);
  }
  return difference === 0;
}

export function wipe(bytes: Uint8Array): void {
  bytes.fill(0);
}

/** Parses the JSON of a base64url segment (a JWT or JWE header or payload). */
export function decodeJsonSegment(
  segment: string,
  what: string,
  code: TesseraErrorCode = 'jwt_invalid',
): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64url(segment, what)));
  } catch {
    throw new TesseraClientError(code, `${what} is not base64url JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TesseraClientError(code, `${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}
