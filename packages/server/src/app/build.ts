import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import FindMyWay from 'find-my-way';
import type { Logger } from 'pino';
import { userSessionAccess } from '../accounts/session-http.js';
import { adminSessionAccess } from '../admin/guard.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { MULTILINE_KEYWORD, registerAcceptableInputCheck } from './acceptable-input.js';
import { type Access, assertRouteDeclaresAccess, registerAccessHook } from './access.js';
import type { AppContext } from './app-context.js';
import type { App, Port } from './app-types.js';
import { declareImplicitErrors, isDeclaredError, UNDECLARED_ERROR_MESSAGE } from './error-declarations.js';
import { sanitizeErrorDescription } from './error-description.js';
import { ApiError, OAuthError, serviceUnavailable, temporarilyUnavailable } from './errors.js';
import { registerHealthRoutes } from './health.js';
import { LogThrottle } from './log-throttle.js';
import { registerMetricsRoute, registerRequestMetrics } from './metrics-routes.js';
import type { SliceModule } from './module.js';
import { MODULES } from './modules.js';
import type { AdminPort } from './ports/admin-port.js';
import { DeferredRequestLogger } from './request-logger.js';
import { registerRequestTracing } from './request-tracing.js';
import { cachedCompilersFactory } from './schema-compilers.js';
import { registerSecurityHeaders } from './security-headers.js';
import { DEFAULT_ADMIN_UI_DIR, DEFAULT_UI_DIR, registerStaticUi } from './static-ui.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Render errors of this route as RFC 6749 OAuth errors. */
    oauthErrors?: boolean;
    /**
     * This route renders its errors itself in another protocol's shape (SCIM, RFC 7644 §3.12) and declares them in
     * its own response schemas: the JSON API's implicit error declarations do not apply.
     */
    ownErrorShape?: boolean;
  }
}

export interface BuildOptions {
  uiDirectory?: string;
  adminUiDirectory?: string;
  /**
   * Answer an error a route did not declare (its code under its status) with a 500 and an error log instead
   * (error-declarations.ts). The test harness turns it on, so the suite proves the declarations complete.
   */
  checkErrorDeclarations?: boolean;
  /** The modules whose routes the port serves; app/modules.ts's list unless a test gives its own. */
  modules?: readonly SliceModule[];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  /** What the route requires of its caller (app/access.ts). */
  access: Access;
}

const routeTables = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered on an app (HEAD twins excluded), for tests that check the OpenAPI document is complete. */
export function registeredRoutes(app: App): RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

/**
 * A route registered without a response schema could serialize an undeclared field (a secret): refuse to start.
 * A headers schema is refused too: with the shared compilers (schema-compilers.ts) Fastify would no longer lower
 * its property names, so it would not match the lower-case headers Node hands over.
 */
function assertRouteHasSchemas(route: {
  method: string | string[];
  url: string;
  schema?: { response?: unknown; headers?: unknown };
}) {
  if (!route.schema?.response) {
    throw new Error(`route ${String(route.method)} ${route.url} declares no response schema`);
  }
  if (route.schema.headers !== undefined) {
    throw new Error(
      `route ${String(route.method)} ${route.url} declares a headers schema; read headers in the handler`,
    );
  }
}

