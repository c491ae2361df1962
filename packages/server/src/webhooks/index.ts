import type { SliceModule } from '../app/module.js';
import { registerAdminWebhookRoutes } from './admin-routes.js';
import { WEBHOOK_AUDIT_ACTIONS } from './audit-actions.js';
import { createWebhookServices } from './services.js';
import { WEBHOOK_SETTINGS } from './settings.js';

/**
 * Signed webhooks (docs/webhooks.md): endpoints configured by admins, events written to an outbox in the transaction
 * of the change they describe, and a delivery worker every node runs (the composition root starts its timer).
 */
export const webhooksModule = {
  name: 'webhooks',
  auditActions: WEBHOOK_AUDIT_ACTIONS,
  settings: WEBHOOK_SETTINGS,
  settingsTitle: 'Webhooks',
  sealedColumns: [{ table: 'webhook_endpoints', column: 'secret_sealed', idColumn: 'id' }],
  createServices: createWebhookServices,
  registerAdmin(app, context) {
    registerAdminWebhookRoutes(app, context);
  },
} satisfies SliceModule<'webhooks'>;
