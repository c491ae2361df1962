import {
  bareMediaType,
  bytesEtag,
  checkRasterImage,
  RASTER_IMAGE_TYPES,
  type RasterImageType,
} from '../app/uploaded-image.js';

/** Largest icon accepted: plenty for a 512×512 PNG, small enough to keep in a database row. */
export const MAX_ICON_BYTES = 256 * 1024;

export type IconContentType = RasterImageType;
export const ICON_CONTENT_TYPES = RASTER_IMAGE_TYPES;

export class IconValidationError extends Error {
  override name = 'IconValidationError';
  constructor(
    readonly code: 'unsupported_icon_type' | 'icon_type_mismatch' | 'icon_empty' | 'icon_too_large',
    message: string,
  ) {
    super(message);
  }
}

export { bareMediaType };

/** Checks an upload: an allowed raster type whose magic bytes agree with the declared type, within the size limit. */
export function validateIcon(declaredType: string, bytes: Buffer): IconContentType {
  const checked = checkRasterImage(declaredType, bytes, MAX_ICON_BYTES, 'icons');
  if ('type' in checked) return checked.type;
  const codes = {
    unsupported_type: 'unsupported_icon_type',
    type_mismatch: 'icon_type_mismatch',
    empty: 'icon_empty',
    too_large: 'icon_too_large',
  } as const;
  throw new IconValidationError(codes[checked.refusal], checked.message.replace('the image', 'the icon'));
}

/** The strong validator of an icon (RFC 9110 §8.8.3), without the quotes. */
export function iconEtag(bytes: Buffer): string {
  return bytesEtag(bytes);
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
