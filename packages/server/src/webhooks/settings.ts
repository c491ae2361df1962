import { Type } from 'typebox';
import { defineSetting, type SettingDefinitions } from '../config/settings.js';

/** Webhooks: which internal hosts endpoints may target, and how often each node looks for due deliveries. */
export const WEBHOOK_SETTINGS = {
  'webhooks.private_hosts': defineSetting(
    Type.String({ maxLength: 2000, pattern: '^[A-Za-z0-9.\\-\\[\\]:, ]*$' }),
    '',
    'Host names (comma-separated) that webhook endpoints may reach on private-network addresses (RFC 1918, unique local), over https. Loopback and link-local addresses are always refused.',
  ),
  'webhooks.poll_interval_seconds': defineSetting(
    Type.Integer({ minimum: 1, maximum: 300 }),
    5,
    'How often every node looks for webhook deliveries that are due (several nodes share the work, one attempt at a time per event).',
  ),
  'webhooks.retention_hours': defineSetting(
    Type.Integer({ minimum: 1, maximum: 365 * 24 }),
    30 * 24,
    'How long a delivered or failed webhook event, and its attempts, stays listed before it is deleted.',
  ),
} satisfies SettingDefinitions;

type WebhookSettingDefinitions = typeof WEBHOOK_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends WebhookSettingDefinitions {}
}

/** The host names of `webhooks.private_hosts`, lower case. */
export function privateHosts(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host.length > 0),
  );
}
