import type { Infrastructure } from '../app/infrastructure.js';
import { BrandingService } from './service.js';

/** The branding slice's services (`context.branding`). */
export interface BrandingServices {
  brands: BrandingService;
}

export async function createBrandingServices({
  database,
  settings,
}: Infrastructure): Promise<BrandingServices> {
  return { brands: new BrandingService(database.db, settings) };
}
