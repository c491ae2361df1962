import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
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
  const { t } = useI18n();

  if (!token) {
    return (
      <Page title={t('verify.title')}>
        <ErrorPanel title={t('verify.incompleteTitle')}>
          <p>{t('verify.incompleteText')}</p>
        </ErrorPanel>
        <RequestNewLink />
      </Page>
    );
  }
  if (result.state === 'pending') {
    return (
      <Page title={t('verify.title')}>
        <Loading>{t('verify.confirming')}</Loading>
      </Page>
    );
  }
  if (result.state === 'failed') {
    return (
      <Page title={t('verify.title')}>
        <ErrorPanel title={t('verify.failedTitle')}>
          <p>
            {errorCode(result.error) === 'invalid_token' ? t('verify.usedText') : describeError(result.error)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/sign-in">{t('common.signIn')}</Link>
        </p>
        <RequestNewLink />
      </Page>
    );
  }
  return (
    <Page title={t('verify.doneTitle')}>
      <Notice title={t('verify.thankYou')}>
        <p>{t('verify.doneText')}</p>
      </Notice>
      <p>
        <Link to="/sign-in" className="link-button">
          {t('common.signIn')}
        </Link>
      </p>
    </Page>
  );
}

/** Asks for another verification link (the server answers the same whether or not the address is pending). */
function RequestNewLink() {
  const [email, setEmail] = useState('');
  const { t } = useI18n();
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
      <Notice title={t('common.checkYourEmail')}>
        <p>{t('verify.sentText', { email: email.trim() })}</p>
      </Notice>
    );
  return (
    <section aria-labelledby="new-link-heading" className="section">
      <h2 id="new-link-heading">{t('verify.newLinkHeading')}</h2>
      {typeof state === 'object' ? (
        <ErrorPanel title={t('resend.failedTitle')}>
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label={t('common.emailAddress')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={state === 'sending'}>
          {state === 'sending' ? t('common.sending') : t('verify.sendNewLink')}
        </Button>
      </form>
    </section>
  );
}
