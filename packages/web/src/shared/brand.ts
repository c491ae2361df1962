import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api';
import type { PublicApiResponse } from './api-types/public-api';

/** The hosted UI's brand (docs/branding.md): the deployment's, or the organization's its sign-in request names. */
export interface Brand {
  productName: string;
  logo: string | null;
  logoDark: string | null;
  /** Still loading: nothing brand-specific is shown yet. */
  loading: boolean;
}

const DEFAULT_BRAND: Brand = { productName: 'Tessera', logo: null, logoDark: null, loading: true };

let current: Brand = DEFAULT_BRAND;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Points a <link> of the document's head (made once, by id) at a brand file; no inline style anywhere (CSP). */
function headLink(id: string, rel: string, href: string | null) {
  let link = document.getElementById(id) as HTMLLinkElement | null;
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.id = id;
    link.rel = rel;
    // After the bundle's stylesheets, so the brand's colour and stylesheet win.
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** Loads the brand for this page's sign-in request (`?request_id=`), once per request. */
function load(requestId: string | null) {
  const key = requestId ?? '';
  if (loadedFor === key) return;
  loadedFor = key;
  const query = requestId ? `?request_id=${encodeURIComponent(requestId)}` : '';
  api.get<PublicApiResponse<'GET /api/user/branding'>>(`/api/user/branding${query}`).then(
    (brand) => {
      if (loadedFor !== key) return;
      headLink('brand-stylesheet', 'stylesheet', brand.stylesheet);
      headLink('brand-favicon', 'icon', brand.favicon);
      current = {
        productName: brand.product_name,
        logo: brand.logo,
        logoDark: brand.logo_dark,
        loading: false,
      };
      for (const listener of listeners) listener();
    },
    () => {
      // Without the brand the UI still works, as unbranded Tessera.
      current = { ...current, loading: false };
      for (const listener of listeners) listener();
    },
  );
}

/**
 * The brand to show; `enabled` false (the admin portal, which names itself) loads nothing. The hosted UI reads
 * it on every page through the shared page shell.
 */
export function useBrand(enabled = true): Brand {
  const brand = useSyncExternalStore(subscribe, () => current);
  const requestId = enabled ? new URLSearchParams(window.location.search).get('request_id') : null;
  useEffect(() => {
    if (enabled) load(requestId);
  }, [enabled, requestId]);
  return brand;
}
