import type { SliceModule } from '../app/module.js';
import type { ExpiredRowPurge } from '../db/purge.js';
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
  async createServices({ database, settings, metrics, logger }, _services, modules) {
    return new HousekeepingService(database, settings, metrics, logger, purgesOf(modules));
  },
} satisfies SliceModule<'housekeeping'>;

/**
 * The modules' purges in the order housekeeping runs them: the modules last to first, so rows of a later slice that
 * point at an earlier slice's rows (a grant's session) go before what they point at; each module's in its own order.
 */
export function purgesOf(modules: readonly SliceModule[]): ExpiredRowPurge[] {
  return modules.toReversed().flatMap((module) => module.purges ?? []);
}
