import type { ReactNode } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Page } from '../../shared/Page';
import { describeError } from '../error-text';
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
        <Page title="Admin portal" siteName={PORTAL_NAME}>
          <Loading />
        </Page>
      );
    case 'failed':
      return (
        <Page title="Admin portal" siteName={PORTAL_NAME}>
          <ErrorPanel title="The admin portal could not start">
            <p>{describeError(state.error)}</p>
          </ErrorPanel>
          <Button onClick={refresh}>Try again</Button>
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
    <Page title="Tessera is not installed yet" siteName={PORTAL_NAME}>
      <p className="lead">Finish the first-run install before anyone can sign in here.</p>
      <p>
        When the service started with an empty database it printed an install link in its log, like{' '}
        <code>First-run install: https://…/setup#token=…</code>. Open that link in this browser. The link
        works once and expires after a day; restart the service to print a new one.
      </p>
    </Page>
  );
}
