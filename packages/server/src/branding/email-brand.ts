import type { EmailBrandSource } from '../email/mailer.js';
import { type BrandingService, imageVersion } from './service.js';

/** The deployment's brand as emails wear it: product name, colour, and the logo by absolute URL on the public port. */
export function emailBrandSource(brands: BrandingService, baseUrl: string): EmailBrandSource {
  return {
    async emailBrand() {
      const effective = await brands.effective(null);
      const logo = effective.images.logo;
      return {
        product: effective.productName,
        brand: {
          primaryColor: effective.primaryColor,
          logoUrl: logo ? `${baseUrl}/branding/logo?v=${imageVersion(logo.etag)}` : null,
        },
      };
    },
  };
}
