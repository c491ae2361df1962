import { Type } from 'typebox';
import { CursorParameter, decodeCursor, encodeCursor, pageLimitParameter } from '../app/ports/keyset.js';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/**
 * Paging of one of an organization's lists by keyset, on both ports (app/ports/keyset.ts): the query a request
 * takes, the page it asks for (`invalid_cursor`, 400, for a cursor this list did not hand out) and the cursor of
 * the page after an entry. The cursor names the last entry of the page, a member or an invitation by its id, never
 * its address: the reduced member view shows no addresses, and its cursor must not either.
 */
function organizationListPaging(listing: string, what: string) {
  return {
    query: Type.Object({
      after: Type.Optional(CursorParameter),
      limit: Type.Optional(pageLimitParameter(what, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
    }),
    page(query: { after?: string; limit?: number }): { afterId?: string; limit: number } {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      return query.after === undefined ? { limit } : { afterId: decodeCursor(listing, query.after), limit };
    },
    /** The cursor of the page after the entry `nextId`, or null on the last page. */
    nextAfter(nextId: string | null): string | null {
      return nextId === null ? null : encodeCursor(listing, nextId);
    },
  };
}

/**
 * The member list: by address (an invitation's invited address), then member id, so that a page costs the same in
 * an organization of ten members or of a hundred thousand.
 */
export const memberListPaging = organizationListPaging('organization-members', 'Members');

/**
 * The pending invitations: by invited address (unique among an organization's invitations), one range of
 * organization_members_invite_email_idx however many members the organization has.
 */
export const inviteListPaging = organizationListPaging('organization-invites', 'Invitations');
