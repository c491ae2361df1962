import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import {
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import { parseUserFilter } from './filter.js';
import { applyPatch, type ResourceAttributes } from './patch.js';
import { readUser } from './resource.js';
import {
  Body,
  caller,
  IdParams,
  ListQuery,
  noContent,
  ProjectionQuery,
  paging,
  type ScimRouteKit,
  TAG,
} from './route-kit.js';
import {
  listResponse,
  listResponseOf,
  locationOf,
  selectAttributes,
  UserResource,
  userResource,
} from './views.js';

const USER_PATCH_SCHEMA: ResourceAttributes = {
  core: USER_ATTRIBUTES,
  extensions: new Map([[ENTERPRISE_USER_SCHEMA, ENTERPRISE_USER_ATTRIBUTES]]),
  readOnly: new Set(['groups']),
};

/** /scim/v2/Users (RFC 7644 §3.3-3.6), registered inside the SCIM plugin of public-routes.ts. */
export function registerUserRoutes(scim: App, context: AppContext, kit: ScimRouteKit): void {
  const { baseUrl, config, errors, maxResults, audited } = kit;

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
        const selected = resources.map((resource) =>
          selectAttributes(resource, request.query.attributes, request.query.excludedAttributes),
        );
        return listResponse(selected, total, page.startIndex);
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
}
