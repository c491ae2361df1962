import { useState } from 'react';

/**
 * An app's icon, or its initial when there is none or it cannot be shown. The page's CSP allows images from this
 * origin (and data: URIs) only: an icon uploaded by an admin is served from here (`iconUrl`), while a `logo_uri`
 * hosted elsewhere would be blocked, so it is not requested at all.
 */
export function ClientLogo({
  name,
  iconUrl,
  logoUri,
}: {
  name: string;
  iconUrl: string | null;
  logoUri: string | null;
}) {
  const source = showable(iconUrl) ?? showable(logoUri);
  // An image that fails to load (removed meanwhile, say) falls back to the initial rather than a broken image.
  const [failedSource, setFailedSource] = useState<string | null>(null);
  if (source && source !== failedSource) {
    return (
      <img
        className="client-logo"
        src={source}
        alt=""
        width={48}
        height={48}
        data-testid="client-icon"
        onError={() => setFailedSource(source)}
      />
    );
  }
  return (
    <span className="client-logo client-logo-initial" aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}

function showable(uri: string | null): string | null {
  if (!uri) return null;
  try {
    const url = new URL(uri, window.location.href);
    if (url.origin === window.location.origin) return url.href;
    if (url.protocol === 'data:' && /^data:image\/(png|jpeg|gif|webp);/i.test(uri)) return uri;
  } catch {
    // Not a URL: nothing to show.
  }
  return null;
}

function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}
