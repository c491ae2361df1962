/**
 * The admin portal's checks before anything is sent: the rules both apps share (`shared/validation.ts`) in the
 * portal's wording, and the portal's own (URLs).
 */
import { emailError as sharedEmailError } from '../shared/validation';
import { t } from './i18n/text';

export { NEW_PASSWORD_HINT, newPasswordError, showInvalidFields } from '../shared/validation';

export function emailError(value: string): string | undefined {
  return sharedEmailError(value, t('errors.validation.emailEmpty'));
}

export function currentPasswordError(value: string): string | undefined {
  return value === '' ? t('errors.validation.passwordEmpty') : undefined;
}

/** An absolute https URL (or http on loopback, as the server allows for development); `what` names it ("URL"). */
export function httpsUrlError(value: string, what = t('errors.validation.url')): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return t('errors.validation.urlMalformed', { what });
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return t('errors.validation.urlNotHttps', { what });
  return undefined;
}
