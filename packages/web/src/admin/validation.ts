/**
 * Checks made before anything is sent, so mistakes are explained next to the field (WCAG 3.3.1, 3.3.3). The
 * server checks again; these only mirror its rules.
 */

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Enter an email address.';
  if (email.length > 320 || email.length < 3 || !EMAIL.test(email))
    return 'Enter an email address like name@example.com.';
  return undefined;
}

/** The server never sees a password, so it cannot enforce a length: the page is the only place that can. */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1000;

export function newPasswordError(value: string): string | undefined {
  if (value === '') return 'Choose a password.';
  if (value.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong password.`;
  if (value.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words are easy to remember and hard to guess.`;

export function currentPasswordError(value: string): string | undefined {
  return value === '' ? 'Enter the password.' : undefined;
}

/** An absolute https URL (or http on loopback, as the server allows for development). */
export function httpsUrlError(value: string, what = 'URL'): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `Enter a full ${what}, like https://id.example.com.`;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return `Use an https ${what} (http only for localhost).`;
  return undefined;
}

/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  // After React has rendered the error state.
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
