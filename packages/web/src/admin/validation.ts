/**
 * The admin portal's checks before anything is sent: the rules both apps share (`shared/validation.ts`) in the
 * portal's wording, and the portal's own (URLs).
 */
import { emailError as sharedEmailError } from '../shared/validation';

export { focusFirstInvalid, NEW_PASSWORD_HINT, newPasswordError } from '../shared/validation';

export function emailError(value: string): string | undefined {
  return sharedEmailError(value, 'Enter an email address.');
}

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
