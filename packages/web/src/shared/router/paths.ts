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
