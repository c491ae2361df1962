import { defineErrors } from '../app/errors.js';

/** The error codes of webhooks (docs/webhooks.md), each with its one status. */
const WEBHOOK_ERRORS = {
  /** Not an absolute https URL without credentials (docs/webhooks.md#outbound-policy). */
  webhook_url_invalid: 400,
  /** An event type no audit action produces (GET /admin/webhooks/event-types lists them). */
  unknown_event_type: 400,
  /** The delivery still has attempts to come: redelivery is for delivered or failed ones. */
  delivery_pending: 409,
} as const;
type WebhookErrorStatuses = typeof WEBHOOK_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends WebhookErrorStatuses {}
}

/** `webhookError('code', 'message')`: an ApiError with the code's status. */
export const webhookError = defineErrors(WEBHOOK_ERRORS);
