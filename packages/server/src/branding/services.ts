import type { Infrastructure } from '../app/infrastructure.js';
import type { EmailServices } from '../email/services.js';
import { emailBrandSource } from './email-brand.js';
import { BrandingService } from './service.js';

/** The branding slice's services (`context.branding`). */
export interface BrandingServices {
  brands: BrandingService;
}

export async function createBrandingServices(
  { config, database, settings }: Infrastructure,
  { email }: { email: EmailServices },
): Promise<BrandingServices> {
  const brands = new BrandingService(database.db, settings);
  // The email slice is built before this one (docs/branding.md#emails): its mailer is handed the brand here.
  email.mailer.wearBrand(emailBrandSource(brands, config.baseUrl));
  return { brands };
}
