import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { describeError, errorCode } from '../error-text';
import { preloadOpaque, resetPassword } from '../opaque-flows';
import { newPasswordError } from '../validation';

type LinkCheck =
  | { state: 'checking' }
  | { state: 'valid'; email: string }
  | { state: 'invalid'; error: unknown };

/** The page the reset email links to: checks the link, then registers a new password with OPAQUE. */
export function ResetPasswordPage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const [check, setCheck] = useState<LinkCheck>({ state: 'checking' });
  const [done, setDone] = useState(false);

  useEffect(preloadOpaque, []);

  useEffect(() => {
    if (!token) return;
    let current = true;
    // Checking does not use the token up; only setting the password does.
    api
      .get<PublicApiResponse<'GET /api/user/password/reset/validate'>>(
        `/api/user/password/reset/validate?token=${encodeURIComponent(token)}`,
      )
      .then(
        (answer) => current && setCheck({ state: 'valid', email: answer.email }),
        (error: unknown) => current && setCheck({ state: 'invalid', error }),
      );
    return () => {
      current = false;
    };
  }, [token]);

  if (!token || check.state === 'invalid') {
    const expired = !token || errorCode(check.state === 'invalid' ? check.error : null) === 'invalid_token';
    return (
      <Page title="Reset your password">
        <ErrorPanel title="This reset link does not work">
          <p>
            {expired
              ? 'It was already used, has expired, or is incomplete. Reset links work once, for an hour.'
              : describeError(check.state === 'invalid' ? check.error : null)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/forgot-password" className="link-button">
            Ask for a new link
          </Link>
        </p>
      </Page>
    );
  }
  if (done) {
    return (
      <Page title="Password changed">
        <Notice title="Your new password is set">
          <p>For your safety you were signed out everywhere. Sign in with your new password.</p>
        </Notice>
        <p>
          <Link to="/sign-in" className="link-button">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }
  if (check.state === 'checking') {
    return (
      <Page title="Reset your password">
        <Loading>Checking your link…</Loading>
      </Page>
    );
  }
  return (
    <Page title="Choose a new password">
      <NewPasswordForm token={token} email={check.email} onDone={() => setDone(true)} />
    </Page>
  );
}

function NewPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'password'>();
  const [failure, setFailure] = useState<unknown>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ password: newPasswordError(password) }),
      async () => {
        setFailure(null);
        try {
          await resetPassword(token, password);
          setPassword('');
          onDone();
        } catch (error) {
          setFailure(error);
        }
      },
    );
  }

  return (
    <>
      {failure ? (
        <ErrorPanel title="We could not set your new password">
          <p>{describeError(failure)}</p>
          {errorCode(failure) === 'invalid_token' ? (
            <p>
              <Link to="/forgot-password">Ask for a new link</Link>
            </p>
          ) : null}
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        {/* The account's address, for the reader and for password managers saving the new password. */}
        <TextField label="Account" type="email" name="email" autoComplete="username" value={email} readOnly />
        <NewPasswordField
          label="New password"
          name="new-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </Button>
        </div>
      </form>
    </>
  );
}
