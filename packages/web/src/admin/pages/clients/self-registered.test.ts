import { describe, expect, it } from 'vitest';
import { type RegistrationsPage, selfRegisteredAmong } from './self-registered';

/** A registrations listing of `pages`, keyed by the index of the page as its cursor; records what was asked. */
function listing(pages: string[][]) {
  const asked: URLSearchParams[] = [];
  const load = async (query: URLSearchParams): Promise<RegistrationsPage> => {
    asked.push(query);
    const index = Number(query.get('after') ?? '0');
    return {
      registrations: pages[index]!.map((client_id) => ({ client_id })),
      next_after: index + 1 < pages.length ? String(index + 1) : null,
    };
  };
  return { load, asked };
}

describe('which clients of a page registered themselves', () => {
  it('asks for those clients only, as many as they are at once', async () => {
    const { load, asked } = listing([['b']]);
    expect(await selfRegisteredAmong(['a', 'b', 'c'], load)).toEqual(new Set(['b']));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.getAll('client_id')).toEqual(['a', 'b', 'c']);
    expect(asked[0]!.get('limit')).toBe('3');
    expect(asked[0]!.has('after')).toBe(false);
  });

  it('follows next_after to the last page', async () => {
    const { load, asked } = listing([['a'], ['b'], ['c']]);
    expect(await selfRegisteredAmong(['a', 'b', 'c'], load)).toEqual(new Set(['a', 'b', 'c']));
    expect(asked.map((query) => query.get('after'))).toEqual([null, '1', '2']);
    for (const query of asked) expect(query.getAll('client_id')).toEqual(['a', 'b', 'c']);
  });

  it('asks nothing for no clients', async () => {
    const { load, asked } = listing([['a']]);
    expect(await selfRegisteredAmong([], load)).toEqual(new Set());
    expect(asked).toHaveLength(0);
  });

  it('stops after as many pages as there are clients, however many the server says follow', async () => {
    const { load, asked } = listing([['a'], ['b'], ['c'], ['d'], ['e']]);
    expect(await selfRegisteredAmong(['a', 'b'], load)).toEqual(new Set(['a', 'b']));
    expect(asked).toHaveLength(2);
  });
});
