import { useRouter } from '../shared/router';

/**
 * What a searchable, paged list keeps in its address (so Back, reloads and links restore it): the search
 * (`?query=`), where the page starts (`?after=`, the server's cursor: the previous page's `next_after`; empty for the
 * first page), and the name of what was just deleted (`?deleted=`, for a notice).
 */
export function useListQuery(): { query: string; after: string; deleted: string | null } {
  const { searchParams } = useRouter();
  return {
    query: searchParams.get('query') ?? '',
    after: searchParams.get('after') ?? '',
    deleted: searchParams.get('deleted'),
  };
}
