import { Type } from 'typebox';
import { isMigrated } from '../db/migrate.js';
import type { AppContext } from './context.js';
import type { App } from './fastify-app.js';

const Health = Type.Object({ status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]) });

/** `/healthz`: the process is up. `/readyz`: the database answers and every migration is applied. */
export function registerHealthRoutes(app: App, context: AppContext): void {
  app.get(
    '/healthz',
    { schema: { tags: ['meta'], summary: 'Liveness', response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['meta'],
        summary: 'Readiness (database reachable and migrated)',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const ready = await isMigrated(context.database).catch(() => false);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
