import type { TSchema } from 'typebox';
import type { App } from '../app/app-types.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { applyPatch, type ResourceAttributes } from './patch.js';
import {
  Body,
  caller,
  IdParams,
  ListQuery,
  ProjectionQuery,
  paging,
  type ScimRouteKit,
  TAG,
} from './route-kit.js';
import { type ResourceQuery, registerSearchRoute } from './search.js';
import type { ConnectionRow } from './store.js';
import {
  listResponse,
  listResponseOf,
  locationOf,
  type Projection,
  type ResourceDocument,
  selectAttributes,
} from './views.js';

/** An audit entry's target and details, as `ScimRouteKit.audited` takes them. */
type AuditTarget = { type: string; id: string; details?: Record<string, unknown> };

/**
 * What one SCIM resource type (User, Group) brings to the routes they share. The routes are the same for both
 * (RFC 7644 §3.3-3.6); what differs is named here and kept in the resource type's own route module.
 */
export interface ScimResourceType<Row, Input, Comparison> {
  /** The endpoint (RFC 7644 §3.2), `/Users` or `/Groups`. */
  endpoint: 'Users' | 'Groups';
  /** The word in the audit actions: `scim.user.created`, `scim.group.deleted`. */
  auditNoun: 'user' | 'group';
  resource: TSchema;
  /** The list response's title in the OpenAPI document. */
  listTitle: string;
  /** The core schema's URN and the attributes a PATCH may name (patch.ts). */
  coreSchema: string;
  patchAttributes: ResourceAttributes;
  summaries: Record<'list' | 'create' | 'get' | 'replace' | 'patch' | 'delete', string>;
  parseFilter(text: string): Comparison[];
  /** Reads and checks a full document (resource.ts): POST and PUT bodies, and a PATCH's result. */
  read(body: unknown): Input;
  service: {
    list(
      connection: ConnectionRow,
      comparisons: Comparison[],
      offset: number,
      limit: number,
    ): Promise<{ rows: Row[]; total: number }>;
    get(connection: ConnectionRow, id: string): Promise<Row>;
    create(connection: ConnectionRow, input: Input): Promise<Row>;
    replace(connection: ConnectionRow, id: string, input: Input): Promise<Row>;
    delete(connection: ConnectionRow, id: string): Promise<Row>;
  };
  /**
   * A PATCH the type applies without reading the whole resource, when it can (Group: a PATCH that only adds and
   * removes members, groups.ts patchMembers); undefined when the PATCH is to be applied to the whole resource.
   */
  patchInPlace?(connection: ConnectionRow, id: string, body: unknown): Promise<Row | undefined>;
  /** Rows as resources, in order; attributes `projection` drops may be left out (views.ts attributeReturned). */
  render(rows: Row[], projection?: Projection): Promise<ResourceDocument[]>;
  audit: {
    created(row: Row, input: Input): AuditTarget;
    /** After PUT and PATCH. */
    changed(row: Row): AuditTarget;
    deleted(row: Row): AuditTarget;
  };
}

/**
 * A resource type's endpoint, registered inside the SCIM plugin of public-routes.ts. Returns its query, which the
 * root `/.search` runs too.
 */
