import { TextField, type TextFieldProps } from './TextField';

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'spellCheck' | 'autoCapitalize'>;

/**
 * A text field for an email address: the email keyboard on touch screens, and no spell-checking or capitals
 * (an address is not a word). `autoComplete` stays the page's choice (`username` on sign-in, `off` for someone
 * else's address).
 */
export function EmailField(props: EmailFieldProps) {
  return <TextField {...props} type="email" inputMode="email" spellCheck={false} autoCapitalize="off" />;
}
