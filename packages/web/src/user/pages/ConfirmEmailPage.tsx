import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { describeError, errorCode } from '../error-text';
import { useOnce } from '../use-once';

/** The page the email-change message links to: makes the new address the account's address. */
export function ConfirmEmailPage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const result = useOnce(token ? `confirm-email:${token}` : null, () =>
    api.post<PublicApiResponse<'POST /api/user/profile/email/confirm'>>('/api/user/profile/email/confirm', {
      token,
    }),
  );
  const { t, rich } = useI18n();

  if (!token || result.state === 'failed') {
    const code = result.state === 'failed' ? errorCode(result.error) : 'invalid_token';
    return (
      <Page title={t('confirmEmail.title')}>
        <ErrorPanel title={t('confirmEmail.failedTitle')}>
          <p>
            {code === 'invalid_token'
              ? t('confirmEmail.invalidText')
              : code === 'email_taken'
                ? t('confirmEmail.takenText')
                : describeError(result.state === 'failed' ? result.error : null)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/account">{t('home.goToAccount')}</Link>
        </p>
      </Page>
    );
  }
  if (result.state === 'pending') {
    return (
      <Page title={t('confirmEmail.title')}>
        <Loading>{t('confirmEmail.confirming')}</Loading>
      </Page>
    );
  }
  return (
    <Page title={t('confirmEmail.doneTitle')}>
      <Notice title={t('confirmEmail.done')}>
        <p>{rich('confirmEmail.doneText', { email: <strong>{result.value.email}</strong> })}</p>
      </Notice>
      <p>
        <Link to="/account" className="link-button">
          {t('home.goToAccount')}
        </Link>
      </p>
    </Page>
  );
}
