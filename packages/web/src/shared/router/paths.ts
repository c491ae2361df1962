/**
 * Maps between browser paths and app paths. An app mounted at base `/ui` sees `/ui/account` as `/account`;
 * the base itself (`/ui` or `/ui/`) is `/`. A trailing slash is not significant (`/account/` is `/account`).
 * Returns null for a path outside the base.
 */
export function toAppPath(pathname: string, base: string): string | null {
  const prefix = base.replace(/\/+$/, '');
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  return rest === '' ? '/' : rest;
}

/** The browser path for an app path (`/account` under `/ui` is `/ui/account`; `/` is `/ui/`). */
export function toBrowserPath(appPath: string, base: string): string {
  const prefix = base.replace(/\/+$/, '');
  return appPath === '/' ? `${prefix}/` : `${prefix}${appPath.startsWith('/') ? '' : '/'}${appPath}`;
}

/**
 * Matches an app path against a route pattern: literal segments exactly, `:name` segments against any one
 * non-empty segment (percent-decoded). Returns the named segments, or null when the path does not match.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  if (!pattern.includes(':')) return pattern === path ? {} : null;
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index++) {
    const want = expected[index]!;
    const got = actual[index]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null; // malformed percent-encoding: no page has this address
      }
    } else if (want !== got) return null;
  }
  return params;
}
