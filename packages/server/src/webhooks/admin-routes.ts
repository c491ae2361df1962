import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { type AdminAction, auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import type { EndpointInput } from './endpoints.js';
import { webhookError } from './errors.js';
import { WEBHOOK_EVENT_TYPES } from './events.js';
import type { AttemptRow, EndpointRow, EventRow } from './store.js';

const TAG = 'admin-webhooks';

const EndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'https URL that receives the events' }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    eventTypes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Event types to send (GET /admin/webhooks/event-types)',
    }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const EndpointView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const EndpointWithSecretView = Type.Object({
  endpoint: EndpointView,
  secret: Type.String({
    description:
      'The signing secret (Standard Webhooks whsec_ format), shown this once: store it in the receiver',
  }),
});

const AttemptView = Type.Object({
  at: Type.String({ format: 'date-time' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

const DeliveryView = Type.Object({
  id: Type.String({ description: 'The webhook-id header of every attempt' }),
  seq: Type.Integer(),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  createdAt: Type.String({ format: 'date-time' }),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  payload: Type.String({ description: 'The JSON body sent' }),
  attempts: Type.Array(AttemptView),
});

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  deliveryId: Type.String({ maxLength: 100 }),
});

function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function deliveryView({ event, attempts }: { event: EventRow; attempts: AttemptRow[] }) {
  return {
    id: event.id,
    seq: event.seq,
    type: event.type,
    status: event.status as 'pending' | 'delivered' | 'failed',
    createdAt: event.createdAt.toISOString(),
    nextAttemptAt: event.status === 'pending' ? event.nextAttemptAt.toISOString() : null,
    deliveredAt: event.deliveredAt?.toISOString() ?? null,
    payload: event.body,
    attempts: attempts.map((attempt) => ({
      at: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    })),
  };
}

/** What the audit log says of an endpoint change: its fields, never its secret. */
function audited(body: EndpointInput): Record<string, unknown> {
  return { url: body.url, eventTypes: body.eventTypes, enabled: body.enabled ?? true };
}

/** Admin API for webhook endpoints (docs/webhooks.md); every change is audited. */
export function registerAdminWebhookRoutes(app: App, context: AppContext): void {
  const { endpoints } = context.webhooks;
  const noEndpoint = () => appError('not_found', 'no such webhook endpoint');
  const onEndpoint = (action: AuditAction, id: string, details?: Record<string, unknown>): AdminAction => ({
    action,
    target: { type: 'webhook_endpoint', id },
    details,
  });
  const change = <T>(
    request: FastifyRequest,
    work: () => Promise<T>,
    describe: AdminAction | ((result: T) => AdminAction),
  ) => auditedAdminChange(context, request, work, describe);

  app.get(
    '/admin/webhooks/event-types',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists the event types an endpoint may subscribe to',
        response: { 200: Type.Object({ eventTypes: Type.Array(Type.String()) }), ...errorResponses() },
      },
    },
    async () => ({ eventTypes: WEBHOOK_EVENT_TYPES }),
  );

  app.get(
    '/admin/webhooks',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists webhook endpoints (never their secrets)',
        response: { 200: Type.Object({ endpoints: Type.Array(EndpointView) }), ...errorResponses() },
      },
    },
    async () => ({ endpoints: (await endpoints.list()).map(endpointView) }),
  );

  app.post(
    '/admin/webhooks',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates an endpoint; the answer shows its signing secret, this once',
        body: EndpointBody,
        response: {
          201: EndpointWithSecretView,
          ...errorResponses('webhook_url_invalid', 'unknown_event_type'),
        },
      },
    },
    async (request, reply) => {
      const created = await change(
        request,
        () => endpoints.create(request.body),
        (result) => onEndpoint('webhook.endpoint_created', result.endpoint.id, audited(request.body)),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ endpoint: endpointView(created.endpoint), secret: created.secret });
    },
  );

  app.get(
    '/admin/webhooks/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Reads one endpoint',
        params: Params,
        response: { 200: EndpointView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const endpoint = await endpoints.find(request.params.id);
      if (!endpoint) throw noEndpoint();
      return endpointView(endpoint);
    },
  );

  app.put(
    '/admin/webhooks/:id',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Updates an endpoint (its secret is kept: rotate it on its own)',
        params: Params,
        body: EndpointBody,
        response: {
          200: EndpointView,
          ...errorResponses('not_found', 'webhook_url_invalid', 'unknown_event_type'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const updated = await change(
        request,
        async () => {
          const endpoint = await endpoints.update(id, request.body);
          if (!endpoint) throw noEndpoint();
          return endpoint;
        },
        onEndpoint('webhook.endpoint_updated', id, audited(request.body)),
      );
      return endpointView(updated);
    },
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Deletes an endpoint and its deliveries',
        params: Params,
        response: { 204: noContentResponse('Deleted'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await change(
        request,
        async () => {
          if (!(await endpoints.remove(id))) throw noEndpoint();
        },
        onEndpoint('webhook.endpoint_deleted', id),
      );
      return noContent(reply);
    },
  );

  app.post(
    '/admin/webhooks/:id/rotate-secret',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Replaces the signing secret at once; the answer shows the new one, this once',
        params: Params,
        response: { 200: EndpointWithSecretView, ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const rotated = await change(
        request,
        async () => {
          const result = await endpoints.rotateSecret(id);
          if (!result) throw noEndpoint();
          return result;
        },
        onEndpoint('webhook.secret_rotated', id),
      );
      reply.header('cache-control', 'no-store');
      return { endpoint: endpointView(rotated.endpoint), secret: rotated.secret };
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists an endpoint’s deliveries, newest first, with their attempts',
        params: Params,
        querystring: Type.Object({
          before: Type.Optional(Type.Integer({ minimum: 1, description: 'seq of the last delivery seen' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({ deliveries: Type.Array(DeliveryView) }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await endpoints.find(id))) throw noEndpoint();
      const { before, limit } = request.query;
      return { deliveries: (await endpoints.deliveries(id, limit ?? 50, before)).map(deliveryView) };
    },
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Sends a delivered or failed event again, with the same webhook-id and a fresh retry schedule',
        params: DeliveryParams,
        response: { 202: Type.Null(), ...errorResponses('not_found', 'delivery_pending') },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      await change(
        request,
        async () => {
          const outcome = await endpoints.redeliver(id, deliveryId);
          if (outcome === 'not_found') throw appError('not_found', 'no such delivery');
          if (outcome === 'pending') {
            throw webhookError('delivery_pending', 'the delivery still has attempts to come');
          }
        },
        onEndpoint('webhook.redelivered', id, { delivery: deliveryId }),
      );
      return reply.code(202).send(null);
    },
  );
}
