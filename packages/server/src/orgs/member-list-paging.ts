import { Type } from 'typebox';
import { CursorParameter, decodeCursorKey, encodeCursor, pageLimitParameter } from '../app/ports/keyset.js';
import type { MemberListPosition } from './store.js';

/**
 * Paging of an organization's member list, on both ports (app/ports/keyset.ts): by address (an invitation's
 * invited address), then member id, so that a page costs the same in an organization of ten members or of a
 * hundred thousand.
 */
const MEMBERS_LISTING = 'organization-members';
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** The query of a member list request. */
export const MemberListQuery = Type.Object({
  after: Type.Optional(CursorParameter),
  limit: Type.Optional(pageLimitParameter('Members', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
});

/** The page a member list request asks for; `invalid_cursor` (400) for a cursor the list did not hand out. */
export function memberListPage(query: { after?: string; limit?: number }): {
  after?: MemberListPosition;
  limit: number;
} {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  if (query.after === undefined) return { limit };
  const [key, id] = decodeCursorKey(MEMBERS_LISTING, query.after, 2);
  return { after: { key: key!, id: id! }, limit };
}

/** The cursor of the page after `next`, or null on the last page. */
export function memberListNextAfter(next: MemberListPosition | null): string | null {
  return next === null ? null : encodeCursor(MEMBERS_LISTING, next.key, next.id);
}
