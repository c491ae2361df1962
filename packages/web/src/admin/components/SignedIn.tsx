import type { ReactNode } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Page } from '../../shared/Page';
import { describeError } from '../error-text';
import { rich, t } from '../i18n/text';
import { SecondFactorPage } from '../pages/SecondFactorPage';
import { SignInPage } from '../pages/SignInPage';
import { useSession } from '../session';
import { PORTAL_NAME } from './AdminLayout';

/**
 * Shows its children only to a signed-in admin; otherwise what comes first: the install explanation, the
 * sign-in form, or the second-factor step. The URL stays, so the admin lands on the page they asked for.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { state, refresh } = useSession();
  switch (state.status) {
    case 'loading':
      return (
        <Page title={t('layout.start.title')} siteName={PORTAL_NAME}>
          <Loading />
        </Page>
      );
    case 'failed':
      return (
        <Page title={t('layout.start.title')} siteName={PORTAL_NAME}>
          <ErrorPanel title={t('layout.start.failed')}>
            <p>{describeError(state.error)}</p>
          </ErrorPanel>
          <Button onClick={refresh}>{t('common.tryAgain')}</Button>
        </Page>
      );
    case 'not_installed':
      return <NotInstalledPage />;
    case 'signed_out':
      return <SignInPage reason={state.reason} />;
    case 'second_factor':
      return <SecondFactorPage />;
    default:
      return <>{children}</>;
  }
}

function NotInstalledPage() {
  return (
    <Page title={t('layout.notInstalled.title')} siteName={PORTAL_NAME}>
      <p className="lead">{t('layout.notInstalled.lead')}</p>
      <p>{rich('layout.notInstalled.body', { example: <code>{t('layout.notInstalled.logLine')}</code> })}</p>
    </Page>
  );
}
