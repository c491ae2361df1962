import { navigate, toBrowserPath } from '../shared/router';

/** The hosted user UI is served by the server under /ui/ (every path there gets index.html). */
export const USER_UI_BASE = '/ui';

/** Navigates in-app to an app path (`/account`, `/authorize?request_id=…`). */
export function goTo(appPath: string, options: { replace?: boolean } = {}): void {
  navigate(toBrowserPath(appPath, USER_UI_BASE), options);
}

/** An app path with query parameters; parameters left null or undefined are not added. */
export function withQuery(appPath: string, parameters: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined) query.set(name, value);
  }
  const text = query.toString();
  return text ? `${appPath}?${text}` : appPath;
}

/** The query parameter naming the page of this UI that a sign-in (or registration) returns to afterwards. */
export const RETURN_TO = 'return_to';

/**
 * A `return_to` value, checked: the browser path of a page of this UI (`/ui/invite?token=…`), or null. Only a
 * same-origin path under `/ui/` is accepted, never an absolute or protocol-relative URL, so that a link cannot
 * send a freshly signed-in user to another site (an open redirect).
 */
export function safeReturnTo(value: string | null): string | null {
  if (!value?.startsWith(`${USER_UI_BASE}/`)) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  // Checked after parsing, as the browser will read it: dot segments resolved and backslashes taken as slashes, so
  // `/ui/../admin` or `/ui/\..\..\admin` is not under /ui/. The parsed form is what is returned and followed.
  if (url.origin !== window.location.origin || !url.pathname.startsWith(`${USER_UI_BASE}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The checked `return_to` of the current address. Every sign-in step (password, code, TOTP set-up) builds the
 * next step's address with it, so the page that sent the user to sign in is reached at the end.
 */
function returnToOfCurrentAddress(): string | null {
  return safeReturnTo(new URLSearchParams(window.location.search).get(RETURN_TO));
}

/** An app path (`/sign-in`, `/register`) whose sign-in returns to the page at `returnAppPath` afterwards. */
export function returningTo(appPath: string, returnAppPath: string): string {
  return withQuery(appPath, { [RETURN_TO]: toBrowserPath(returnAppPath, USER_UI_BASE) });
}

/**
 * Where the browser goes after signing in: back to the pending authorization, to the page that asked for the
 * sign-in (`return_to`), or to the account page.
 */
export function afterSignIn(requestId: string | null): string {
  if (requestId) return withQuery('/authorize', { request_id: requestId });
  const returnTo = returnToOfCurrentAddress();
  return returnTo ? returnTo.slice(USER_UI_BASE.length) : '/account';
}

/**
 * Where a sign-in goes once every step is done (password, then a code or a TOTP set-up): a password change the
 * administrator asked for comes first, then the pending authorization or the account page.
 */
export function afterSignInSteps(requestId: string | null, mustChangePassword: boolean): string {
  return mustChangePassword
    ? withQuery('/account', { must_change_password: '1', request_id: requestId })
    : afterSignIn(requestId);
}

/** The second step of a sign-in, keeping what the rest of the sign-in needs (the app's request, a forced change). */
export function secondStepPath(
  step: 'verify' | 'enroll',
  requestId: string | null,
  mustChangePassword: boolean,
): string {
  return withQuery(step === 'verify' ? '/sign-in/code' : '/account/security/setup', {
    request_id: requestId,
    must_change_password: mustChangePassword ? '1' : null,
    [RETURN_TO]: returnToOfCurrentAddress(),
  });
}

/**
 * Leaves the UI for an address the server gave us (an app's redirect URI); false, staying, when there is none (null:
 * a sign-in that did not approve the app's request) or it is unusable. Script-running schemes are refused even so:
 * the server is trusted, but a `javascript:` URL here would run in our origin.
 */
export function leaveTo(url: string | null): boolean {
  if (url === null) return false;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (['javascript:', 'data:', 'vbscript:', 'blob:'].includes(parsed.protocol)) return false;
  window.location.assign(parsed.href);
  return true;
}