/** Builds the Fastify app for one port from a shared context. */
export async function buildApp(context: AppContext, port: Port, options: BuildOptions = {}): Promise<App> {
  const { config } = context;
  const app = Fastify({
    loggerInstance: context.logger.child({ port }) as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // A hop count trusts that many proxies in front of us (as proxy-addr counts them).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings, childOptions) =>
      new DeferredRequestLogger(
        logger as unknown as Logger,
        bindings,
        childOptions,
      ) as unknown as FastifyBaseLogger,
    // The JSON parser rejects __proto__/constructor keys rather than silently dropping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // A path that does not decode (a percent-encoded byte sequence that is not UTF-8) gets our error body too.
    frameworkErrors: (error, request, reply) => {
      renderError(error, request, reply, false);
    },
    // Compiled once per process and schema, not once per app (schema-compilers.ts).
    schemaController: { compilersFactory: cachedCompilersFactory },
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        allErrors: false,
        keywords: [MULTILINE_KEYWORD],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every method registered for a path, to tell 405 (path exists, method does not) from 404.
  const methodsByPath = FindMyWay<FindMyWay.HTTPVersion.V1>({ ignoreTrailingSlash: false });
  const routeTable: RegisteredRoute[] = [];
  routeTables.set(app, routeTable);
  app.addHook('onRoute', (route) => {
    assertRouteHasSchemas(route);
    assertRouteDeclaresAccess(route, port);
    declareImplicitErrors(route, port);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({
        method,
        url: route.url,
        schema: route.schema as Record<string, unknown> | undefined,
        access: route.config!.access!,
      });
      try {
        methodsByPath.on(method as FindMyWay.HTTPMethod, route.url, () => {});
      } catch {
        // Already known for this method (e.g. a prefixed plugin route): nothing to add.
      }
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: port === 'public' ? 'Tessera public API' : 'Tessera admin API',
        version: '0.1.0',
        description:
          port === 'public'
            ? 'OpenID Connect / OAuth 2.0 endpoints, the hosted UI and the signed-in user API.'
            : 'Administration, first-run install and metrics. Keep this port private.',
      },
      servers: [{ url: port === 'public' ? config.baseUrl : config.adminUrl }],
    },
  });
  await app.register(formbody);
  await app.register(cookie);

  // First, so the request's span is current for every later hook and the handler.
  registerRequestTracing(app, port);
  registerSecurityHeaders(app, { url: port === 'public' ? config.baseUrl : config.adminUrl, port });
  registerRequestMetrics(app, context, port);
  registerAcceptableInputCheck(app);
  // The port's one access hook, before any route is registered and before the body is parsed (app/access.ts).
  registerAccessHook(app, port === 'public' ? userSessionAccess(context) : adminSessionAccess(context));
  const unavailableWarnings = new LogThrottle(UNAVAILABLE_LOG_INTERVAL_MS);
  const checkDeclarations = options.checkErrorDeclarations === true;
  app.setErrorHandler((error, request, reply) =>
    renderError(
      unavailableAsTyped(error as Error, request, unavailableWarnings),
      request,
      reply,
      checkDeclarations,
    ),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => method !== request.method && methodsByPath.find(method, path));
    if (allowed.length > 0 && !methodsByPath.find(request.method as FindMyWay.HTTPMethod, path)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          error: 'method_not_allowed',
          message: `${request.method} is not allowed here; use ${allowed.join(', ')}`,
        });
    }
    return reply.code(404).send({ error: 'not_found', message: `no route for ${request.method} ${path}` });
  });

  registerHealthRoutes(app, context);
  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        summary: 'This port’s OpenAPI 3.1 description, generated from the route schemas',
        response: {
          200: { description: 'OpenAPI document', content: { 'application/json': { schema: {} } } },
        },
      },
    },
    async (_request, reply) => reply.type('application/json').send(JSON.stringify(app.swagger())),
  );

  if (port === 'public') {
    for (const module of options.modules ?? MODULES) module.registerPublic?.(app, context);
    registerStaticUi(app, {
      prefix: '/ui',
      directory: options.uiDirectory ?? DEFAULT_UI_DIR,
      tag: 'hosted-ui',
    });
    app.get(
      '/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['hosted-ui'],
          summary: 'Redirects to the hosted UI',
          response: { 302: { description: 'Redirect to /ui/', type: 'null' } },
        },
      },
      async (_request, reply) => reply.redirect('/ui/', 302),
    );
    app.get(
      '/ui',
      {
        config: { access: 'public' },
        schema: {
          tags: ['hosted-ui'],
          summary: 'Redirects to /ui/',
          response: { 301: { description: 'Redirect to /ui/', type: 'null' } },
        },
      },
      async (_request, reply) => reply.redirect('/ui/', 301),
    );
  }

  if (port === 'admin') {
    registerMetricsRoute(app, context);
    // The admin port's session access (one per context), for the modules' routes that need it (app/ports).
    const adminPort: AdminPort = { access: adminSessionAccess(context) };
    for (const module of options.modules ?? MODULES) module.registerAdmin?.(app, context, adminPort);
    registerStaticUi(app, {
      prefix: '',
      directory: options.adminUiDirectory ?? DEFAULT_ADMIN_UI_DIR,
      tag: 'admin-portal',
      reservedPrefixes: ['/admin', '/install', '/metrics'],
    });
  }

  await app.ready();
  return app;
}

