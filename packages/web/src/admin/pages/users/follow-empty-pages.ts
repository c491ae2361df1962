/** A page of a keyset listing: its items and the cursor of the page after it (null on the last page). */
export interface KeysetPage<Item> {
  users: Item[];
  next_after: string | null;
}

/**
 * How many pages a listing follows past empty ones before it shows what it has. A broad user search reads a bounded
 * stretch of addresses per page (docs/admin.md#finding-users), so its first matches can lie many empty pages in:
 * 200 pages of 5,000 addresses each cover a million users, each page a bounded request.
 */
export const MAX_EMPTY_PAGES_FOLLOWED = 200;

/**
 * Loads the page at `after` and, while it comes back empty but is not the last, the pages after it, so an admin
 * sees the first page that holds users (or the end of the listing) rather than a "no match" that is not true.
 * Returns that page and the cursor it was loaded from, which is where the browser's address should point.
 */
export async function firstPageWithItems<Item, Page extends KeysetPage<Item>>(
  load: (after: string) => Promise<Page>,
  after: string,
  maxFollowed = MAX_EMPTY_PAGES_FOLLOWED,
): Promise<{ page: Page; after: string }> {
  let cursor = after;
  let page = await load(cursor);
  let followed = 0;
  while (page.users.length === 0 && page.next_after !== null && followed < maxFollowed) {
    cursor = page.next_after;
    page = await load(cursor);
    followed += 1;
  }
  return { page, after: cursor };
}
