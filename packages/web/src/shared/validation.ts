/**
 * The checks both apps make before anything is sent, so mistakes are explained next to the field (WCAG 3.3.1,
 * 3.3.3). The server checks again; these only mirror its rules. Where the apps word a message differently (the
 * portal speaks of "an email address", the hosted UI of "your email address"), each app's `validation.ts` passes
 * its own wording in.
 */

/** The server's own email rule: something@something, no spaces, 3 to 320 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** `whenEmpty` is the app's message for an empty field. */
export function emailError(value: string, whenEmpty: string): string | undefined {
  const email = value.trim();
  if (email === '') return whenEmpty;
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

/** A password change: the new password follows the rules above and is not the current one again. */
export function replacementPasswordError(next: string, current: string): string | undefined {
  return (
    newPasswordError(next) ??
    (next === current ? 'Choose a password different from the current one.' : undefined)
  );
}

/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  // After React has rendered the error state.
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
