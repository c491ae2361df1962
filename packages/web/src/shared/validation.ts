/**
 * The checks both apps make before anything is sent, so mistakes are explained next to the field (WCAG 3.3.1,
 * 3.3.3). The server checks again; these only mirror its rules. Where the apps word a message differently (the
 * portal speaks of "an email address", the hosted UI of "your email address"), each app's `validation.ts` passes
 * its own wording in.
 */

import { flushSync } from 'react-dom';
import { formatMessage } from './i18n/format';
import { en } from './i18n/messages/en';
import { t } from './i18n/translator';

/** The server's own email rule: something@something, no spaces, 3 to 320 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** `whenEmpty` is the app's message for an empty field. */
export function emailError(value: string, whenEmpty: string): string | undefined {
  const email = value.trim();
  if (email === '') return whenEmpty;
  if (email.length > 320 || email.length < 3 || !EMAIL.test(email)) return t('validation.emailInvalid');
  return undefined;
}

/** The server never sees a password, so it cannot enforce a length: the page is the only place that can. */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1000;

export function newPasswordError(value: string): string | undefined {
  if (value === '') return t('validation.newPasswordEmpty');
  if (value.length < MIN_PASSWORD_LENGTH)
    return t('validation.newPasswordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (value.length > MAX_PASSWORD_LENGTH)
    return t('validation.newPasswordTooLong', { max: MAX_PASSWORD_LENGTH });
  return undefined;
}

/** The length rule as a field hint in English (the admin portal). */
export const NEW_PASSWORD_HINT = formatMessage('en', en['validation.newPasswordHint'], {
  min: MIN_PASSWORD_LENGTH,
});

/** The length rule as a field hint, in the language on screen. */
export function newPasswordHint(): string {
  return t('validation.newPasswordHint', { min: MIN_PASSWORD_LENGTH });
}

/** A password change: the new password follows the rules above and is not the current one again. */
export function replacementPasswordError(next: string, current: string): string | undefined {
  return newPasswordError(next) ?? (next === current ? t('validation.samePassword') : undefined);
}

/**
 * Shows the fields' messages (`render` sets the state that marks them) and moves focus to the first field marked
 * invalid, so keyboard and screen-reader users land on the problem. The messages are rendered at once and focus
 * moves in the same task: focus moved a frame later could land after the user has already moved on to another
 * field, and pull what they type next into the wrong one.
 */
export function showInvalidFields(form: HTMLElement | null, render: () => void): void {
  flushSync(render);
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
