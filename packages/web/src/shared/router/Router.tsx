import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { getHistorySnapshot, subscribeToHistory } from './history';
import { toAppPath } from './paths';
import { RouterContext, type RouterState } from './router-context';

export interface Route {
  /** The app path, exact match, e.g. `/` or `/account`. */
  path: string;
  render: () => ReactNode;
}

/**
 * A tiny History-API router: exact path matches under a base, and a fallback page for everything else.
 * The server answers every path under the base with the same index.html, so any route can be loaded directly.
 */
export function Router({
  base,
  routes,
  notFound,
}: {
  base: string;
  routes: Route[];
  notFound: () => ReactNode;
}) {
  const { href, navigations } = useSyncExternalStore(subscribeToHistory, getHistorySnapshot);
  const state = useMemo<RouterState>(() => {
    const url = new URL(href);
    return { base, path: toAppPath(url.pathname, base), searchParams: url.searchParams, navigations };
  }, [base, href, navigations]);
  const route = routes.find((candidate) => candidate.path === state.path);
  return <RouterContext.Provider value={state}>{route ? route.render() : notFound()}</RouterContext.Provider>;
}
