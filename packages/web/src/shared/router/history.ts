/**
 * The browser's current URL as an external store for React (useSyncExternalStore), fed by the History API.
 * `navigations` counts in-app navigations so pages can tell a first load from a navigation (to move focus).
 */
export interface HistorySnapshot {
  href: string;
  navigations: number;
}

// history.pushState fires no event of its own; navigate() dispatches this one so subscribers hear about it.
const NAVIGATE_EVENT = 'tessera:navigate';

let snapshot: HistorySnapshot = { href: window.location.href, navigations: 0 };

function refreshSnapshot(): void {
  if (window.location.href !== snapshot.href) {
    snapshot = { href: window.location.href, navigations: snapshot.navigations + 1 };
  }
}

export function subscribeToHistory(onChange: () => void): () => void {
  const listener = () => {
    refreshSnapshot();
    onChange();
  };
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

/** Must return the same object until the URL changes, or React re-renders forever. */
export function getHistorySnapshot(): HistorySnapshot {
  return snapshot;
}

/** Client-side navigation to a same-origin URL, without a page load. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href);
  else {
    window.history.pushState(null, '', href);
    // A new page starts at the top, as after a real page load; Back keeps the browser's own scroll restoration.
    window.scrollTo(0, 0);
  }
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
