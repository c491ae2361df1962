import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MULTILINE, unacceptableInput } from '../app/acceptable-input.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { ApiError } from '../app/errors.js';
import type { AuditEventInput } from '../audit/audit-log.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import {
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  GROUP_ATTRIBUTES,
  GROUP_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.js';
import { SCIM_ERROR_SCHEMA, ScimError, scimErrorResponses } from './errors.js';
import { parseGroupFilter, parseUserFilter } from './filter.js';
import { applyPatch, type ResourceAttributes } from './patch.js';
import { readGroup, readUser } from './resource.js';
import type { ConnectionRow, TokenRow } from './store.js';
import {
  GroupResource,
  groupResource,
  LIST_RESPONSE_SCHEMA,
  listResponseOf,
  locationOf,
  selectAttributes,
  UserResource,
  userResource,
} from './views.js';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: { token: TokenRow; connection: ConnectionRow };
  }
}

const SCIM_MEDIA_TYPE = 'application/scim+json';
const PREFIX = '/scim/v2';
const TAG = 'scim';

const USER_PATCH_SCHEMA: ResourceAttributes = {
  core: USER_ATTRIBUTES,
  extensions: new Map([[ENTERPRISE_USER_SCHEMA, ENTERPRISE_USER_ATTRIBUTES]]),
  readOnly: new Set(['groups']),
};
const GROUP_PATCH_SCHEMA: ResourceAttributes = {
  core: GROUP_ATTRIBUTES,
  extensions: new Map(),
  readOnly: new Set(),
};

const AnyDocument = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
/** Any JSON object; resource.ts reads and checks it attribute by attribute. */
const Body = Type.Object({}, { additionalProperties: true });

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

const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
const Projection = {
  attributes: Type.Optional(Type.String({ maxLength: 1000 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 1000 })),
};
const ListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 1000 })),
  startIndex: Type.Optional(Type.Integer()),
  count: Type.Optional(Type.Integer()),
  ...Projection,
});
const ProjectionQuery = Type.Object(Projection);
const noContent = { description: 'No content', type: 'null' } as const;

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

function caller(request: FastifyRequest): { token: TokenRow; connection: ConnectionRow } {
  if (!request.scimCaller) throw new Error('SCIM route without its bearer hook');
  return request.scimCaller;
}

/** RFC 7644 §3.4.2.4: 1-based startIndex (below 1 means 1), count (negative means 0) capped by maxResults. */
function paging(query: { startIndex?: number; count?: number }, maxResults: number) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(Math.max(0, query.count ?? maxResults), maxResults);
  return { startIndex, count, offset: startIndex - 1 };
}

