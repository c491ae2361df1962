import { useEffect, useRef } from 'react';
import { useRouter } from './router';

/**
 * A page's one <h1>, which also names the browser tab (`documentTitle`). After an in-app navigation focus moves
 * to it, so keyboard and screen-reader users land on the new content (a real page load would have reset focus;
 * a client-side route change does not).
 */
export function PageHeading({ title, documentTitle }: { title: string; documentTitle: string }) {
  const { navigations } = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  useEffect(() => {
    if (navigations > 0) headingRef.current?.focus();
  }, [navigations]);

  // tabIndex -1: focusable from script (see above), not a Tab stop.
  return (
    <h1 ref={headingRef} tabIndex={-1}>
      {title}
    </h1>
  );
}
