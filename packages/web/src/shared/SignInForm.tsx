import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { EmailField } from './EmailField';
import { useI18n } from './i18n/I18n';
import { PasswordField } from './PasswordField';
import { useCheckedSubmit } from './use-checked-submit';

/** How a sign-in attempt ended, as far as the form is concerned; the page explains it above the form. */
export type SignInAttempt = 'signed_in' | 'invalid_credentials' | 'failed';

/**
 * The email-and-password form of both apps' sign-in pages. It checks the fields before anything is sent, shows
 * itself busy while `signIn` runs, forgets the password once it has been used (whatever the outcome), and after
 * a wrong password puts focus back in the password field for the next try.
 */
export function SignInForm({
  emailError,
  passwordError,
  suggestedEmail,
  signIn,
  onEmailChange,
}: {
  /** The app's checks, in its own wording. */
  emailError: (value: string) => string | undefined;
  passwordError: (value: string) => string | undefined;
  /** Filled in when it arrives, unless something was typed already (an app's `login_hint`). */
  suggestedEmail?: string | null;
  /** Signs in with the trimmed address; it shows its own problems and must not throw. */
  signIn: (email: string, password: string) => Promise<SignInAttempt>;
  /** Told the address as typed (untrimmed), for what the page offers beside the form (an email-first passkey). */
  onEmailChange?: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email' | 'password'>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const { t } = useI18n();

  useEffect(() => {
    if (suggestedEmail) setEmail((typed) => typed || suggestedEmail);
  }, [suggestedEmail]);

  useEffect(() => {
    onEmailChange?.(email);
  }, [email, onEmailChange]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ email: emailError(email), password: passwordError(password) }),
      async () => {
        try {
          const attempt = await signIn(email.trim(), password);
          if (attempt === 'invalid_credentials') passwordRef.current?.focus();
        } finally {
          setPassword('');
        }
      },
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <EmailField
        label={t('common.emailAddress')}
        name="email"
        autoComplete="username"
        value={email}
        error={fieldErrors.email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <PasswordField
        ref={passwordRef}
        label={t('common.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        error={fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('signIn.signingIn') : t('common.signIn')}
        </Button>
      </div>
    </form>
  );
}
