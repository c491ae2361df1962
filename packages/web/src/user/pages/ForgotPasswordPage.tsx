import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link } from '../../shared/router';
import { describeError } from '../error-text';
import { emailError, showInvalidFields } from '../validation';

/** Asks for a password-reset link. The answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | { sent: string } | { failed: unknown }>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const { t, rich } = useI18n();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const problem = emailError(email);
    if (problem) {
      showInvalidFields(formRef.current, () => setFieldError(problem));
      return;
    }
    setFieldError(problem);
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
      <Page title={t('common.checkYourEmail')}>
        <Notice title={t('forgot.sentTitle')}>
          <p>{rich('forgot.sentText', { email: <strong>{state.sent}</strong> })}</p>
        </Notice>
        <p>{t('forgot.noEmail')}</p>
        <p>
          <Link to="/sign-in">{t('common.backToSignIn')}</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      {typeof state === 'object' ? (
        <ErrorPanel title={t('forgot.failedTitle')}>
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={state === 'sending'}>
        <EmailField
          label={t('common.emailAddress')}
          name="email"
          autoComplete="username"
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={state === 'sending'}>
            {state === 'sending' ? t('common.sending') : t('forgot.submit')}
          </Button>
        </div>
      </form>
      <p>
        <Link to="/sign-in">{t('common.backToSignIn')}</Link>
      </p>
    </Page>
  );
}
