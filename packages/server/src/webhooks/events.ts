import type { AuditAction } from '../audit/actions.js';
import type { RecordedEntry } from '../audit/audit-log.js';

/**
 * The webhook event types and the audit actions each one is made from (docs/webhooks.md#events). An event is sent
 * for a successful action only, except `user.sign_in_failed`. The audit entry is written in the transaction of every
 * change, so an event exists exactly when its change committed.
 */
const EVENT_SOURCES = {
  'user.created': ['user.created', 'scim.user.created', 'federation.user_created'],
  'user.updated': ['user.updated'],
  'user.disabled': ['user.disabled'],
  'user.enabled': ['user.enabled'],
  'user.deleted': ['user.deleted'],
  'user.signed_in': ['user.sign_in'],
  'user.sign_in_failed': ['user.sign_in'],
  'user.password_changed': ['user.password_changed', 'user.password_set'],
  'otp.enrolled': ['otp.enrolled'],
  'otp.removed': ['otp.removed', 'otp.admin_reset'],
  'passkey.registered': ['passkey.registered'],
  'passkey.removed': ['passkey.removed', 'passkey.admin_revoked'],
  'client.created': ['client.created'],
  'client.updated': ['client.updated'],
  'client.deleted': ['client.deleted'],
  'client.secret_rotated': ['client.secret_rotated'],
  'organization.created': ['organization.created'],
  'organization.updated': ['organization.updated'],
  'organization.deleted': ['organization.deleted'],
  'organization.member_added': ['organization.member_added', 'organization.invite_accepted'],
  'organization.member_removed': ['organization.member_removed', 'organization.member_left'],
  'organization.member_updated': [
    'organization.member_status_changed',
    'organization.role_assigned',
    'organization.role_removed',
  ],
  'scim.user.created': ['scim.user.created'],
  'scim.user.updated': ['scim.user.replaced', 'scim.user.patched'],
  'scim.user.deleted': ['scim.user.deleted'],
  'scim.group.created': ['scim.group.created'],
  'scim.group.updated': ['scim.group.replaced', 'scim.group.patched'],
  'scim.group.deleted': ['scim.group.deleted'],
  'federation.identity_linked': ['federation.identity_linked'],
  'federation.identity_unlinked': ['federation.identity_unlinked'],
  'signing_keys.rotated': ['signing_keys.rotated'],
} as const satisfies Record<string, readonly AuditAction[]>;

export type WebhookEventType = keyof typeof EVENT_SOURCES;

export const WEBHOOK_EVENT_TYPES = Object.keys(EVENT_SOURCES) as WebhookEventType[];

export function isEventType(name: string): name is WebhookEventType {
  return Object.hasOwn(EVENT_SOURCES, name);
}

/** Every audit action some event type is made from: the audit log's listener asks for these only. */
export const SOURCE_ACTIONS: ReadonlySet<AuditAction> = new Set(
  Object.values(EVENT_SOURCES).flat() as AuditAction[],
);

/** The event types an audit entry makes (one entry may make two, e.g. a SCIM creation is also a user creation). */
export function eventTypesOf(entry: Pick<RecordedEntry, 'action' | 'outcome'>): WebhookEventType[] {
  const types: WebhookEventType[] = [];
  for (const type of WEBHOOK_EVENT_TYPES) {
    if (!(EVENT_SOURCES[type] as readonly AuditAction[]).includes(entry.action)) continue;
    const wantsFailure = type === 'user.sign_in_failed';
    if ((entry.outcome === 'failure') === wantsFailure) types.push(type);
  }
  return types;
}

/**
 * The JSON body of an event (docs/webhooks.md#payload): the target and actor ids and the entry's details, which the
 * audit log has already redacted (no secret, token, code or key reaches it); never the IP address or user agent.
 */
export function eventBody(type: WebhookEventType, entry: RecordedEntry, at: Date): string {
  return JSON.stringify({
    type,
    timestamp: at.toISOString(),
    data: {
      action: entry.action,
      target: entry.targetType === null ? null : { type: entry.targetType, id: entry.targetId },
      actor: { type: entry.actorType, id: entry.actorId },
      details: entry.details,
    },
  });
}

/**
 * The resource whose events are delivered in order: the entry's target, else its actor (a user's sign-in is about
 * that user, `user:<id>` as the user's other events), else the type.
 */
export function orderingKeyOf(type: WebhookEventType, entry: RecordedEntry): string {
  if (entry.targetType !== null) return `${entry.targetType}:${entry.targetId ?? ''}`;
  if (entry.actorId !== null) return `${entry.actorType}:${entry.actorId}`;
  return `type:${type}`;
}
