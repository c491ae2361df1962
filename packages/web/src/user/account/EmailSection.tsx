import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError, errorCode } from '../error-text';
import { csrfHeaders } from '../session';
import { emailError } from '../validation';
import type { Profile } from './profile';

/**
 * Shows the address and changes it: the new address must be confirmed from the link sent to it. With two-step
 * verification on, the server first wants a current code: the change waits for it, then goes on.
 */
export function EmailSection({
  profile,
  csrfToken,
  onCsrfToken,
}: {
  profile: Profile;
  csrfToken: string;
  /** Called with a rotated session's CSRF token (after a code confirmed the change). */
  onCsrfToken: (csrfToken: string) => void;
}) {
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | { sent: string } | { failed: unknown }>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const address = email.trim();
    const problem =
      emailError(address) ??
      (address.toLowerCase() === profile.email.toLowerCase() ? 'This is already your address.' : undefined);
    setFieldError(problem);
    if (problem) return;
    setState('sending');
    try {
      await stepUp.run((token) =>
        api.post(
          '/api/user/profile/email',
          { email: address } satisfies PublicApiBody<'POST /api/user/profile/email'>,
          { headers: csrfHeaders(token) },
        ),
      );
      setEmail('');
      setState({ sent: address });
    } catch (failed) {
      setState(isStepUpCancelled(failed) ? 'idle' : { failed });
    }
  }

  return (
    <section className="section" aria-labelledby="email-heading">
      <h2 id="email-heading">Email address</h2>
      <p>
        <span data-testid="account-email">{profile.email}</span>{' '}
        <span className="muted">{profile.email_verified ? '(confirmed)' : '(not confirmed yet)'}</span>
      </p>
      {typeof state === 'object' && 'sent' in state ? (
        <Notice title="Confirm the new address">
          <p>
            We sent a link to <strong>{state.sent}</strong>. Your address changes when you open it.
          </p>
        </Notice>
      ) : null}
      {typeof state === 'object' && 'failed' in state ? (
        <ErrorPanel title="We could not change your address">
          <p>
            {errorCode(state.failed) === 'email_taken'
              ? 'Another account uses this address.'
              : describeError(state.failed)}
          </p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={state === 'sending'}>
        <TextField
          label="New email address"
          type="email"
          name="new-email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={state === 'sending'}>
          {state === 'sending' && !stepUp.prompting ? 'Sending…' : 'Change email address'}
        </Button>
      </form>
      {stepUp.prompt}
    </section>
  );
}
