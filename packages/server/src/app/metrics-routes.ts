import type { AppContext } from './app-context.js';
import type { App, Port } from './app-types.js';

/**
 * Counts and times every response of this port in one `onResponse` hook. It runs for 404s and errors too, and
 * labels by the route pattern Fastify matched, never the raw URL. Callback style: no promise per request.
 */
export function registerRequestMetrics(app: App, context: AppContext, port: Port): void {
  const { metrics } = context;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    metrics.observeRequest(port, request.method, route, reply.statusCode, reply.elapsedTime);
    if (port === 'public' && route !== undefined)
      countProtocolOutcome(metrics, route, request, reply.statusCode);
    done();
  });
}

const SCIM_PREFIX = '/scim/v2/';

/**
 * Tokens issued and SCIM operations, read from the answered request: a token is issued exactly when /token answers
 * 200 (its grant type then one the server supports, so the label stays bounded), and a SCIM resource type is the
 * route pattern's first segment after the prefix (`/scim/v2/Users/:id` is `Users`).
 */
function countProtocolOutcome(
  metrics: AppContext['metrics'],
  route: string,
  request: { method: string; body: unknown },
  statusCode: number,
): void {
  if (route === '/token') {
    if (statusCode !== 200) return;
    const grantType = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
    if (typeof grantType === 'string') metrics.tokenIssued(grantType);
    return;
  }
  if (route.startsWith(SCIM_PREFIX)) {
    const resource = route.slice(SCIM_PREFIX.length).split('/', 1)[0] || '(root)';
    metrics.scimOperation(resource, request.method, statusCode);
  }
}

/**
 * `GET /metrics` on the admin port (docs/operations.md#metrics): Prometheus scrapers cannot sign in, so the
 * route is declared public; the admin port itself is what operators keep private.
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
