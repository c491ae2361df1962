import { Type } from 'typebox';
import { CursorParameter, decodeCursor, encodeCursor, pageLimitParameter } from '../app/ports/keyset.js';

/**
 * Paging of an organization's member list, on both ports (app/ports/keyset.ts): by address (an invitation's
 * invited address), then member id, so that a page costs the same in an organization of ten members or of a
 * hundred thousand. The cursor names the last member of the page, not its address: the reduced view shows no
 * addresses, and its cursor must not either.
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
  afterMemberId?: string;
  limit: number;
} {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return query.after === undefined
    ? { limit }
    : { afterMemberId: decodeCursor(MEMBERS_LISTING, query.after), limit };
}

/** The cursor of the page after the member `nextMemberId`, or null on the last page. */
export function memberListNextAfter(nextMemberId: string | null): string | null {
  return nextMemberId === null ? null : encodeCursor(MEMBERS_LISTING, nextMemberId);
}

/**
 * Paging of an organization's pending invitations, on both ports: by invited address (unique among an
 * organization's invitations), one range of organization_members_invite_email_idx however many members the
 * organization has. The cursor names the last invitation of the page, as the member list's does.
 */
const INVITES_LISTING = 'organization-invites';

/** The query of an invitation list request. */
export const InviteListQuery = Type.Object({
  after: Type.Optional(CursorParameter),
  limit: Type.Optional(pageLimitParameter('Invitations', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
});

/** The page an invitation list request asks for; `invalid_cursor` (400) for a cursor the list did not hand out. */
export function inviteListPage(query: { after?: string; limit?: number }): {
  afterInviteId?: string;
  limit: number;
} {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return query.after === undefined
    ? { limit }
    : { afterInviteId: decodeCursor(INVITES_LISTING, query.after), limit };
}

/** The cursor of the page after the invitation `nextInviteId`, or null on the last page. */
export function inviteListNextAfter(nextInviteId: string | null): string | null {
  return nextInviteId === null ? null : encodeCursor(INVITES_LISTING, nextInviteId);
}
