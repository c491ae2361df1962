import type { AppContext } from './app-context.js';
import type { App, Port } from './app-types.js';

/**
 * Counts and times every response of this port in one `onResponse` hook. It runs for 404s and errors too, and
 * labels by the route pattern Fastify matched, never the raw URL. Callback style: no promise per request.
 */
export function registerRequestMetrics(app: App, context: AppContext, port: Port): void {
  const { metrics } = context;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      port,
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
}

/**
 * `GET /metrics` on the admin port (DESIGN §2): Prometheus scrapers cannot sign in, so the route is declared
 * public; the admin port itself is what operators keep private.
 */
export function registerMetricsRoute(app: App, context: AppContext): void {
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        summary: 'Prometheus metrics (text exposition format 0.0.4); needs no admin session',
        response: {
          200: {
            description: 'Process, HTTP and database metrics',
            content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (_request, reply) => {
      const { contentType, body } = await context.metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}
