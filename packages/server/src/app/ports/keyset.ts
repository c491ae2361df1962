import { Type } from 'typebox';
import { appError } from '../errors.js';

/**
 * Keyset paging for the admin listings (docs/performance.md#query-plans): a page is "the next `limit` rows after
 * this key, in key order", which an index answers by reading those rows alone, however deep the page; an offset
 * makes the database read and discard every row before it.
 *
 * The cursor is opaque to callers: base64url (RFC 4648 §5) of a JSON array naming the listing and the last key of
 * the previous page, so that a cursor of one listing handed to another, or a value the server never gave out, is
 * refused with `invalid_cursor` rather than quietly paging from somewhere else.
 */
export const CursorParameter = Type.String({
  minLength: 1,
  maxLength: 1400,
  description: 'Continue after this cursor: the `next_after` of the previous page',
});

/** A listing's `limit`: how many `rows` (named in the description) a page holds, `max` at most. */
export function pageLimitParameter(rows: string, defaultSize: number, max: number) {
  return Type.Integer({
    minimum: 1,
    maximum: max,
    default: defaultSize,
    description: `${rows} on this page`,
  });
}

/** The answer's `next_after`: the cursor of the next page, null on the last. */
export const NextAfterField = Type.Union([Type.String(), Type.Null()], {
  description: 'Where the next page starts (pass it as after=), or null on the last page',
});

/**
 * The cursor that continues a listing after the row whose sort key is `key`: one value (an address, a slug) or
 * several, in the listing's order (a client list's name, then id).
 */
export function encodeCursor(listing: string, ...key: string[]): string {
  return Buffer.from(JSON.stringify([listing, ...key]), 'utf8').toString('base64url');
}

/** The one-value key a cursor of `listing` continues after; `invalid_cursor` (400) for anything else. */
export function decodeCursor(listing: string, cursor: string): string {
  return decodeCursorKey(listing, cursor, 1)[0]!;
}

/**
 * The `parts` values of the key a cursor of `listing` continues after; `invalid_cursor` (400) for anything else,
 * including a key no row could have (a NUL, which PostgreSQL text cannot hold, or an empty last value).
 */
export function decodeCursorKey(listing: string, cursor: string, parts: number): string[] {
  const refused = () =>
    appError(
      'invalid_cursor',
      `after is not a cursor of this listing: pass the next_after of its previous page`,
    );
  const bytes = Buffer.from(cursor, 'base64url');
  // Node decodes base64url leniently (skipping what is not of its alphabet): only the canonical form is ours.
  if (bytes.toString('base64url') !== cursor) throw refused();
  let decoded: unknown;
  try {
    decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw refused();
  }
  if (!Array.isArray(decoded) || decoded.length !== parts + 1 || decoded[0] !== listing) throw refused();
  const key = decoded.slice(1) as unknown[];
  if (!key.every((value): value is string => typeof value === 'string' && !value.includes('\0')))
    throw refused();
  if (key[key.length - 1] === '') throw refused();
  return key;
}
