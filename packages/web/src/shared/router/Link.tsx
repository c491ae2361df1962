import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history';
import { toBrowserPath } from './paths';
import { useRouter } from './router-context';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An app path (e.g. `/account`), resolved against the router's base. */
  to: string;
};

/** Whether the browser should handle the click itself: new tab/window, download, or another button. */
function isSpecialClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')
  );
}

/** A real <a href> (so it works without JavaScript and in new tabs) that navigates in-app on a plain click. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const { base, path } = useRouter();
  const href = toBrowserPath(to, base);
  return (
    <a
      {...rest}
      href={href}
      aria-current={path === to ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (isSpecialClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
