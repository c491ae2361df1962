import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { describeError, errorCode } from '../error-text';
import { useOnce } from '../use-once';
import { emailError } from '../validation';

/** The page the verification email links to: confirms the address with the token from the link. */
export function VerifyEmailPage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const result = useOnce(token ? `verify-email:${token}` : null, () =>
    api.post<PublicApiResponse<'POST /api/user/email/verify'>>('/api/user/email/verify', { token }),
  );

  if (!token) {
    return (
      <Page title="Confirm your email address">
        <ErrorPanel title="This link is incomplete">
          <p>Open the link from the email exactly as it is, or ask for a new one below.</p>
        </ErrorPanel>
        <RequestNewLink />
      </Page>
    );
  }
  if (result.state === 'pending') {
    return (
      <Page title="Confirm your email address">
        <Loading>Confirming your email address…</Loading>
      </Page>
    );
  }
  if (result.state === 'failed') {
    return (
      <Page title="Confirm your email address">
        <ErrorPanel title="We could not confirm your email address">
          <p>
            {errorCode(result.error) === 'invalid_token'
              ? 'This link was already used or has expired. If you already confirmed your address, just sign in.'
              : describeError(result.error)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/sign-in">Sign in</Link>
        </p>
        <RequestNewLink />
      </Page>
    );
  }
  return (
    <Page title="Email address confirmed">
      <Notice title="Thank you">
        <p>Your email address is confirmed. You can sign in now.</p>
      </Notice>
      <p>
        <Link to="/sign-in" className="link-button">
          Sign in
        </Link>
      </p>
    </Page>
  );
}

/** Asks for another verification link (the server answers the same whether or not the address is pending). */
function RequestNewLink() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { failed: unknown }>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    setState('sending');
    try {
      await api.post('/api/user/email/verification/resend', {
        email: email.trim(),
      } satisfies PublicApiBody<'POST /api/user/email/verification/resend'>);
      setState('sent');
    } catch (failed) {
      setState({ failed });
    }
  }

  if (state === 'sent')
    return (
      <Notice title="Check your email">
        <p>If {email.trim()} still needs confirming, a new link is on its way.</p>
      </Notice>
    );
  return (
    <section aria-labelledby="new-link-heading" className="section">
      <h2 id="new-link-heading">Get a new link</h2>
      {typeof state === 'object' ? (
        <ErrorPanel title="We could not send the link">
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send a new link'}
        </Button>
      </form>
    </section>
  );
}