function isOAuthRoute(request: FastifyRequest): boolean {
  return request.routeOptions?.config?.oauthErrors === true;
}

/** While the database is away every request may fail the same way: one warning per interval is enough. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

/** The innermost cause of an error, as a code and message safe to log (a wrapping query error quotes its SQL). */
function rootCause(error: unknown): { code?: string; message: string } {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown };
  for (let depth = 0; current.cause && depth < 4; depth += 1) current = current.cause as typeof current;
  return {
    code: typeof current.code === 'string' ? current.code : undefined,
    message: String(current.message ?? current),
  };
}

/** A database that cannot be reached is a 503 with Retry-After in the route's vocabulary, never a 500. */
function unavailableAsTyped(error: Error, request: FastifyRequest, warnings: LogThrottle): Error {
  if (error instanceof ApiError || error instanceof OAuthError || !isDatabaseUnavailable(error)) return error;
  const heldBack = warnings.take();
  if (heldBack !== null) {
    request.log.warn(
      { cause: rootCause(error), similarWarningsHeldBack: heldBack },
      'database unavailable: answering 503',
    );
  }
  return isOAuthRoute(request) ? temporarilyUnavailable() : serviceUnavailable();
}

/**
 * With declarations checked, an error the route did not declare becomes a 500 and an error log naming the route,
 * status and code, so a test that reaches it fails (and the test harness fails the server that logged it).
 */
function undeclared(request: FastifyRequest, reply: FastifyReply, status: number, code: string): boolean {
  if (isDeclaredError(request, status, code)) return false;
  const route = `${request.method} ${request.routeOptions.url}`;
  request.log.error({ route, status, code }, UNDECLARED_ERROR_MESSAGE);
  reply.code(500).send({
    error: 'undeclared_error',
    message: `${route} answered ${status} ${code}, which it does not declare in its response schema`,
  });
  return true;
}

/**
 * Renders every error in one place (docs/integration.md#errors). No stack trace or internal message ever
 * reaches the client.
 */
function renderError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  checkDeclarations: boolean,
) {
  if (error instanceof OAuthError) {
    if (checkDeclarations && undeclared(request, reply, error.statusCode, error.error)) return reply;
    return reply
      .code(error.statusCode)
      .headers({ ...error.headers, 'cache-control': 'no-store' })
      .send({ error: error.error, error_description: sanitizeErrorDescription(error.description) });
  }
  if (error instanceof ApiError) {
    if (checkDeclarations && undeclared(request, reply, error.statusCode, error.code)) return reply;
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ error: error.code, message: error.message });
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  let code: string;
  let message: string;
  if (fastifyError.validation) {
    code = 'invalid_request';
    message = fastifyError.message;
  } else if (fastifyError.code === 'FST_ERR_BAD_URL') {
    code = 'invalid_request';
    message = 'the URL is not valid: a percent-encoded sequence is not UTF-8';
  } else if (status === 413) {
    code = 'payload_too_large';
    message = 'the request body is larger than this endpoint accepts';
  } else if (status === 415) {
    code = 'unsupported_media_type';
    message = 'unsupported Content-Type for this endpoint';
  } else if (
    status === 400 &&
    (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP'))
  ) {
    code = 'malformed_body';
    message = 'the request body could not be parsed';
  } else if (status >= 400 && status < 500) {
    code = 'invalid_request';
    message = 'the request is not valid';
  } else {
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: 'internal server error' });
  }
  if (isOAuthRoute(request)) {
    const oauthStatus = status === 413 || status === 415 ? status : 400;
    if (checkDeclarations && undeclared(request, reply, oauthStatus, 'invalid_request')) return reply;
    return reply
      .code(oauthStatus)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_request', error_description: sanitizeErrorDescription(message) });
  }
  if (checkDeclarations && undeclared(request, reply, status, code)) return reply;
  return reply.code(status).send({ error: code, message });
}
