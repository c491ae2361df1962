/**
 * The hosted UI's checks before anything is sent: the rules both apps share (`shared/validation.ts`) in this UI's
 * wording (it speaks to the account's owner), and its own (the display name).
 */
import { t } from '../shared/i18n/translator';
import { emailError as sharedEmailError } from '../shared/validation';

export { newPasswordError, showInvalidFields } from '../shared/validation';

const MAX_NAME_LENGTH = 200;

export function emailError(value: string): string | undefined {
  return sharedEmailError(value, t('validation.emailEmpty'));
}

export function currentPasswordError(value: string): string | undefined {
  return value === '' ? t('validation.passwordEmpty') : undefined;
}

export function nameError(value: string): string | undefined {
  if (value.trim().length > MAX_NAME_LENGTH) return t('validation.nameTooLong', { max: MAX_NAME_LENGTH });
  return undefined;
}
