import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useRouter } from './router';

const SITE_NAME = 'Tessera';

/**
 * The layout every page shares: a site header, one <main> landmark and one <h1>. After an in-app navigation
 * focus moves to the new page's heading, so keyboard and screen-reader users land on the new content (a real page
 * load would have reset focus; a client-side route change does not).
 */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const { navigations } = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = title === SITE_NAME ? SITE_NAME : `${title} – ${SITE_NAME}`;
  }, [title]);

  useEffect(() => {
    if (navigations > 0) headingRef.current?.focus();
  }, [navigations]);

  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="site-name">
          {SITE_NAME}
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
