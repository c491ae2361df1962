import { useEffect, useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Loading } from '../../../shared/Loading';
import { Page } from '../../../shared/Page';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import { preloadOpaque } from '../../opaque-flows';
import { AlreadyInstalled } from './InstallOutcome';
import { InstallWizard } from './InstallWizard';
import { TokenEntry } from './TokenEntry';
import { useInstallCheck } from './use-install-check';

/** The install token from the link's fragment (`#token=…`): never sent to the server in a URL, nor logged. */
function tokenFromFragment(): string {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return fragment.get('token')?.trim() ?? '';
}

/**
 * First-run install (admin port, `/setup#token=…`): the first admin's account (OPAQUE registration in this
 * browser), the product name and public address, whether people may register themselves, and optionally SMTP
 * with a test message. Nothing is saved until the last step; every step is checked by the server again.
 */
export function SetupPage() {
  const [attempt, setAttempt] = useState(() => ({ token: tokenFromFragment() }));
  const check = useInstallCheck(attempt);

  useEffect(() => {
    // The token has done its job in the address bar: keep it out of history, bookmarks and screenshots.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    preloadOpaque();
  }, []);

  switch (check.state) {
    case 'checking':
      return (
        <Page title={t('setup.title')} siteName={PORTAL_NAME}>
          <Loading>{t('setup.checking')}</Loading>
        </Page>
      );
    case 'installed':
      return <AlreadyInstalled />;
    case 'failed':
      return (
        <Page title={t('setup.title')} siteName={PORTAL_NAME}>
          <ErrorPanel title={t('setup.startFailed')}>
            <p>{describeError(check.error)}</p>
          </ErrorPanel>
          <Button onClick={() => setAttempt((previous) => ({ ...previous }))}>{t('setup.tryAgain')}</Button>
        </Page>
      );
    case 'needs_token':
      return <TokenEntry problem={check.problem} onToken={(token) => setAttempt({ token })} />;
    default:
      return <InstallWizard token={check.token} />;
  }
}
