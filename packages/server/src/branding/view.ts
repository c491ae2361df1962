import { Type } from 'typebox';
import type { PageBrand } from '../app/html-page.js';
import { bytesEtag } from '../app/uploaded-image.js';
import { publicImagePath } from './http.js';
import {
  type BRAND_IMAGE_KINDS,
  type BrandingService,
  type EffectiveBrand,
  imageVersion,
} from './service.js';

export const BrandView = Type.Object({
  product_name: Type.String(),
  organization_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The organization whose brand applies (the sign-in’s hint), or null for the deployment’s',
  }),
  primary_color: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Union([Type.String(), Type.Null()], { description: 'Path of the logo on this port' }),
  logo_dark: Type.Union([Type.String(), Type.Null()], { description: 'Path of the logo for dark mode' }),
  favicon: Type.Union([Type.String(), Type.Null()]),
  stylesheet: Type.String({ description: 'Path of the brand’s stylesheet (colour and custom CSS)' }),
});

/** The brand as the hosted UI and the public port's pages show it. */
export function brandView(brand: EffectiveBrand) {
  const path = (kind: (typeof BRAND_IMAGE_KINDS)[number]) => {
    const image = brand.images[kind];
    return image ? publicImagePath(kind, image) : null;
  };
  const organization = brand.organizationId ? `org=${encodeURIComponent(brand.organizationId)}&` : '';
  return {
    product_name: brand.productName,
    organization_id: brand.organizationId,
    primary_color: brand.primaryColor,
    logo: path('logo'),
    logo_dark: path('logo-dark'),
    favicon: path('favicon'),
    stylesheet: `/branding/custom.css?${organization}v=${imageVersion(bytesEtag(brand.stylesheet))}`,
  };
}

/** The brand of a server-rendered page of the public port (app/html-page.ts), for this organization or none. */
export async function pageBrand(brands: BrandingService, organizationId: string | null): Promise<PageBrand> {
  const view = brandView(await brands.effective(organizationId));
  return {
    productName: view.product_name,
    stylesheet: view.stylesheet,
    logo: view.logo,
    logoDark: view.logo_dark,
    favicon: view.favicon,
  };
}

/** The organization an /authorize request names (`organization_id`), when it is well-formed; else none. */
export function organizationHint(parameters: unknown): string | null {
  const value = (parameters as Record<string, unknown> | null)?.organization_id;
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}
