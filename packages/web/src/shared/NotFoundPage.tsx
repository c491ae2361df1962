import { Page } from './Page';
import { Link } from './router';

/** Shown for any path the app has no page for (the server sends index.html for every path under the base). */
export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address. Check the link, or start again from the beginning.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </Page>
  );
}
