import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
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
  const { t, rich } = useI18n();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const address = email.trim();
    const problem =
      emailError(address) ??
      (address.toLowerCase() === profile.email.toLowerCase() ? t('email.sameAddress') : undefined);
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
      <h2 id="email-heading">{t('email.title')}</h2>
      <p>
        <span data-testid="account-email">{profile.email}</span>{' '}
        <span className="muted">
          {profile.email_verified ? t('email.confirmed') : t('email.notConfirmed')}
        </span>
      </p>
      {typeof state === 'object' && 'sent' in state ? (
        <Notice title={t('email.confirmTitle')}>
          <p>{rich('email.sentText', { email: <strong>{state.sent}</strong> })}</p>
        </Notice>
      ) : null}
      {typeof state === 'object' && 'failed' in state ? (
        <ErrorPanel title={t('email.failed')}>
          <p>{errorCode(state.failed) === 'email_taken' ? t('email.taken') : describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={state === 'sending'}>
        <TextField
          label={t('email.newAddress')}
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
          {state === 'sending' && !stepUp.prompting ? t('common.sending') : t('email.change')}
        </Button>
      </form>
      {stepUp.prompt}
    </section>
  );
}
