import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link } from '../../shared/router';
import { describeError } from '../error-text';
import { emailError, focusFirstInvalid } from '../validation';

/** Asks for a password-reset link. The answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | { sent: string } | { failed: unknown }>('idle');
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const address = email.trim();
    setState('sending');
    try {
      await api.post('/api/user/password/reset/request', {
        email: address,
      } satisfies PublicApiBody<'POST /api/user/password/reset/request'>);
      setState({ sent: address });
    } catch (failed) {
      setState({ failed });
    }
  }

  if (typeof state === 'object' && 'sent' in state) {
    return (
      <Page title="Check your email">
        <Notice title="Reset link sent">
          <p>
            If <strong>{state.sent}</strong> belongs to an account, we sent it a link to choose a new
            password. The link works once and expires in an hour.
          </p>
        </Notice>
        <p>No email after a few minutes? Check your spam folder, or try again later.</p>
        <p>
          <Link to="/sign-in">Back to sign-in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Reset your password">
      <p>Enter the email address of your account. We will send you a link to choose a new password.</p>
      {typeof state === 'object' ? (
        <ErrorPanel title="We could not send the link">
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={state === 'sending'}>
        <EmailField
          label="Email address"
          name="email"
          autoComplete="username"
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={state === 'sending'}>
            {state === 'sending' ? 'Sending…' : 'Send reset link'}
          </Button>
        </div>
      </form>
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </Page>
  );
}
