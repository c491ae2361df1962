import type { SliceModule } from '../app/module.js';
import { HousekeepingService } from './service.js';
import { HOUSEKEEPING_SETTINGS } from './settings.js';

/**
 * Deleting rows that can never be used again. Its service is the group itself (`context.housekeeping`); the
 * composition root starts its timer, which one-shot commands and tests leave off.
 */
export const housekeepingModule = {
  name: 'housekeeping',
  settings: HOUSEKEEPING_SETTINGS,
  settingsTitle: 'Housekeeping',
  async createServices({ database, settings, metrics, logger }) {
    return new HousekeepingService(database, settings, metrics, logger);
  },
} satisfies SliceModule<'housekeeping'>;
