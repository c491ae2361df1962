import { Page } from '../../shared/Page';
import { Link } from '../../shared/router';

/** A placeholder until sign-in exists: it says so plainly rather than showing a form that does nothing. */
export function AccountPage() {
  return (
    <Page title="Your account">
      <p>Signing in to manage your account is not available yet. It arrives soon.</p>
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </Page>
  );
}
