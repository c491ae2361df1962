import type { ClientListPosition } from './service.js';

/**
 * The admin client list's cursor (`after`, `next_after`): the last listed client's name and id, the list's order
 * (docs/admin.md#daily-tasks), as base64url JSON. Callers treat it as opaque; it holds nothing they could not list.
 */
export function encodeListCursor(position: ClientListPosition): string {
  return Buffer.from(JSON.stringify([position.name, position.id])).toString('base64url');
}

/** The position a cursor names, or null when the text is not a cursor this list gave out. */
export function decodeListCursor(cursor: string): ClientListPosition | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return null;
  const [name, id] = decoded as unknown[];
  if (typeof name !== 'string' || typeof id !== 'string' || id === '') return null;
  // PostgreSQL text cannot hold NUL: such a position was never a row's.
  if (name.includes('\0') || id.includes('\0')) return null;
  return { name, id };
}
