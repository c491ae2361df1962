import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * Raster formats a browser renders as a plain image, each with the magic bytes that open such a file. SVG is never
 * accepted: it is a document that can carry script. Client icons and branding images share these rules.
 */
export const RASTER_SIGNATURES = {
  'image/png': (bytes: Buffer) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes: Buffer) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/gif': (bytes: Buffer) =>
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    bytes.subarray(0, 6).toString('latin1') === 'GIF89a',
  // RIFF container: "RIFF", 4 length bytes, then "WEBP".
  'image/webp': (bytes: Buffer) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
} as const;

export type RasterImageType = keyof typeof RASTER_SIGNATURES;
export const RASTER_IMAGE_TYPES = Object.keys(RASTER_SIGNATURES) as RasterImageType[];

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

export type ImageRefusal = 'unsupported_type' | 'type_mismatch' | 'empty' | 'too_large';

/** The media type without parameters, lower-cased (`image/PNG; x=y` → `image/png`). */
export function bareMediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Checks an upload: an allowed raster type whose magic bytes agree with the declared type, within `maxBytes`.
 * Returns the type, or why it is refused with a message that names the thing (`icons`, `logos`).
 */
export function checkRasterImage(
  declaredType: string,
  bytes: Buffer,
  maxBytes: number,
  noun: string,
): { type: RasterImageType } | { refusal: ImageRefusal; message: string } {
  const type = bareMediaType(declaredType);
  if (!(type in RASTER_SIGNATURES)) {
    return {
      refusal: 'unsupported_type',
      message: `${noun} must be PNG, JPEG, WebP or GIF${type === 'image/svg+xml' ? ' (SVG is refused: it can carry script)' : ''}`,
    };
  }
  if (bytes.length === 0) return { refusal: 'empty', message: 'the image is empty' };
  if (bytes.length > maxBytes) {
    return { refusal: 'too_large', message: `${noun} may be at most ${maxBytes / 1024} KiB` };
  }
  if (!RASTER_SIGNATURES[type as RasterImageType](bytes)) {
    return { refusal: 'type_mismatch', message: `the file's content is not ${type} as declared` };
  }
  return { type: type as RasterImageType };
}

/** The strong validator of stored bytes (RFC 9110 §8.8.3), without the quotes. */
export function bytesEtag(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison, and `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === `"${etag}"`);
}

/**
 * A content-type parser that reads an upload's raw bytes, giving up as soon as it is larger than `maxBytes`: a
 * declared Content-Length is refused before reading, a chunked body once the limit is passed.
 */
export function rawBodyReader(maxBytes: number, tooLarge: () => Error) {
  return (
    request: FastifyRequest,
    payload: Readable,
    done: (error: Error | null, body?: Buffer) => void,
  ): void => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      done(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      payload.removeAllListeners('data');
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish(tooLarge());
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error) => finish(error));
  };
}
