import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useRouter } from './router';

const SITE_NAME = 'Tessera';

/**
 * The layout every page shares: a site header, one <main> landmark and one <h1>. After an in-app navigation
 * focus moves to the new page's heading, so keyboard and screen-reader users land on the new content (a real page
 * load would have reset focus; a client-side route change does not).
 */
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
  const { navigations } = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = title === siteName ? siteName : `${title} – ${siteName}`;
  }, [title, siteName]);

  useEffect(() => {
    if (navigations > 0) headingRef.current?.focus();
  }, [navigations]);

  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="site-name">
          {siteName}
        </Link>
      </header>
      <main className="page-content">
        {/* tabIndex -1: focusable from script (see above), not a Tab stop. */}
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
