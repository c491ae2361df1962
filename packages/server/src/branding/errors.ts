import { defineErrors } from '../app/errors.js';

/** The branding slice's error codes, each with its one status (docs/branding.md). */
const BRANDING_ERRORS = {
  image_too_large: 413,
  /** 415 for every upload whose bytes are not a raster image of the declared type (RFC 9110 §15.5.16). */
  unsupported_image_type: 415,
  image_type_mismatch: 415,
  image_empty: 415,
  /** A custom stylesheet that could load remote resources or hide what it does. */
  unsafe_stylesheet: 400,
} as const;
type BrandingErrorStatuses = typeof BRANDING_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends BrandingErrorStatuses {}
}

export type BrandingErrorCode = keyof BrandingErrorStatuses;

/** `brandingError('code', 'message')`: an ApiError with the code's status. */
export const brandingError = defineErrors(BRANDING_ERRORS);
