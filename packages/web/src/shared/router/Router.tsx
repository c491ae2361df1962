import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { getHistorySnapshot, subscribeToHistory } from './history';
import { matchPath, toAppPath } from './paths';
import { RouterContext, type RouterState } from './router-context';

export interface Route {
  /**
   * The app path, matched exactly, e.g. `/` or `/account`. A segment written `:name` matches any one non-empty
   * segment and is passed to the page as `params.name` (e.g. `/clients/:clientId`).
   */
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
  const { state, route } = useMemo(() => {
    const url = new URL(href);
    const path = toAppPath(url.pathname, base);
    let found: { route: Route; params: Record<string, string> } | null = null;
    for (const candidate of routes) {
      const params = path === null ? null : matchPath(candidate.path, path);
      if (params) {
        found = { route: candidate, params };
        break;
      }
    }
    const routerState: RouterState = {
      base,
      path,
      searchParams: url.searchParams,
      navigations,
      params: found?.params ?? {},
    };
    return { state: routerState, route: found?.route ?? null };
  }, [base, href, navigations, routes]);
  return <RouterContext.Provider value={state}>{route ? route.render() : notFound()}</RouterContext.Provider>;
}
