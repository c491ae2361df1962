import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { PageHeading } from '../../shared/PageHeading';
import { Link, useRouter } from '../../shared/router';
import { describeError } from '../error-text';
import type { AdminMessageKey } from '../i18n/messages';
import { rich, t } from '../i18n/text';
import { useAdminApi, useSession } from '../session';

export const PORTAL_NAME = t('layout.portalName');

const SECTIONS: { to: string; label: AdminMessageKey }[] = [
  { to: '/', label: 'layout.nav.overview' },
  { to: '/clients', label: 'layout.nav.clients' },
  { to: '/registration-tokens', label: 'layout.nav.registrationTokens' },
  { to: '/users', label: 'layout.nav.users' },
  { to: '/organizations', label: 'layout.nav.organizations' },
  { to: '/roles', label: 'layout.nav.roles' },
  { to: '/permissions', label: 'layout.nav.permissions' },
  { to: '/scim', label: 'layout.nav.scim' },
  { to: '/federation', label: 'layout.nav.federation' },
  { to: '/webhooks', label: 'layout.nav.webhooks' },
  { to: '/admins', label: 'layout.nav.admins' },
  { to: '/api-tokens', label: 'layout.nav.apiTokens' },
  { to: '/settings', label: 'layout.nav.settings' },
  { to: '/branding', label: 'layout.nav.branding' },
  { to: '/email-templates', label: 'layout.nav.emailTemplates' },
  { to: '/keys', label: 'layout.nav.keys' },
  { to: '/audit', label: 'layout.nav.audit' },
  { to: '/account', label: 'layout.nav.account' },
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
        {t('layout.skipToContent')}
      </a>
      <header className="admin-header">
        <Link to="/" className="site-name">
          {PORTAL_NAME}
        </Link>
        {admin ? (
          <div className="admin-identity">
            <span>
              {rich('layout.signedInAs', {
                email: <strong data-testid="signed-in-admin">{admin.email}</strong>,
              })}{' '}
              <span className={`role-badge role-${admin.role}`}>
                {admin.role === 'write' ? t('layout.role.write') : t('layout.role.read')}
              </span>
            </span>
            <Button variant="secondary" className="button-small" onClick={signOut} disabled={signingOut}>
              {signingOut ? t('layout.signingOut') : t('layout.signOut')}
            </Button>
          </div>
        ) : null}
      </header>
      {signOutError ? (
        <p className="admin-banner-error" role="alert">
          {t('layout.signOutFailed', { reason: describeError(signOutError) })}
        </p>
      ) : null}
      <div className="admin-body">
        <nav className="admin-nav" aria-label={t('layout.nav.label')}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className={current === section.to ? 'nav-current' : undefined}>
                  {t(section.label)}
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
        {rich('layout.footer', { version: <span data-testid="release-version">{version}</span> })}
      </footer>
    </div>
  );
}
