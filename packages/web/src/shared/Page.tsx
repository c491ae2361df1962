import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading';
import { Link } from './router';

const SITE_NAME = 'Tessera';

/** The layout every page shares: a site header, one <main> landmark and one <h1> (see PageHeading). */
export function Page({
  title,
  children,
  siteName = SITE_NAME,
}: {
  title: string;
  children: ReactNode;
  /** The name in the header and the window title (the admin portal says which app it is). */
  siteName?: string;
}) {
  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="site-name">
          {siteName}
        </Link>
      </header>
      <main className="page-content">
        <PageHeading title={title} documentTitle={title === siteName ? siteName : `${title} – ${siteName}`} />
        {children}
      </main>
    </div>
  );
}
