import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { SignOutButton } from '../account/SignOutSection';
import { describeError } from '../error-text';
import { useSession } from '../session';

/**
 * Sign-out confirmation. /logout sends the browser here when an app asks for sign-out without proof that it is
 * the user's own app (no valid id_token_hint): the user decides. `?status=signed-out` just says it is done.
 */
export function LogoutPage() {
  const { searchParams } = useRouter();
  const session = useSession();
  const signedOutAlready = searchParams.get('status') === 'signed-out';
  const { t, rich } = useI18n();

  if (signedOutAlready || (session.state === 'ready' && !session.session.authenticated)) {
    return (
      <Page title={t('logout.signedOutTitle')}>
        <Notice title={t('logout.signedOut')}>
          <p>{t('logout.signedOutText')}</p>
        </Notice>
        <p>
          <Link to="/sign-in">{t('logout.signInAgain')}</Link>
        </p>
      </Page>
    );
  }
  if (session.state === 'loading') {
    return (
      <Page title={t('logout.title')}>
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title={t('logout.title')}>
        <ErrorPanel title={t('logout.checkFailed')}>
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (!session.session.authenticated) return null; // handled above; narrows the type
  const { user, csrf_token: csrfToken } = session.session;
  return (
    <Page title={t('logout.title')}>
      <p>
        {rich('logout.question', {
          user: (
            <strong>
              {user.name ? t('common.nameAndEmail', { name: user.name, email: user.email }) : user.email}
            </strong>
          ),
        })}
      </p>
      <div className="form-actions">
        <SignOutButton csrfToken={csrfToken} />
        <Link to="/account">{t('logout.stay')}</Link>
      </div>
    </Page>
  );
}
