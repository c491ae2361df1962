import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { NEW_PASSWORD_HINT } from './validation';

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete'>;

/**
 * A password field where a password is chosen: marked `new-password` (password managers offer a strong one and
 * save it), with the length rule as its hint unless the page words the hint itself.
 */
export function NewPasswordField({ hint = NEW_PASSWORD_HINT, ...rest }: NewPasswordFieldProps) {
  return <PasswordField {...rest} autoComplete="new-password" hint={hint} />;
}
