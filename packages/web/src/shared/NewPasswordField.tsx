import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { newPasswordHint } from './validation';

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete'>;

/**
 * A password field where a password is chosen: marked `new-password` (password managers offer a strong one and
 * save it), with the length rule as its hint unless the page words the hint itself.
 */
export function NewPasswordField({ hint, ...rest }: NewPasswordFieldProps) {
  return <PasswordField {...rest} autoComplete="new-password" hint={hint ?? newPasswordHint()} />;
}
