import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MULTILINE, unacceptableInput } from '../app/acceptable-input.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { ApiError } from '../app/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.js';
import { SCIM_ERROR_SCHEMA, ScimError } from './errors.js';
import { registerGroupRoutes } from './group-routes.js';
import { IdParams, scimRouteKit, TAG } from './route-kit.js';
import { registerSearchRoute } from './search.js';
import { registerUserRoutes } from './user-routes.js';
import { listResponse, listResponseOf } from './views.js';

const SCIM_MEDIA_TYPE = 'application/scim+json';
const PREFIX = '/scim/v2';

const AnyDocument = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/**
 * The shared input check (app/acceptable-input.ts) walked with this schema instead of Body: the same rules, but a
 * string may hold line breaks (RFC 7643 §4.1.2: an address's `formatted` may; resource.ts refuses them in every
 * other attribute). It is never compiled by Ajv, so it needs no types.
 */
function linesAllowed(depth: number): Record<string, unknown> {
  if (depth === 0) return MULTILINE;
  const inner = linesAllowed(depth - 1);
  return { ...MULTILINE, additionalProperties: inner, items: inner };
}
const BODY_WITH_LINES = { type: 'object', additionalProperties: linesAllowed(10) };

/**
 * Routes with a body take their validation errors as `request.validationError` (attachValidation); this hook then
 * throws every one except the shared check's refusal of a line break, which it repeats with line breaks allowed.
 */
async function allowLineBreaks(request: FastifyRequest): Promise<void> {
  const error = request.validationError;
  if (!error) return;
  const fromInputCheck =
    error.validationContext === 'body' &&
    error.validation?.every((entry: { keyword: string }) => entry.keyword === 'acceptable');
  if (!fromInputCheck) throw error;
  const again = unacceptableInput({
    routeOptions: { schema: { body: BODY_WITH_LINES } },
    params: {},
    query: {},
    body: request.body,
  } as unknown as FastifyRequest);
  if (again) throw again;
  request.validationError = undefined;
}

