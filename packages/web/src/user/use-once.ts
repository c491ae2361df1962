import { useEffect, useState } from 'react';

export type OnceState<T> =
  | { state: 'pending' }
  | { state: 'done'; value: T }
  | { state: 'failed'; error: unknown };

// Single-use actions (consuming an emailed token) must run once per page load, even when React runs an effect
// twice (StrictMode in development) or the component remounts: the promise is remembered by key.
const started = new Map<string, Promise<unknown>>();

/** Runs `action` once per `key` for the life of the page and reports how it went; a null key runs nothing. */
export function useOnce<T>(key: string | null, action: () => Promise<T>): OnceState<T> {
  const [result, setResult] = useState<OnceState<T>>({ state: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the action.
  useEffect(() => {
    if (key === null) return;
    let current = true;
    let promise = started.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = action();
      started.set(key, promise);
    }
    promise.then(
      (value) => {
        if (current) setResult({ state: 'done', value });
      },
      (error: unknown) => {
        if (current) setResult({ state: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return result;
}
