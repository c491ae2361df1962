import { type Filter, parse } from 'scim2-parse-filter';
import { invalidFilter } from './errors.js';

/** One `eq` test the store can run as SQL; a filter is a conjunction (`and`) of them. */
export type UserComparison =
  | { attribute: 'id' | 'userName' | 'externalId' | 'displayName'; value: string }
  | { attribute: 'active'; value: boolean }
  | { attribute: 'email'; type: string | null; value: string };
export type GroupComparison = { attribute: 'id' | 'externalId' | 'displayName'; value: string };

const MAX_FILTER_LENGTH = 1000;
const MAX_COMPARISONS = 10;

const USER_ATTRIBUTES: Record<string, UserComparison['attribute']> = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  active: 'active',
  'emails.value': 'email',
};
const GROUP_ATTRIBUTES: Record<string, GroupComparison['attribute']> = {
  id: 'id',
  externalid: 'externalId',
  displayname: 'displayName',
};

const CORE_USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const CORE_GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:group:';

/**
 * Parses a `filter` (RFC 7644 §3.4.2.2) with scim2-parse-filter and keeps what we support: `eq` on the attributes of
 * docs/scim.md#protocol, `emails[type eq "work"].value eq "..."` (Entra's uniqueness filter) and
 * `emails.value eq`, joined by `and`. Attribute names are case-insensitive (RFC 7643 §2.1) and may carry
 * their schema URN. Anything else is a 400 invalidFilter rather than a silently wider or narrower result.
 */
function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter('the filter is too long');
  try {
    return parse(text);
  } catch {
    throw invalidFilter('the filter is not valid SCIM filter syntax (RFC 7644 §3.4.2.2)');
  }
}

function conjunction(filter: Filter): Filter[] {
  if (filter.op === 'and') return filter.filters.flatMap(conjunction);
  return [filter];
}

function attributeKey(path: string, urn: string): string {
  const lower = path.toLowerCase();
  return lower.startsWith(urn) ? lower.slice(urn.length) : lower;
}

function unsupported(): never {
  throw invalidFilter(
    'unsupported filter: only eq on id, userName, externalId, displayName, active and emails (Users) or id, externalId, displayName (Groups), joined by and',
  );
}

function stringValue(value: unknown): string {
  if (typeof value !== 'string') throw invalidFilter('this attribute is compared with a string');
  return value;
}

export function parseUserFilter(text: string): UserComparison[] {
  const parts = conjunction(parseFilter(text));
  if (parts.length > MAX_COMPARISONS) throw invalidFilter('too many comparisons in the filter');
  const comparisons: UserComparison[] = [];
  // scim2-parse-filter reads `emails[type eq "work"].value eq "x"` as `emails[type eq "work"] and emails.value eq "x"`:
  // the value filter then narrows the email comparison that follows it.
  let emailType: string | null = null;
  for (const part of parts) {
    if (part.op === '[]') {
      const inner = part.valFilter;
      if (
        part.attrPath.toLowerCase() !== 'emails' ||
        inner.op !== 'eq' ||
        inner.attrPath.toLowerCase() !== 'type'
      )
        unsupported();
      emailType = stringValue(inner.compValue).toLowerCase();
      continue;
    }
    if (part.op !== 'eq') unsupported();
    const attribute = USER_ATTRIBUTES[attributeKey(part.attrPath, CORE_USER_URN)];
    if (!attribute) unsupported();
    if (attribute === 'active') {
      // Booleans as JSON literals; Entra and others also send them as strings.
      const value = part.compValue;
      const flag = typeof value === 'boolean' ? value : parseBooleanText(value);
      if (flag === null) throw invalidFilter('active is compared with true or false');
      comparisons.push({ attribute, value: flag });
    } else if (attribute === 'email') {
      comparisons.push({ attribute, type: emailType, value: stringValue(part.compValue) });
      emailType = null;
    } else {
      comparisons.push({ attribute, value: stringValue(part.compValue) });
    }
  }
  if (emailType !== null) unsupported();
  return comparisons;
}

export function parseGroupFilter(text: string): GroupComparison[] {
  const parts = conjunction(parseFilter(text));
  if (parts.length > MAX_COMPARISONS) throw invalidFilter('too many comparisons in the filter');
  return parts.map((part) => {
    if (part.op !== 'eq') unsupported();
    const attribute = GROUP_ATTRIBUTES[attributeKey(part.attrPath, CORE_GROUP_URN)];
    if (!attribute) unsupported();
    return { attribute, value: stringValue(part.compValue) };
  });
}

/** `true`/`false` in any case ("False" is what Entra ID sends), or null for anything else. */
export function parseBooleanText(value: unknown): boolean | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return null;
}
