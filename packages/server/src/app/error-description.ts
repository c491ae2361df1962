/** Characters RFC 6749 §5.2 and §4.1.2.1 allow in error_description: %x20-21 / %x23-5B / %x5D-7E. */
const OUTSIDE_DESCRIPTION_CHARSET = /[^\x20\x21\x23-\x5B\x5D-\x7E]/g;

/** Long enough for any description we write; short enough that a quoted input cannot bloat a redirect URL. */
export const MAX_ERROR_DESCRIPTION_LENGTH = 300;

/**
 * The one error_description sanitiser, used by every OAuth error rendering: the JSON body (RFC 6749 §5.2), the
 * redirect to the client (§4.1.2.1) and the WWW-Authenticate challenge (RFC 6750 §3, where the same charset keeps
 * the quoted-string free of `"` and `\`). Descriptions may quote request input (a grant type, a scope, a prompt
 * value), so every character outside the charset is replaced with `?` and the length is bounded, a cut marked
 * with `...`.
 */
export function sanitizeErrorDescription(description: string): string {
  const safe = description.replace(OUTSIDE_DESCRIPTION_CHARSET, '?');
  return safe.length <= MAX_ERROR_DESCRIPTION_LENGTH
    ? safe
    : `${safe.slice(0, MAX_ERROR_DESCRIPTION_LENGTH - 3)}...`;
}
