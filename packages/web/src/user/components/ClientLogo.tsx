/**
 * An app's logo, or its initial when the logo cannot be shown. The page's CSP allows images from this origin
 * (and data: URIs) only, so a logo hosted elsewhere would be blocked: it is not requested at all.
 */
export function ClientLogo({ name, logoUri }: { name: string; logoUri: string | null }) {
  const source = showableLogo(logoUri);
  if (source) return <img className="client-logo" src={source} alt="" width={48} height={48} />;
  return (
    <span className="client-logo client-logo-initial" aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}

function showableLogo(logoUri: string | null): string | null {
  if (!logoUri) return null;
  try {
    const url = new URL(logoUri, window.location.href);
    if (url.origin === window.location.origin) return url.href;
    if (url.protocol === 'data:' && /^data:image\/(png|jpeg|gif|webp);/i.test(logoUri)) return logoUri;
  } catch {
    // Not a URL: nothing to show.
  }
  return null;
}

function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}
