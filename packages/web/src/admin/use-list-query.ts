import { useRouter } from '../shared/router';

/**
 * What a searchable, paged list keeps in its address (so Back, reloads and links restore it): the search
 * (`?query=`), the first row shown (`?offset=`), and the name of what was just deleted (`?deleted=`, for a notice).
 */
export function useListQuery(): { query: string; offset: number; deleted: string | null } {
  const { searchParams } = useRouter();
  return {
    query: searchParams.get('query') ?? '',
    offset: Math.max(0, Number.parseInt(searchParams.get('offset') ?? '0', 10) || 0),
    deleted: searchParams.get('deleted'),
  };
}
