import type { FastifyInstance, FastifySchema } from 'fastify';
import { type Static, type TObject, Type } from 'typebox';
import type { AuditAction } from '../../audit/actions.js';
import type { AuditLog } from '../../audit/audit-log.js';
import type { App } from '../app-types.js';
import { appError, type ErrorCode, errorResponses } from '../errors.js';
import { type AdminAction, auditedAdminChange } from './admin-audit.js';
import { noContent, noContentResponse } from './no-content.js';

/**
 * The admin API of a kind of connection to another system (SCIM provisioning, upstream federation): `GET <path>`
 * lists them, `POST <path>` creates one, `GET|PATCH|PUT|DELETE <path>/:<idParam>` reads, changes and deletes one.
 * Every change is recorded with its audit entry in one transaction (docs/admin.md#audit-log).
 */
export interface ConnectionRoutes<Row, View extends TObject, Create extends TObject, Update extends TObject> {
  path: string;
  /** The name of the path parameter that holds a connection's id. */
  idParam: string;
  tag: string;
  view: View;
  toView(row: Row): Static<View>;
  idOf(row: Row): string;
  /** What a 404 says: 'no such SCIM connection'. */
  notFound: string;
  audit: { target: string; created: AuditAction; updated: AuditAction; deleted: AuditAction };
  list: { summary: string; rows(): Promise<Row[]> };
  get: { summary: string; row(id: string): Promise<Row | undefined> };
  create: {
    summary: string;
    body: Create;
    errors: readonly ErrorCode[];
    run(body: Static<Create>): Promise<Row>;
    /** What the audit entry says of the new connection (never a secret). */
    details(body: Static<Create>, created: Row): Record<string, unknown>;
  };
  update: {
    method: 'PATCH' | 'PUT';
    summary: string;
    body: Update;
    errors: readonly ErrorCode[];
    /** Undefined when there is no such connection. */
    run(id: string, body: Static<Update>): Promise<Row | undefined>;
    details(body: Static<Update>): Record<string, unknown>;
  };
  delete: { summary: string; run(id: string): Promise<boolean> };
}

/** What a slice's own routes about one connection reuse: its 404 and the audit entry of a change to it. */
export interface ConnectionRouteParts {
  notFound(): Error;
  action(action: AuditAction, id: string, details?: Record<string, unknown>): AdminAction;
}

export function registerConnectionRoutes<
  Row,
  View extends TObject,
  Create extends TObject,
  Update extends TObject,
>(
  typed: App,
  context: { audit: AuditLog },
  routes: ConnectionRoutes<Row, View, Create, Update>,
): ConnectionRouteParts {
  // The schemas are the caller's generic ones: TypeBox cannot infer through them, the runs are typed instead.
  const app = typed as unknown as FastifyInstance;
  const { path, idParam, tag, view, toView } = routes;
  const itemPath = `${path}/:${idParam}`;
  const Params = Type.Object({ [idParam]: Type.String({ maxLength: 100 }) });
  const idOf = (params: unknown) => (params as Record<string, string>)[idParam]!;
  const notFound = () => appError('not_found', routes.notFound);
  const action = (action: AuditAction, id: string, details?: Record<string, unknown>): AdminAction => ({
    action,
    target: { type: routes.audit.target, id },
    details,
  });

  app.get(
    path,
    {
      config: { access: 'session' },
      schema: schemaOf({
        tags: [tag],
        summary: routes.list.summary,
        response: { 200: Type.Object({ connections: Type.Array(view) }), ...errorResponses() },
      }),
    },
    async () => ({ connections: (await routes.list.rows()).map(toView) }),
  );

  app.post(
    path,
    {
      config: { access: 'admin-write' },
      schema: schemaOf({
        tags: [tag],
        summary: routes.create.summary,
        body: routes.create.body,
        response: { 201: view, ...errorResponses(...routes.create.errors) },
      }),
    },
    async (request, reply) => {
      const body = request.body as Static<Create>;
      const created = await auditedAdminChange(
        context,
        request,
        () => routes.create.run(body),
        (row) => action(routes.audit.created, routes.idOf(row), routes.create.details(body, row)),
      );
      return reply.code(201).send(toView(created));
    },
  );

  app.get(
    itemPath,
    {
      config: { access: 'session' },
      schema: schemaOf({
        tags: [tag],
        summary: routes.get.summary,
        params: Params,
        response: { 200: view, ...errorResponses('not_found') },
      }),
    },
    async (request) => {
      const row = await routes.get.row(idOf(request.params));
      if (!row) throw notFound();
      return toView(row);
    },
  );

  app.route({
    method: routes.update.method,
    url: itemPath,
    config: { access: 'admin-write' },
    schema: schemaOf({
      tags: [tag],
      summary: routes.update.summary,
      params: Params,
      body: routes.update.body,
      response: { 200: view, ...errorResponses(...routes.update.errors) },
    }),
    handler: async (request) => {
      const id = idOf(request.params);
      const body = request.body as Static<Update>;
      const updated = await auditedAdminChange(
        context,
        request,
        async () => {
          const row = await routes.update.run(id, body);
          if (!row) throw notFound();
          return row;
        },
        action(routes.audit.updated, id, routes.update.details(body)),
      );
      return toView(updated);
    },
  });

  app.delete(
    itemPath,
    {
      config: { access: 'admin-write' },
      schema: schemaOf({
        tags: [tag],
        summary: routes.delete.summary,
        params: Params,
        response: { 204: noContentResponse('Deleted'), ...errorResponses('not_found') },
      }),
    },
    async (request, reply) => {
      const id = idOf(request.params);
      await auditedAdminChange(
        context,
        request,
        async () => {
          if (!(await routes.delete.run(id))) throw notFound();
        },
        action(routes.audit.deleted, id),
      );
      return noContent(reply);
    },
  );

  return { notFound, action };
}

/** A route schema as Fastify takes it, without inferring types from the caller's generic schemas. */
const schemaOf = (schema: FastifySchema): FastifySchema => schema;
