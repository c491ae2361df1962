import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { PasswordField } from '../../shared/PasswordField';
import { TextField } from '../../shared/TextField';
import { PORTAL_NAME } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { adminSignIn, preloadOpaque } from '../opaque-flows';
import { useSession } from '../session';
import { currentPasswordError, emailError, focusFirstInvalid } from '../validation';

/**
 * Admin sign-in with OPAQUE (the password never leaves the browser). Shown in place of any portal page while
 * signed out, so after signing in the admin is on the page they asked for.
 */
export function SignInPage({ reason }: { reason: 'none' | 'expired' | 'signed_out' }) {
  const { signedIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'invalid_credentials' | { error: unknown } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(preloadOpaque, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors = { email: emailError(email), password: currentPasswordError(password) };
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminSignIn(email.trim(), password);
      setPassword('');
      if (result.kind === 'invalid_credentials') {
        setProblem('invalid_credentials');
        setBusy(false);
        passwordRef.current?.focus();
        return;
      }
      signedIn(result.admin, result.csrfToken, result.secondFactorRequired, result.secondFactor);
    } catch (error) {
      setPassword('');
      setProblem({ error });
      setBusy(false);
    }
  }

  return (
    <Page title="Sign in to the admin portal" siteName={PORTAL_NAME}>
      {reason === 'expired' ? (
        <Notice title="Your session has ended">
          <p>Admin sessions end after a while without use. Sign in again to continue where you were.</p>
        </Notice>
      ) : null}
      {reason === 'signed_out' ? (
        <Notice title="You are signed out">
          <p>Sign in again to manage this service.</p>
        </Notice>
      ) : null}
      {problem === 'invalid_credentials' ? (
        <ErrorPanel title="We could not sign you in">
          <p>The email address or password is not correct. Check them and try again.</p>
        </ErrorPanel>
      ) : problem ? (
        <ErrorPanel title="We could not sign you in">
          <p>{describeError(problem.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </div>
      </form>
    </Page>
  );
}
