import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { GROUP_ATTRIBUTES, GROUP_SCHEMA } from './attributes.js';
import { parseGroupFilter } from './filter.js';
import { applyPatch, type ResourceAttributes } from './patch.js';
import { readGroup } from './resource.js';
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
  GroupResource,
  groupResource,
  listResponse,
  listResponseOf,
  locationOf,
  selectAttributes,
} from './views.js';

const GROUP_PATCH_SCHEMA: ResourceAttributes = {
  core: GROUP_ATTRIBUTES,
  extensions: new Map(),
  readOnly: new Set(),
};

/** /scim/v2/Groups (RFC 7644 §3.3-3.6), registered inside the SCIM plugin of public-routes.ts. */
export function registerGroupRoutes(scim: App, context: AppContext, kit: ScimRouteKit): void {
  const { baseUrl, config, errors, maxResults, audited } = kit;

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
        const selected = resources.map((resource) =>
          selectAttributes(resource, request.query.attributes, request.query.excludedAttributes),
        );
        return listResponse(selected, total, page.startIndex);
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
        summary: 'Modifies a group and its members (RFC 7644 §3.5.2); 204 unless attributes are asked for',
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
}
