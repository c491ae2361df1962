import { Page } from '../../shared/Page';
import { Link } from '../../shared/router';

export function HomePage() {
  return (
    <Page title="Tessera">
      <p>
        This is the Tessera sign-in service. Apps that use Tessera send you here to sign in, and then send you
        back.
      </p>
      <div className="form-actions">
        <Link to="/account" className="link-button">
          Go to your account
        </Link>
        <Link to="/sign-in">Sign in</Link>
      </div>
    </Page>
  );
}
