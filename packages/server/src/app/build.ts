import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import FindMyWay from 'find-my-way';
import type { Logger } from 'pino';
import { registerDirectoryRoutes } from '../accounts/directory-routes.js';
import { registerPasswordRoutes } from '../accounts/password-routes.js';
import { registerProfileRoutes } from '../accounts/profile-routes.js';
import { registerRegistrationRoutes } from '../accounts/registration-routes.js';
import { userOtpAccess } from '../accounts/session-http.js';
import { registerSignInRoutes } from '../accounts/sign-in-routes.js';
import { registerAdminAdminUserRoutes } from '../admin/admin-users-routes.js';
import { registerAdminAuditRoutes } from '../admin/audit-routes.js';
import { registerAdminAuthRoutes } from '../admin/auth-routes.js';
import { registerAdminClientRoutes } from '../admin/clients-routes.js';
import { registerAdminEmailTemplateRoutes } from '../admin/email-template-routes.js';
import { adminOtpAccess, registerAdminGuard } from '../admin/guard.js';
import { registerInstallRoutes } from '../admin/install-routes.js';
import { registerAdminRoleRoutes } from '../admin/org-roles-routes.js';
import { registerAdminOrganizationRoutes } from '../admin/orgs-routes.js';
import { registerAdminOtpManagementRoutes } from '../admin/otp-admin-routes.js';
import { registerAdminSystemRoutes } from '../admin/system-routes.js';
import { registerAdminUserRoutes } from '../admin/users-routes.js';
import { registerClientIconRoutes } from '../clients/icon-routes.js';
import { registerAuthorizeRoutes } from '../oauth/authorize-routes.js';
import { registerBackchannelRoutes } from '../oauth/backchannel-routes.js';
import { registerDiscoveryRoutes } from '../oauth/discovery-routes.js';
import { registerSessionRoutes } from '../oauth/session-routes.js';
import { registerTokenRoutes } from '../oauth/token-routes.js';
import { registerUserInfoRoutes } from '../oauth/userinfo-routes.js';
import { registerOrganizationRoutes } from '../orgs/routes.js';
import { registerOtpRoutes } from '../otp/routes.js';
import { MULTILINE_KEYWORD, registerAcceptableInputCheck } from './acceptable-input.js';
import type { AppContext } from './context.js';
import { ApiError, OAuthError } from './errors.js';
import { registerHealthRoutes } from './health.js';
import { registerMetricsRoute, registerRequestMetrics } from './metrics-routes.js';
import { DeferredRequestLogger } from './request-logger.js';
import { registerSecurityHeaders } from './security-headers.js';
import { DEFAULT_ADMIN_UI_DIR, DEFAULT_UI_DIR, registerStaticUi } from './static-ui.js';

export type Port = 'public' | 'admin';
/** A Fastify app with TypeBox type inference for route schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Render errors of this route as RFC 6749 OAuth errors. */
    oauthErrors?: boolean;
  }
}

export interface BuildOptions {
  uiDirectory?: string;
  adminUiDirectory?: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

const routeTables = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered on an app (HEAD twins excluded), for tests that check the OpenAPI document is complete. */
export function registeredRoutes(app: App): RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

/** A route registered without a response schema could serialize an undeclared field (a secret): refuse to start. */
function assertRouteHasSchemas(route: {
  method: string | string[];
  url: string;
  schema?: { response?: unknown };
}) {
  if (!route.schema?.response) {
    throw new Error(`route ${String(route.method)} ${route.url} declares no response schema`);
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
      renderError(error, request, reply);
    },
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
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({
        method,
        url: route.url,
        schema: route.schema as Record<string, unknown> | undefined,
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

  registerSecurityHeaders(app, { https: config.baseUrl.startsWith('https://') });
  registerRequestMetrics(app, context, port);
  registerAcceptableInputCheck(app);
  app.setErrorHandler((error, request, reply) => renderError(error as Error, request, reply));
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
    registerDiscoveryRoutes(app, context);
    registerAuthorizeRoutes(app, context);
    registerTokenRoutes(app, context);
    registerBackchannelRoutes(app, context);
    registerUserInfoRoutes(app, context);
    registerSessionRoutes(app, context);
    registerSignInRoutes(app, context);
    registerRegistrationRoutes(app, context);
    registerPasswordRoutes(app, context);
    registerProfileRoutes(app, context);
    registerDirectoryRoutes(app, context);
    registerClientIconRoutes(app, context);
    registerOtpRoutes(app, context, '/otp', userOtpAccess(context));
    registerOrganizationRoutes(app, context);
    registerStaticUi(app, {
      prefix: '/ui',
      directory: options.uiDirectory ?? DEFAULT_UI_DIR,
      tag: 'hosted-ui',
    });
    app.get(
      '/',
      {
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
    registerAdminGuard(app, context);
    registerMetricsRoute(app, context);
    registerInstallRoutes(app, context);
    registerAdminAuthRoutes(app, context);
    registerAdminClientRoutes(app, context);
    registerAdminSystemRoutes(app, context);
    registerAdminEmailTemplateRoutes(app, context);
    registerAdminAuditRoutes(app, context);
    registerAdminUserRoutes(app, context);
    registerAdminAdminUserRoutes(app, context);
    registerOtpRoutes(app, context, '/admin/otp', adminOtpAccess(context));
    registerAdminOtpManagementRoutes(app, context);
    registerAdminOrganizationRoutes(app, context);
    registerAdminRoleRoutes(app, context);
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

/**
 * RFC 6749 §5.2: error_description is limited to printable ASCII without `"` and `\\`. Descriptions may quote
 * request input (a grant type, a scope), so anything else is replaced and the length bounded.
 */
export function oauthDescription(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '?').slice(0, 300);
}

/** Renders every error in one place (DESIGN §10). No stack trace or internal message ever reaches the client. */
function renderError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OAuthError) {
    return reply
      .code(error.statusCode)
      .headers({ ...error.headers, 'cache-control': 'no-store' })
      .send({ error: error.error, error_description: oauthDescription(error.description) });
  }
  if (error instanceof ApiError) {
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
    return reply
      .code(status === 413 || status === 415 ? status : 400)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_request', error_description: message });
  }
  return reply.code(status).send({ error: code, message });
}
