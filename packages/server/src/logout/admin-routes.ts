import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import type { DeliveryRow } from './store.js';

// The client's own area for admin API tokens (admin/token-scopes.ts): deliveries are part of a client's page.
const TAG = 'admin-clients';

const LogoutDeliveryView = Type.Object({
  id: Type.String({ description: 'The logout token’s jti, the same on every attempt' }),
  seq: Type.Integer(),
  sub: Type.String(),
  sid: Type.String(),
  reason: Type.String({ description: 'Why the session ended (docs/logout.md#back-channel-logout)' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
});

const ClientParams = Type.Object({ clientId: Type.String({ maxLength: 64 }) });
const DeliveryParams = Type.Object({
  clientId: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 100 }),
});

function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    seq: row.seq,
    sub: row.subject,
    sid: row.sessionId,
    reason: row.reason,
    status: row.status as 'pending' | 'delivered' | 'failed',
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
  };
}

/** A client's back-channel logouts (docs/logout.md#delivery): listed with their outcome, failed ones sent again. */
export function registerAdminLogoutRoutes(app: App, context: AppContext): void {
  const noClient = () => appError('not_found', 'no such client');

  app.get(
    '/admin/clients/:clientId/backchannel-logouts',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists the back-channel logout tokens sent or to send to a client, newest first',
        params: ClientParams,
        querystring: Type.Object({
          before: Type.Optional(Type.Integer({ minimum: 1, description: 'seq of the last delivery seen' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({ deliveries: Type.Array(LogoutDeliveryView) }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      if (!(await context.clients.registry.find(clientId))) throw noClient();
      const { before, limit } = request.query;
      const rows = await context.logout.deliveries.list(clientId, limit ?? 50, before);
      return { deliveries: rows.map(deliveryView) };
    },
  );

  app.post(
    '/admin/clients/:clientId/backchannel-logouts/:deliveryId/redeliver',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Sends a failed back-channel logout again (same jti, fresh retry schedule)',
        params: DeliveryParams,
        response: { 202: Type.Null(), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { clientId, deliveryId } = request.params;
      await auditedAdminChange(
        context,
        request,
        async () => {
          if (!(await context.logout.deliveries.redeliver(clientId, deliveryId)))
            throw appError('not_found', 'no such failed logout for this client');
        },
        {
          action: 'logout.backchannel_redelivered',
          target: { type: 'client', id: clientId },
          details: { delivery: deliveryId },
        },
      );
      return reply.code(202).send(null);
    },
  );
}
