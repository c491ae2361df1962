import { createContext, useContext } from 'react';

export interface RouterState {
  /** Where the app is mounted, e.g. `/ui`. */
  base: string;
  /** The current path relative to the base, e.g. `/account` (null when outside the base). */
  path: string | null;
  searchParams: URLSearchParams;
  /** In-app navigations since the page loaded; 0 on the first render. */
  navigations: number;
  /** The `:name` segments of the matched route's path (empty when it has none). */
  params: Record<string, string>;
}

export const RouterContext = createContext<RouterState | null>(null);

export function useRouter(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('useRouter must be used inside <Router>');
  return state;
}