/** RFC 7644 §3.12: every error of these routes in the SCIM error shape, `status` a string. */
function renderScimError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  let status: number;
  let scimType: string | null = null;
  let detail: string;
  const fastifyError = error as FastifyError;
  if (error instanceof ScimError) {
    status = error.statusCode;
    scimType = error.scimType;
    detail = error.message;
    reply.headers(error.headers);
  } else if (error instanceof ApiError) {
    status = error.statusCode;
    detail = error.message;
    reply.headers(error.headers);
  } else if (fastifyError.validation) {
    status = 400;
    scimType = 'invalidValue';
    detail = fastifyError.message;
  } else if (fastifyError.statusCode === 413 || fastifyError.statusCode === 415) {
    status = fastifyError.statusCode;
    detail =
      status === 413 ? 'the request body is too large' : 'send application/scim+json or application/json';
  } else if (
    fastifyError.statusCode === 400 &&
    (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP'))
  ) {
    status = 400;
    scimType = 'invalidSyntax';
    detail = 'the request body is not valid JSON';
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    detail = 'the service is temporarily unavailable; try again shortly';
    reply.header('retry-after', '5');
  } else if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    status = fastifyError.statusCode;
    detail = 'the request is not valid';
  } else {
    request.log.error({ err: error }, 'unhandled error');
    status = 500;
    detail = 'internal server error';
  }
  return reply
    .code(status)
    .type(SCIM_MEDIA_TYPE)
    .send({
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    });
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * SCIM provisioning (RFC 7644, docs/scim.md#protocol) on the public port under /scim/v2, for SCIM bearer
 * tokens only.
 */
export function registerScimRoutes(app: App, context: AppContext): void {
  const kit = scimRouteKit(context);
  const { baseUrl, config, errors, maxResults } = kit;
  app.register(
    async (instance) => {
      // The plugin instance keeps the TypeBox type provider of the app it is registered on.
      const scim = instance as unknown as App;
      // RFC 7644 §3.1: application/scim+json; application/json is accepted too (Okta's spec test sends it).
      scim.addContentTypeParser(
        SCIM_MEDIA_TYPE,
        { parseAs: 'string' },
        scim.getDefaultJsonParser('error', 'error'),
      );
      scim.setErrorHandler((error, request, reply) => renderScimError(error as FastifyError, request, reply));
      scim.setNotFoundHandler((request, reply) =>
        renderScimError(
          new ScimError(404, null, `no SCIM endpoint ${request.method} ${request.url.split('?')[0]}`),
          request,
          reply,
        ),
      );
      // A SCIM token opens /scim/v2 and nothing else; every route here needs one (RFC 7644 §2).
      scim.addHook('onRequest', async (request) => {
        const presented = bearerOf(request);
        const challenge = { 'www-authenticate': 'Bearer realm="scim"' };
        if (!presented) throw new ScimError(401, null, 'a SCIM bearer token is required', challenge);
        const found = await context.scim.tokens.authenticate(presented);
        if (!found)
          throw new ScimError(401, null, 'the SCIM token is not valid, revoked or expired', challenge);
        request.scimCaller = found;
      });
      scim.addHook('preHandler', allowLineBreaks);
      scim.addHook('onSend', async (_request, reply, payload) => {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('application/json')) reply.type(SCIM_MEDIA_TYPE);
        return payload;
      });

      scim.get(
        '/ServiceProviderConfig',
        {
          config,
          schema: {
            tags: [TAG],
            summary: 'What this SCIM service provider supports (RFC 7643 §5)',
            response: { 200: AnyDocument, ...errors() },
          },
        },
        async () => serviceProviderConfig(baseUrl, maxResults()),
      );

      const listOf = (resources: Record<string, unknown>[]) => listResponse(resources, resources.length, 1);
      const discovery = [
        ['ResourceTypes', () => resourceTypes(baseUrl), 'Resource types (RFC 7643 §6)'],
        ['Schemas', () => schemas(baseUrl), 'Schema documents: User, enterprise User, Group (RFC 7643 §7)'],
      ] as const;
      for (const [path, documents, summary] of discovery) {
        scim.get(
          `/${path}`,
          {
            config,
            schema: {
              tags: [TAG],
              summary,
              response: { 200: listResponseOf(AnyDocument, `Scim${path}`), ...errors() },
            },
          },
          async () => listOf(documents()),
        );
        scim.get(
          `/${path}/:id`,
          {
            config,
            schema: {
              tags: [TAG],
              summary,
              params: IdParams,
              response: { 200: AnyDocument, ...errors(404) },
            },
          },
          async (request) => {
            const found = documents().find(
              (document) => document.id.toLowerCase() === request.params.id.toLowerCase(),
            );
            if (!found)
              throw new ScimError(
                404,
                null,
                `no ${path} entry ${JSON.stringify(request.params.id.slice(0, 100))}`,
              );
            return found;
          },
        );
      }

      // RFC 7644 §4: the discovery endpoints are read with GET only; another method is 405 with `Allow` (RFC 9110
      // §15.5.6), in the SCIM error shape like every other answer here.
      for (const path of [
        '/ServiceProviderConfig',
        '/ResourceTypes',
        '/ResourceTypes/:id',
        '/Schemas',
        '/Schemas/:id',
      ]) {
        scim.route({
          method: ['POST', 'PUT', 'PATCH', 'DELETE'],
          url: path,
          config,
          schema: {
            tags: [TAG],
            summary: 'Discovery resources are read-only (RFC 7644 §4): 405',
            ...(path.endsWith(':id') ? { params: IdParams } : {}),
            response: errors(405),
          },
          handler: async (request) => {
            throw new ScimError(
              405,
              null,
              `${request.method} is not allowed on ${path.split('/')[1]}: discovery resources are read-only`,
              { allow: 'GET' },
            );
          },
        });
      }

      const users = registerUserRoutes(scim, context, kit);
      const groups = registerGroupRoutes(scim, context, kit);
      registerSearchRoute(
        scim,
        kit,
        '',
        [users, groups],
        'Searches users and groups with the query in the body (RFC 7644 §3.4.3)',
      );
    },
    { prefix: PREFIX },
  );
}
