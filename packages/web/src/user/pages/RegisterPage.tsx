import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { ResendVerification } from '../components/ResendVerification';
import { describeError, errorCode } from '../error-text';
import { afterSignIn, goTo, RETURN_TO, safeReturnTo, secondStepPath, withQuery } from '../navigation';
import { preloadOpaque, register } from '../opaque-flows';
import { fetchOtpStatus } from '../otp';
import { emailError, nameError, newPasswordError } from '../validation';

type Outcome =
  | { kind: 'form' }
  | { kind: 'closed' }
  | { kind: 'verification_sent'; email: string }
  | { kind: 'email_taken' }
  | { kind: 'error'; error: unknown };

function setupOwed(): Promise<boolean> {
  return fetchOtpStatus().then(
    (status) => status.required && !status.enrolled,
    () => false,
  );
}

/**
 * Self-registration: name, email and a password (registered with OPAQUE), then email confirmation. Like sign-in,
 * it continues an app's request (`?request_id=`) or returns to a page of this UI (`?return_to=/ui/…`) afterwards.
 */
export function RegisterPage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'email' | 'password'>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const signInPath = withQuery('/sign-in', { request_id: requestId, [RETURN_TO]: returnTo });

  useEffect(preloadOpaque, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ name: nameError(name), email: emailError(email), password: newPasswordError(password) }),
      async () => {
        const address = email.trim();
        try {
          const result = await register(address, password, name.trim());
          setPassword('');
          if (result.status === 'signed_in') {
            // An account that must use two-step verification sets it up straight away.
            goTo((await setupOwed()) ? secondStepPath('enroll', requestId, false) : afterSignIn(requestId));
            return;
          }
          setOutcome({ kind: 'verification_sent', email: address });
        } catch (error) {
          const code = errorCode(error);
          if (code === 'registration_closed') setOutcome({ kind: 'closed' });
          else if (code === 'email_taken') setOutcome({ kind: 'email_taken' });
          else setOutcome({ kind: 'error', error });
        }
      },
    );
  }

  if (outcome.kind === 'closed') {
    return (
      <Page title="Create an account">
        <ErrorPanel title="You cannot create an account here">
          <p>
            New accounts on this service are created by an administrator. Ask them for an account, or sign in
            if you already have one.
          </p>
        </ErrorPanel>
        <p>
          <Link to={signInPath} className="link-button">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }

  if (outcome.kind === 'verification_sent') {
    return (
      <Page title="Check your email">
        <Notice title="One more step">
          <p>
            We sent a link to <strong>{outcome.email}</strong>. Open it to confirm your address, then sign in.
            The link works once and expires in 24 hours.
          </p>
        </Notice>
        <p>No email after a few minutes? Check your spam folder, or:</p>
        <ResendVerification email={outcome.email} />
        <p>
          <Link to={signInPath}>Go to sign-in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Create an account">
      {outcome.kind === 'email_taken' ? (
        <ErrorPanel title="This email address already has an account">
          <p>
            <Link to={signInPath}>Sign in</Link> instead, or{' '}
            <Link to="/forgot-password">reset your password</Link> if you forgot it.
          </p>
        </ErrorPanel>
      ) : null}
      {outcome.kind === 'error' ? (
        <ErrorPanel title="We could not create your account">
          <p>{describeError(outcome.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          hint="Optional. Apps you sign in to may show it."
          value={name}
          error={fieldErrors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField
          label="Email address"
          name="email"
          autoComplete="username"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <NewPasswordField
          label="Password"
          name="new-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating your account…' : 'Create account'}
          </Button>
        </div>
      </form>
      <p>
        Already have an account? <Link to={signInPath}>Sign in</Link>
      </p>
    </Page>
  );
}
