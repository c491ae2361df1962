/**
 * Names for the admin API's webhook answers (`/admin/webhooks/…`). The shapes are generated from the admin port's
 * /openapi.json (shared/api-types).
 */
import type { AdminApiBody, AdminApiResponse } from '../shared/api-types/admin-api';

export type WebhookEndpointView = AdminApiResponse<'GET /admin/webhooks/{id}'>;
export type WebhookEndpointBody = NonNullable<AdminApiBody<'POST /admin/webhooks'>>;
export type WebhookEndpointCreated = AdminApiResponse<'POST /admin/webhooks'>;
export type WebhookDeliveries = AdminApiResponse<'GET /admin/webhooks/{id}/deliveries'>;
export type WebhookDelivery = WebhookDeliveries['deliveries'][number];
