/**
 * The hosted UI's checks before anything is sent: the rules both apps share (`shared/validation.ts`) in this UI's
 * wording (it speaks to the account's owner), and its own (the display name).
 */
import { emailError as sharedEmailError } from '../shared/validation';

export { focusFirstInvalid, newPasswordError } from '../shared/validation';

export function emailError(value: string): string | undefined {
  return sharedEmailError(value, 'Enter your email address.');
}

export function currentPasswordError(value: string): string | undefined {
  return value === '' ? 'Enter your password.' : undefined;
}

export function nameError(value: string): string | undefined {
  if (value.trim().length > 200) return 'Use at most 200 characters.';
  return undefined;
}
