import { randomUUID } from 'node:crypto';
import type { RecordedEntry } from '../audit/audit-log.js';
import type { Sealer } from '../crypto/seal.js';
import { webhookError } from './errors.js';
import { eventBody, eventTypesOf, isEventType, orderingKeyOf } from './events.js';
import { newSigningSecret } from './signature.js';
import type { EndpointFields, EndpointRow, OutboxEvent, WebhookStore } from './store.js';

export interface EndpointInput {
  url: string;
  description?: string;
  eventTypes: string[];
  enabled?: boolean;
}

/** The endpoint and the secret made for it, which is shown this once. */
export interface EndpointWithSecret {
  endpoint: EndpointRow;
  secret: string;
}

/** Webhook endpoints (docs/webhooks.md): their URLs, event types and signing secrets, and the outbox they feed. */
export class WebhookEndpoints {
  constructor(
    private readonly store: WebhookStore,
    private readonly sealer: Sealer,
    /** Whether plain http is allowed (tests and development: TESSERA_OUTBOUND_ALLOW_LOOPBACK). */
    private readonly allowHttp: boolean,
  ) {}

  private secretContext(id: string) {
    return { table: 'webhook_endpoints', column: 'secret_sealed', row: id };
  }

  /** The endpoint's secret, for signing a delivery. */
  secretOf(endpoint: EndpointRow): string {
    return this.sealer.openText(endpoint.secretSealed, this.secretContext(endpoint.id));
  }

  private checkedUrl(text: string): string {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw webhookError('webhook_url_invalid', 'the URL is not an absolute URL');
    }
    const schemeAllowed = url.protocol === 'https:' || (this.allowHttp && url.protocol === 'http:');
    if (!schemeAllowed) throw webhookError('webhook_url_invalid', 'the URL must be https');
    if (url.username || url.password) {
      throw webhookError('webhook_url_invalid', 'the URL must not carry credentials');
    }
    if (url.hash) throw webhookError('webhook_url_invalid', 'the URL must not have a fragment');
    return url.href;
  }

  private checkedTypes(types: string[]): string[] {
    const unknown = types.find((type) => !isEventType(type));
    if (unknown !== undefined) {
      throw webhookError('unknown_event_type', `'${unknown.slice(0, 100)}' is not an event type`);
    }
    return [...new Set(types)];
  }

  private fields(input: EndpointInput): EndpointFields {
    return {
      url: this.checkedUrl(input.url),
      description: input.description ?? '',
      eventTypes: this.checkedTypes(input.eventTypes),
      enabled: input.enabled ?? true,
    };
  }

  async create(input: EndpointInput): Promise<EndpointWithSecret> {
    const id = randomUUID();
    const secret = newSigningSecret();
    const endpoint = await this.store.insertEndpoint(
      id,
      this.fields(input),
      this.sealer.seal(secret, this.secretContext(id)),
    );
    return { endpoint, secret };
  }

  update(id: string, input: EndpointInput): Promise<EndpointRow | null> {
    return this.store.updateEndpoint(id, this.fields(input));
  }

  /** A new secret replaces the old one at once (docs/webhooks.md#secrets). */
  async rotateSecret(id: string): Promise<EndpointWithSecret | null> {
    const secret = newSigningSecret();
    const endpoint = await this.store.replaceSecret(id, this.sealer.seal(secret, this.secretContext(id)));
    return endpoint ? { endpoint, secret } : null;
  }

  remove(id: string): Promise<boolean> {
    return this.store.deleteEndpoint(id);
  }

  list(): Promise<EndpointRow[]> {
    return this.store.listEndpoints();
  }

  find(id: string): Promise<EndpointRow | null> {
    return this.store.findEndpoint(id);
  }

  deliveries(endpointId: string, limit: number, before?: number) {
    return this.store.deliveries(endpointId, limit, before);
  }

  redeliver(endpointId: string, eventId: string) {
    return this.store.redeliver(endpointId, eventId);
  }

  /**
   * The audit log's listener (AuditLog.onRecorded): the events an entry makes, one outbox row per subscribed enabled
   * endpoint, in the entry's transaction, so a change that rolls back leaves no event and one that commits its event.
   */
  async enqueueFor(entry: RecordedEntry): Promise<void> {
    for (const event of outboxEventsOf(entry)) await this.store.enqueue(event);
  }
}

/** The outbox rows an audit entry makes, one per event type, before they are multiplied by subscribed endpoints. */
export function outboxEventsOf(entry: RecordedEntry): OutboxEvent[] {
  const at = new Date();
  return eventTypesOf(entry).map((type) => ({
    type,
    body: eventBody(type, entry, at),
    orderingKey: orderingKeyOf(type, entry),
  }));
}
