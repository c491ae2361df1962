import { navigate, toBrowserPath } from '../shared/router';

/** The admin portal is served at the root of the admin port. */
export const ADMIN_BASE = '/';

/** Navigates in-app to an app path (`/clients`, `/users?query=…`). */
export function goTo(appPath: string, options: { replace?: boolean } = {}): void {
  navigate(toBrowserPath(appPath, ADMIN_BASE), options);
}

/** A path with query parameters; parameters left null or undefined (or empty) are not added. */
export function withQuery(
  path: string,
  parameters: Record<string, string | number | null | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
