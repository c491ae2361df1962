import { describe, expect, it } from 'vitest';
import { firstPageWithItems, type KeysetPage } from './follow-empty-pages';

/** A listing of `pages` (each an array of items), keyed by the index of the page as its cursor. */
function listing(pages: string[][]) {
  const requested: string[] = [];
  const load = async (after: string): Promise<KeysetPage<string>> => {
    requested.push(after);
    const index = after === '' ? 0 : Number(after);
    return { users: pages[index]!, next_after: index + 1 < pages.length ? String(index + 1) : null };
  };
  return { load, requested };
}

describe('a listing whose pages can be empty before its end', () => {
  it('answers a page with items at once', async () => {
    const { load, requested } = listing([['a'], [], ['b']]);
    const { page, after } = await firstPageWithItems(load, '');
    expect(page.users).toEqual(['a']);
    expect(after).toBe('');
    expect(requested).toEqual(['']);
  });

  it('follows empty pages to the first that holds items, and says which cursor it came from', async () => {
    const { load, requested } = listing([[], [], [], ['c', 'd'], []]);
    const { page, after } = await firstPageWithItems(load, '');
    expect(page.users).toEqual(['c', 'd']);
    expect(page.next_after).toBe('4');
    expect(after).toBe('3');
    expect(requested).toEqual(['', '1', '2', '3']);
  });

  it('stops at the end of the listing with no items: a true "no match"', async () => {
    const { load } = listing([[], [], []]);
    const { page, after } = await firstPageWithItems(load, '');
    expect(page.users).toEqual([]);
    expect(page.next_after).toBeNull();
    expect(after).toBe('2');
  });

  it('gives up after its bound with an empty page that is not the last, so the pager can go on', async () => {
    const { load, requested } = listing([[], [], [], [], ['e']]);
    const { page, after } = await firstPageWithItems(load, '', 2);
    expect(page.users).toEqual([]);
    expect(page.next_after).toBe('3');
    expect(after).toBe('2');
    expect(requested).toHaveLength(3);
  });

  it('starts from the cursor it is given', async () => {
    const { load, requested } = listing([['a'], [], ['b']]);
    const { page } = await firstPageWithItems(load, '1');
    expect(page.users).toEqual(['b']);
    expect(requested).toEqual(['1', '2']);
  });
});
