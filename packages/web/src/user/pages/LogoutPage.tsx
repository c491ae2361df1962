import { ErrorPanel } from '../../shared/ErrorPanel';
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

  if (signedOutAlready || (session.state === 'ready' && !session.session.authenticated)) {
    return (
      <Page title="You are signed out">
        <Notice title="Signed out">
          <p>You are signed out of your account on this device. You can close this page.</p>
        </Notice>
        <p>
          <Link to="/sign-in">Sign in again</Link>
        </p>
      </Page>
    );
  }
  if (session.state === 'loading') {
    return (
      <Page title="Sign out?">
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title="Sign out?">
        <ErrorPanel title="We could not check whether you are signed in">
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (!session.session.authenticated) return null; // handled above; narrows the type
  const { user, csrf_token: csrfToken } = session.session;
  return (
    <Page title="Sign out?">
      <p>
        You are signed in as <strong>{user.name || user.email}</strong>
        {user.name ? ` (${user.email})` : null}. Do you want to sign out on this device?
      </p>
      <div className="form-actions">
        <SignOutButton csrfToken={csrfToken} />
        <Link to="/account">Stay signed in</Link>
      </div>
    </Page>
  );
}
