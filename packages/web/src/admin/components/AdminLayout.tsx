import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { PageHeading } from '../../shared/PageHeading';
import { Link, useRouter } from '../../shared/router';
import { describeError } from '../error-text';
import { useAdminApi, useSession } from '../session';

export const PORTAL_NAME = 'Tessera admin';

const SECTIONS: { to: string; label: string }[] = [
  { to: '/', label: 'Overview' },
  { to: '/clients', label: 'Clients' },
  { to: '/registration-tokens', label: 'Registration tokens' },
  { to: '/users', label: 'Users' },
  { to: '/organizations', label: 'Organizations' },
  { to: '/roles', label: 'Roles' },
  { to: '/permissions', label: 'Permissions' },
  { to: '/scim', label: 'SCIM' },
  { to: '/federation', label: 'Federation' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/admins', label: 'Admins' },
  { to: '/api-tokens', label: 'API tokens' },
  { to: '/settings', label: 'Settings' },
  { to: '/branding', label: 'Branding' },
  { to: '/email-templates', label: 'Email templates' },
  { to: '/keys', label: 'Signing keys' },
  { to: '/audit', label: 'Audit log' },
  { to: '/account', label: 'Your account' },
];

/** This node's release, from GET /healthz on the admin port; asked once per page load, null if it did not answer. */
let releaseVersionRequest: Promise<string | null> | null = null;

function useReleaseVersion(get: <T>(path: string) => Promise<T>): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    releaseVersionRequest ??= get<{ version: string }>('/healthz').then(
      (health) => health.version,
      () => null,
    );
    let current = true;
    void releaseVersionRequest.then((answer) => {
      if (current) setVersion(answer);
    });
    return () => {
      current = false;
    };
  }, [get]);
  return version;
}

function sectionOf(path: string | null): string {
  if (!path || path === '/') return '/';
  return `/${path.split('/')[1]}`;
}

/**
 * The signed-in portal's layout: a header with who is signed in, the section navigation, and one <main> with the
 * page's <h1> (see PageHeading), as in the user UI.
 */
export function AdminLayout({
  title,
  children,
  breadcrumb,
}: {
  title: string;
  children: ReactNode;
  /** A link back up, e.g. to the list a detail page belongs to. */
  breadcrumb?: { to: string; label: string };
}) {
  const { path } = useRouter();
  const { state, signedOut } = useSession();
  const api = useAdminApi();
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const [signingOut, setSigningOut] = useState(false);
  const current = sectionOf(path);
  const version = useReleaseVersion(api.get);

  async function signOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await api.post('/admin/logout');
      signedOut();
    } catch (error) {
      setSignOutError(error);
      setSigningOut(false);
    }
  }

  const admin = state.status === 'signed_in' ? state.admin : null;
  return (
    <div className="admin-shell">
      {/* A fragment link: the browser moves focus into <main> (and the router counts it as a navigation, which
          focuses the page's heading there). */}
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <header className="admin-header">
        <Link to="/" className="site-name">
          {PORTAL_NAME}
        </Link>
        {admin ? (
          <div className="admin-identity">
            <span>
              Signed in as <strong data-testid="signed-in-admin">{admin.email}</strong>{' '}
              <span className={`role-badge role-${admin.role}`}>
                {admin.role === 'write' ? 'write admin' : 'read-only admin'}
              </span>
            </span>
            <Button variant="secondary" className="button-small" onClick={signOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </div>
        ) : null}
      </header>
      {signOutError ? (
        <p className="admin-banner-error" role="alert">
          Signing out failed: {describeError(signOutError)}
        </p>
      ) : null}
      <div className="admin-body">
        <nav className="admin-nav" aria-label="Admin sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className={current === section.to ? 'nav-current' : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="admin-main" id="main-content" tabIndex={-1}>
          {breadcrumb ? (
            <p className="breadcrumb">
              <Link to={breadcrumb.to}>← {breadcrumb.label}</Link>
            </p>
          ) : null}
          <PageHeading title={title} documentTitle={`${title} – ${PORTAL_NAME}`} />
          {children}
        </main>
      </div>
      <footer className="admin-footer">
        Tessera <span data-testid="release-version">{version}</span>
      </footer>
    </div>
  );
}
