import { createHash } from 'node:crypto';

/** Largest icon accepted: plenty for a 512×512 PNG, small enough to keep in a database row. */
export const MAX_ICON_BYTES = 256 * 1024;

/**
 * Raster formats a browser renders as a plain image, each with the magic bytes that open such a file. SVG is never
 * accepted: it is a document that can carry script.
 */
const SIGNATURES = {
  'image/png': (bytes: Buffer) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes: Buffer) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/gif': (bytes: Buffer) =>
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    bytes.subarray(0, 6).toString('latin1') === 'GIF89a',
  // RIFF container: "RIFF", 4 length bytes, then "WEBP".
  'image/webp': (bytes: Buffer) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
} as const;

export type IconContentType = keyof typeof SIGNATURES;
export const ICON_CONTENT_TYPES = Object.keys(SIGNATURES) as IconContentType[];

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

export class IconValidationError extends Error {
  override name = 'IconValidationError';
  constructor(
    readonly code: 'unsupported_icon_type' | 'icon_type_mismatch' | 'icon_empty' | 'icon_too_large',
    message: string,
  ) {
    super(message);
  }
}

/** The media type without parameters, lower-cased (`image/PNG; x=y` → `image/png`). */
export function bareMediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Checks an upload: an allowed raster type whose magic bytes agree with the declared type, within the size limit. */
export function validateIcon(declaredType: string, bytes: Buffer): IconContentType {
  const type = bareMediaType(declaredType);
  if (!(type in SIGNATURES)) {
    throw new IconValidationError(
      'unsupported_icon_type',
      `icons must be PNG, JPEG, WebP or GIF${type === 'image/svg+xml' ? ' (SVG is refused: it can carry script)' : ''}`,
    );
  }
  if (bytes.length === 0) throw new IconValidationError('icon_empty', 'the icon is empty');
  if (bytes.length > MAX_ICON_BYTES) {
    throw new IconValidationError('icon_too_large', `icons may be at most ${MAX_ICON_BYTES / 1024} KiB`);
  }
  if (!SIGNATURES[type as IconContentType](bytes)) {
    throw new IconValidationError('icon_type_mismatch', `the file's content is not ${type} as declared`);
  }
  return type as IconContentType;
}

/** The strong validator of an icon (RFC 9110 §8.8.3), without the quotes. */
export function iconEtag(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * The icon's same-origin URL on the public port. The version query changes with the bytes, so a browser that cached
 * an older icon for a long time fetches the new one at once.
 */
export function publicIconPath(clientId: string, etag: string): string {
  return `/api/user/clients/${encodeURIComponent(clientId)}/icon?v=${iconVersion(etag)}`;
}

/** A short, URL-safe version of the icon's bytes (a prefix of the base64url SHA-256: 96 bits). */
export function iconVersion(etag: string): string {
  return etag.slice(0, 16);
}
