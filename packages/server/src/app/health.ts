import { Type } from 'typebox';
import { VERSION } from '../version.js';
import type { AppContext } from './app-context.js';
import type { App } from './app-types.js';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  version: Type.String({ description: "This node's Tessera release (semantic versioning), e.g. '0.2.0'" }),
});

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')], {
    description: "'ok' when the database answers, is migrated, and this node's caches are current",
  }),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('not_migrated')]),
  caches: Type.Union([Type.Literal('current'), Type.Literal('stale')], {
    description:
      "'stale' while this node cannot confirm it hears other nodes' changes (or is reloading after it could not): it then reads the database instead of its caches, or answers 503",
  }),
  rate_limits: Type.Union([Type.Literal('shared'), Type.Literal('node')], {
    description:
      "'shared' while every node counts in Redis; 'node' without REDIS_URL or while Redis is away (not a reason to be unready)",
  }),
});

/** A readiness probe must answer even when the database does not: a check that hangs counts as unreachable. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

async function databaseState(context: AppContext): Promise<'ok' | 'unreachable' | 'not_migrated'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), DATABASE_CHECK_TIMEOUT_MS);
  });
  type State = 'ok' | 'unreachable' | 'not_migrated';
  const check = context.storage.isMigrated().then(
    (migrated): State => (migrated ? 'ok' : 'not_migrated'),
    (): State => 'unreachable',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is up, and which release it runs. `/readyz`: the database answers, every migration is applied, and this node can
 * vouch for its caches (docs/operations.md, "Health").
 */
export function registerHealthRoutes(app: App, context: AppContext): void {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['meta'], summary: 'Liveness', response: { 200: Health } },
    },
    async () => ({ status: 'ok' as const, version: VERSION }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        summary: 'Readiness (database reachable and migrated, caches current)',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const database = await databaseState(context);
      const caches = context.bus.isCurrent() ? ('current' as const) : ('stale' as const);
      const ready = database === 'ok' && caches === 'current';
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        database,
        caches,
        rate_limits: context.rateLimits.scope,
      });
    },
  );
}
