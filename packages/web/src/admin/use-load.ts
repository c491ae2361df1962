import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../shared/api';

export interface Loaded<T> {
  /** The last data loaded (kept while a reload runs, so tables do not flicker). */
  data: T | undefined;
  /** Why the last load failed; cleared by the next success. */
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data with what a mutation returned, without asking the server again. */
  setData: (data: T) => void;
}

/**
 * Loads data for a page when it opens and whenever `key` changes (a search, a page of results); a newer load
 * cancels an older one, so a slow answer never overwrites a newer one.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and generation are the reload triggers.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        setData(loaded);
        setError(null);
        setLoading(false);
      },
      (failed: unknown) => {
        if (controller.signal.aborted || (failed instanceof ApiError && failed.code === 'aborted')) return;
        setError(failed);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((number) => number + 1), []);
  return { data, error, loading, reload, setData };
}
