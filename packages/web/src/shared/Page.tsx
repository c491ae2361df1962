import type { ReactNode } from 'react';
import { useBrand } from './brand';
import { PageHeading } from './PageHeading';
import { Link } from './router';

/**
 * The layout every page shares: a site header, one <main> landmark and one <h1> (see PageHeading). The hosted UI's
 * pages wear the brand here (docs/branding.md): its product name in the header and the window title, its logos.
 */
export function Page({
  title,
  children,
  siteName,
}: {
  title: string;
  children: ReactNode;
  /** The name in the header and the window title (the admin portal says which app it is); the brand's otherwise. */
  siteName?: string;
}) {
  const brand = useBrand(siteName === undefined);
  // Nothing rather than a name that is about to change, while the brand loads.
  const name = siteName ?? (brand.loading ? '' : brand.productName);
  const logos = siteName === undefined && brand.logo !== null;
  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="site-name">
          {logos ? (
            <img
              className={`brand-logo brand-logo-light${brand.logoDark ? ' has-dark' : ''}`}
              src={brand.logo!}
              alt=""
              height={32}
            />
          ) : null}
          {logos && brand.logoDark ? (
            <img className="brand-logo brand-logo-dark" src={brand.logoDark} alt="" height={32} />
          ) : null}
          {name}
        </Link>
      </header>
      <main className="page-content">
        <PageHeading
          title={title}
          documentTitle={title === name || name === '' ? title : `${title} – ${name}`}
        />
        {children}
      </main>
    </div>
  );
}