export function registerResourceRoutes<Row extends { id: string }, Input, Comparison>(
  scim: App,
  kit: ScimRouteKit,
  type: ScimResourceType<Row, Input, Comparison>,
): ResourceQuery {
  const { baseUrl, config, errors, maxResults, audited } = kit;
  const { endpoint, auditNoun, resource, service, summaries } = type;
  const renderOne = async (row: Row, projection?: Projection) => (await type.render([row], projection))[0]!;
  const project = (document: ResourceDocument, query: { attributes?: string; excludedAttributes?: string }) =>
    selectAttributes(document, query.attributes, query.excludedAttributes);

  const query: ResourceQuery = {
    comparisons: (filter) => type.parseFilter(filter),
    async run(connection, comparisons, offset, limit, projection) {
      const { rows, total } = await service.list(connection, comparisons as Comparison[], offset, limit);
      return { documents: await type.render(rows, projection), total };
    },
  };
  registerSearchRoute(
    scim,
    kit,
    `/${endpoint}`,
    [query],
    `${summaries.list.replace(/ \(RFC[^)]*\)$/, '')} with the query in the body (RFC 7644 §3.4.3)`,
    resource,
    `${type.listTitle}Search`,
  );

  // `/Users/` and `/Groups/` too: Microsoft's collection lists with a trailing slash.
  for (const path of [`/${endpoint}`, `/${endpoint}/`]) {
    scim.get(
      path,
      {
        config,
        schema: {
          tags: [TAG],
          summary: summaries.list,
          querystring: ListQuery,
          response: { 200: listResponseOf(resource, type.listTitle), ...errors(400) },
        },
      },
      async (request) => {
        const { connection } = caller(request);
        const comparisons = request.query.filter ? type.parseFilter(request.query.filter) : [];
        const page = paging(request.query, maxResults());
        const { documents, total } = await query.run(
          connection,
          comparisons,
          page.offset,
          page.count,
          request.query,
        );
        const selected = documents.map((document) => project(document, request.query));
        return listResponse(selected, total, page.startIndex);
      },
    );
  }

  scim.post(
    `/${endpoint}`,
    {
      config,
      attachValidation: true,
      schema: {
        tags: [TAG],
        summary: summaries.create,
        body: Body,
        response: { 201: resource, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const { connection } = caller(request);
      const input = type.read(request.body);
      const row = await audited(
        request,
        `scim.${auditNoun}.created`,
        () => service.create(connection, input),
        (created) => type.audit.created(created, input),
      );
      const document = await renderOne(row);
      return reply
        .code(201)
        .header('location', locationOf(baseUrl, endpoint, row.id))
        .send(document);
    },
  );

  scim.get(
    `/${endpoint}/:id`,
    {
      config,
      schema: {
        tags: [TAG],
        summary: summaries.get,
        params: IdParams,
        querystring: ProjectionQuery,
        response: { 200: resource, ...errors(404) },
      },
    },
    async (request) => {
      const row = await service.get(caller(request).connection, request.params.id);
      return project(await renderOne(row, request.query), request.query);
    },
  );

  scim.put(
    `/${endpoint}/:id`,
    {
      config,
      attachValidation: true,
      schema: {
        tags: [TAG],
        summary: summaries.replace,
        params: IdParams,
        body: Body,
        response: { 200: resource, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const { connection } = caller(request);
      const input = type.read(request.body);
      const row = await audited(
        request,
        `scim.${auditNoun}.replaced`,
        () => service.replace(connection, request.params.id, input),
        (updated) => type.audit.changed(updated),
      );
      return renderOne(row);
    },
  );

  scim.patch(
    `/${endpoint}/:id`,
    {
      config,
      attachValidation: true,
      schema: {
        tags: [TAG],
        summary: summaries.patch,
        params: IdParams,
        querystring: ProjectionQuery,
        body: Body,
        response: { 200: resource, 204: noContentResponse('No content'), ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { connection } = caller(request);
      const row = await audited(
        request,
        `scim.${auditNoun}.patched`,
        async () => {
          const changed = await type.patchInPlace?.(connection, request.params.id, request.body);
          if (changed) return changed;
          const current = await renderOne(await service.get(connection, request.params.id));
          const patched = applyPatch(current, request.body, type.patchAttributes, type.coreSchema);
          return service.replace(connection, request.params.id, type.read(patched));
        },
        (updated) => type.audit.changed(updated),
      );
      // RFC 7644 §3.5.2: 204, or 200 with the resource when attributes are asked for. Microsoft's reference
      // collection expects 204 (Entra ID recommends it for group PATCH); Entra ID and Okta accept both.
      if (request.query.attributes === undefined && request.query.excludedAttributes === undefined)
        return noContent(reply);
      return project(await renderOne(row, request.query), request.query);
    },
  );

  scim.delete(
    `/${endpoint}/:id`,
    {
      config,
      schema: {
        tags: [TAG],
        summary: summaries.delete,
        params: IdParams,
        response: { 204: noContentResponse('No content'), ...errors(404) },
      },
    },
    async (request, reply) => {
      const { connection } = caller(request);
      await audited(
        request,
        `scim.${auditNoun}.deleted`,
        () => service.delete(connection, request.params.id),
        (deleted) => type.audit.deleted(deleted),
      );
      return noContent(reply);
    },
  );
  return query;
}
