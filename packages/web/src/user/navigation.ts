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

/** Where the browser goes after signing in: back to the pending authorization, or to the account page. */
export function afterSignIn(requestId: string | null): string {
  return requestId ? withQuery('/authorize', { request_id: requestId }) : '/account';
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
  });
}

/**
 * Leaves the UI for an address the server gave us (an app's redirect URI). Script-running schemes are refused
 * even so: the server is trusted, but a `javascript:` URL here would run in our origin.
 */
export function leaveTo(url: string): boolean {
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