/** SCIM provisioning (spec §4.5) on the public port under /scim/v2, for SCIM bearer tokens only. */
export function registerScimRoutes(app: App, context: AppContext): void {
  const baseUrl = context.config.baseUrl;
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

      /** A SCIM change and its audit entry in one transaction, with the token as the actor. */
      const audited = <T>(
        request: FastifyRequest,
        action: string,
        change: () => Promise<T>,
        target: (result: T) => { type: string; id: string; details?: Record<string, unknown> },
      ) => {
        const { token, connection } = caller(request);
        return context.audit.recordChange(change, (result): AuditEventInput => {
          const { details, ...subject } = target(result);
          return {
            action,
            outcome: 'success',
            actor: { type: 'system', id: `scim:${token.id}` },
            target: subject,
            details: { connection: connection.id, organization: connection.organizationId, ...details },
            request,
          };
        });
      };
      const maxResults = () => context.settings.get('scim.max_results');
      // Every public route declares who may call it; here a SCIM token, which the onRequest hook above enforces.
      // Nothing reads `access` yet; the public port's access declarations (another branch) will type and check it.
      const config = { access: 'scim-token' } as const;
      const errors = (...statuses: number[]) => scimErrorResponses(401, ...statuses);

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

      const listOf = (resources: Record<string, unknown>[]) => ({
        schemas: [LIST_RESPONSE_SCHEMA],
        totalResults: resources.length,
        startIndex: 1,
        itemsPerPage: resources.length,
        Resources: resources,
      });
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

      // --- Users ---

      const renderUser = async (row: Awaited<ReturnType<typeof context.scim.users.get>>) =>
        userResource(baseUrl, row, await context.scim.users.groupsOf(row));

      // `/Users/` too: Microsoft's collection lists with a trailing slash.
      for (const path of ['/Users', '/Users/']) {
        scim.get(
          path,
          {
            config,
            schema: {
              tags: [TAG],
              summary: 'Lists and filters the connection’s users (RFC 7644 §3.4.2)',
              querystring: ListQuery,
              response: { 200: listResponseOf(UserResource, 'ScimUserList'), ...errors(400) },
            },
          },
          async (request) => {
            const { connection } = caller(request);
            const comparisons = request.query.filter ? parseUserFilter(request.query.filter) : [];
            const page = paging(request.query, maxResults());
            const { rows, total } = await context.scim.users.list(
              connection,
              comparisons,
              page.offset,
              page.count,
            );
            const resources = await Promise.all(rows.map(renderUser));
            return {
              schemas: [LIST_RESPONSE_SCHEMA],
              totalResults: total,
              startIndex: page.startIndex,
              itemsPerPage: resources.length,
              Resources: resources.map((resource) =>
                selectAttributes(resource, request.query.attributes, request.query.excludedAttributes),
              ),
            };
          },
        );
      }

      scim.post(
        '/Users',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary: 'Provisions a user (RFC 7644 §3.3)',
            body: Body,
            response: { 201: UserResource, ...errors(400, 409) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          const input = readUser(request.body);
          const row = await audited(
            request,
            'scim.user.created',
            () => context.scim.users.create(connection, input),
            (created) => ({
              type: 'user',
              id: created.userId,
              details: { scim_id: created.id, linked: !created.owned },
            }),
          );
          const resource = await renderUser(row);
          return reply
            .code(201)
            .header('location', locationOf(baseUrl, 'Users', row.id))
            .send(resource);
        },
      );

      scim.get(
        '/Users/:id',
        {
          config,
          schema: {
            tags: [TAG],
            summary: 'One user of the connection',
            params: IdParams,
            querystring: ProjectionQuery,
            response: { 200: UserResource, ...errors(404) },
          },
        },
        async (request) => {
          const row = await context.scim.users.get(caller(request).connection, request.params.id);
          return selectAttributes(
            await renderUser(row),
            request.query.attributes,
            request.query.excludedAttributes,
          );
        },
      );

      scim.put(
        '/Users/:id',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary: 'Replaces a user (RFC 7644 §3.5.1); active false deprovisions',
            params: IdParams,
            body: Body,
            response: { 200: UserResource, ...errors(400, 404, 409) },
          },
        },
        async (request) => {
          const { connection } = caller(request);
          const input = readUser(request.body);
          const row = await audited(
            request,
            'scim.user.replaced',
            () => context.scim.users.replace(connection, request.params.id, input),
            (updated) => ({
              type: 'user',
              id: updated.userId,
              details: { scim_id: updated.id, active: updated.active },
            }),
          );
          return renderUser(row);
        },
      );

      scim.patch(
        '/Users/:id',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary:
              'Modifies a user (RFC 7644 §3.5.2); active false deprovisions; 204 unless attributes are asked for',
            params: IdParams,
            querystring: ProjectionQuery,
            body: Body,
            response: { 200: UserResource, 204: noContent, ...errors(400, 404, 409) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          const row = await audited(
            request,
            'scim.user.patched',
            async () => {
              const current = await renderUser(await context.scim.users.get(connection, request.params.id));
              const patched = applyPatch(current, request.body, USER_PATCH_SCHEMA, USER_SCHEMA);
              return context.scim.users.replace(connection, request.params.id, readUser(patched));
            },
            (updated) => ({
              type: 'user',
              id: updated.userId,
              details: { scim_id: updated.id, active: updated.active },
            }),
          );
          // RFC 7644 §3.5.2: 204, or 200 with the resource when attributes are asked for. Microsoft's reference
          // collection expects 204; Entra ID and Okta accept both.
          if (request.query.attributes === undefined && request.query.excludedAttributes === undefined)
            return reply.code(204).send(undefined as never);
          return selectAttributes(
            await renderUser(row),
            request.query.attributes,
            request.query.excludedAttributes,
          );
        },
      );

      scim.delete(
        '/Users/:id',
        {
          config,
          schema: {
            tags: [TAG],
            summary: 'Deprovisions and removes a user (RFC 7644 §3.6)',
            params: IdParams,
            response: { 204: noContent, ...errors(404) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          await audited(
            request,
            'scim.user.deleted',
            () => context.scim.users.delete(connection, request.params.id),
            (deleted) => ({ type: 'user', id: deleted.userId, details: { scim_id: deleted.id } }),
          );
          return reply.code(204).send(undefined as never);
        },
      );

      // --- Groups ---

      const renderGroups = async (rows: Awaited<ReturnType<typeof context.scim.groups.get>>[]) => {
        const members = await context.scim.groups.members(rows.map((row) => row.id));
        return rows.map((row) => groupResource(baseUrl, row, members.get(row.id) ?? []));
      };
      const renderGroup = async (row: Awaited<ReturnType<typeof context.scim.groups.get>>) =>
        (await renderGroups([row]))[0]!;

      // `/Groups/` too: Microsoft's collection lists with a trailing slash.
      for (const path of ['/Groups', '/Groups/']) {
        scim.get(
          path,
          {
            config,
            schema: {
              tags: [TAG],
              summary: 'Lists and filters the connection’s groups (RFC 7644 §3.4.2)',
              querystring: ListQuery,
              response: { 200: listResponseOf(GroupResource, 'ScimGroupList'), ...errors(400) },
            },
          },
          async (request) => {
            const { connection } = caller(request);
            const comparisons = request.query.filter ? parseGroupFilter(request.query.filter) : [];
            const page = paging(request.query, maxResults());
            const { rows, total } = await context.scim.groups.list(
              connection,
              comparisons,
              page.offset,
              page.count,
            );
            const resources = await renderGroups(rows);
            return {
              schemas: [LIST_RESPONSE_SCHEMA],
              totalResults: total,
              startIndex: page.startIndex,
              itemsPerPage: resources.length,
              Resources: resources.map((resource) =>
                selectAttributes(resource, request.query.attributes, request.query.excludedAttributes),
              ),
            };
          },
        );
      }

      scim.post(
        '/Groups',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary: 'Creates a group (RFC 7644 §3.3)',
            body: Body,
            response: { 201: GroupResource, ...errors(400, 409) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          const input = readGroup(request.body);
          const row = await audited(
            request,
            'scim.group.created',
            () => context.scim.groups.create(connection, input),
            (created) => ({ type: 'scim_group', id: created.id, details: { members: input.members.length } }),
          );
          return reply
            .code(201)
            .header('location', locationOf(baseUrl, 'Groups', row.id))
            .send(await renderGroup(row));
        },
      );

      scim.get(
        '/Groups/:id',
        {
          config,
          schema: {
            tags: [TAG],
            summary: 'One group of the connection',
            params: IdParams,
            querystring: ProjectionQuery,
            response: { 200: GroupResource, ...errors(404) },
          },
        },
        async (request) => {
          const row = await context.scim.groups.get(caller(request).connection, request.params.id);
          return selectAttributes(
            await renderGroup(row),
            request.query.attributes,
            request.query.excludedAttributes,
          );
        },
      );

      scim.put(
        '/Groups/:id',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary: 'Replaces a group with its members (RFC 7644 §3.5.1; Okta uses it)',
            params: IdParams,
            body: Body,
            response: { 200: GroupResource, ...errors(400, 404, 409) },
          },
        },
        async (request) => {
          const { connection } = caller(request);
          const input = readGroup(request.body);
          const row = await audited(
            request,
            'scim.group.replaced',
            () => context.scim.groups.replace(connection, request.params.id, input),
            (updated) => ({ type: 'scim_group', id: updated.id }),
          );
          return renderGroup(row);
        },
      );

      scim.patch(
        '/Groups/:id',
        {
          config,
          attachValidation: true,
          schema: {
            tags: [TAG],
            summary:
              'Modifies a group and its members (RFC 7644 §3.5.2); 204 unless attributes are asked for',
            params: IdParams,
            querystring: ProjectionQuery,
            body: Body,
            response: { 200: GroupResource, 204: noContent, ...errors(400, 404, 409) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          const row = await audited(
            request,
            'scim.group.patched',
            async () => {
              const current = await renderGroup(await context.scim.groups.get(connection, request.params.id));
              const patched = applyPatch(current, request.body, GROUP_PATCH_SCHEMA, GROUP_SCHEMA);
              return context.scim.groups.replace(connection, request.params.id, readGroup(patched));
            },
            (updated) => ({ type: 'scim_group', id: updated.id }),
          );
          // Entra ID recommends 204 for group PATCH; RFC 7644 §3.5.2 wants the resource when attributes are asked for.
          if (request.query.attributes === undefined && request.query.excludedAttributes === undefined)
            return reply.code(204).send(undefined as never);
          return selectAttributes(
            await renderGroup(row),
            request.query.attributes,
            request.query.excludedAttributes,
          );
        },
      );

      scim.delete(
        '/Groups/:id',
        {
          config,
          schema: {
            tags: [TAG],
            summary: 'Deletes a group (its members lose the roles it mapped to)',
            params: IdParams,
            response: { 204: noContent, ...errors(404) },
          },
        },
        async (request, reply) => {
          const { connection } = caller(request);
          await audited(
            request,
            'scim.group.deleted',
            () => context.scim.groups.delete(connection, request.params.id),
            (deleted) => ({ type: 'scim_group', id: deleted.id }),
          );
          return reply.code(204).send(undefined as never);
        },
      );
    },
    { prefix: PREFIX },
  );
}
