import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { type AdminAction, auditedAdminChange } from '../app/ports/admin-audit.js';
import { actingAdminId } from '../app/ports/admin-port.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import type { ConnectionRow, TokenRow } from './store.js';

const TAG = 'admin-scim';
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Id = Type.String({ maxLength: 100 });
const RoleMapping = Type.Object(
  {
    match: Type.Union([Type.Literal('id'), Type.Literal('externalId'), Type.Literal('displayName')]),
    value: Type.String({ minLength: 1, maxLength: 256 }),
    role: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
const Policies = {
  deprovisioning: Type.Optional(
    Type.Union([Type.Literal('suspend'), Type.Literal('remove'), Type.Literal('delete')], {
      description:
        'What active:false and DELETE do: suspend or remove the membership, or also delete the account',
    }),
  ),
  linkByVerifiedEmail: Type.Optional(Type.Boolean()),
  unknownGroups: Type.Optional(
    Type.Union([Type.Literal('ignore'), Type.Literal('reject'), Type.Literal('create')], {
      description: 'A group no mapping names: kept without a role, refused, or given a new role of its own',
    }),
  ),
  roleMappings: Type.Optional(Type.Array(RoleMapping, { maxItems: 100 })),
  provisionedOnly: Type.Optional(
    Type.Boolean({
      description:
        'Provisioned-only sign-in: in the organization, only active users of this connection are accepted as members at sign-in and in tokens',
    }),
  ),
};

const ConnectionView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  organizationId: Type.String(),
  deprovisioning: Type.String(),
  linkByVerifiedEmail: Type.Boolean(),
  unknownGroups: Type.String(),
  roleMappings: Type.Array(RoleMapping),
  provisionedOnly: Type.Boolean(),
  scimBaseUrl: Type.String({ description: 'The tenant URL to give the identity provider' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
/** Spec §2.5: metadata only; the plaintext appears once, in the create response. */
const TokenView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  connectionId: Type.String(),
  prefix: Type.String(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function tokenView(token: TokenRow) {
  const status = token.revokedAt
    ? ('revoked' as const)
    : token.expiresAt && token.expiresAt <= new Date()
      ? ('expired' as const)
      : ('active' as const);
  return {
    id: token.id,
    name: token.name,
    connectionId: token.connectionId,
    prefix: token.prefix,
    createdBy: token.createdBy,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    expiresAt: iso(token.expiresAt),
    revokedAt: iso(token.revokedAt),
    status,
  };
}

/**
 * Admin API for SCIM provisioning connections and their tokens (docs/scim.md#admin-api-admin-port); every
 * change is audited.
 */
export function registerAdminScimRoutes(app: App, context: AppContext): void {
  const connectionView = (connection: ConnectionRow) => ({
    id: connection.id,
    name: connection.name,
    organizationId: connection.organizationId,
    deprovisioning: connection.deprovisioning,
    linkByVerifiedEmail: connection.linkByVerifiedEmail,
    unknownGroups: connection.unknownGroups,
    roleMappings: connection.roleMappings,
    provisionedOnly: connection.provisionedOnly,
    scimBaseUrl: `${context.config.baseUrl.replace(/\/$/, '')}/scim/v2`,
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  });
  const onConnection = (action: AuditAction, id: string, details?: Record<string, unknown>): AdminAction => ({
    action,
    target: { type: 'scim_connection', id },
    details,
  });
  const audited = <T>(
    request: FastifyRequest,
    change: () => Promise<T>,
    describe: AdminAction | ((result: T) => AdminAction),
  ) => auditedAdminChange(context, request, change, describe);
  const noConnection = () => appError('not_found', 'no such SCIM connection');

  app.get(
    '/admin/scim/connections',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists SCIM provisioning connections',
        response: { 200: Type.Object({ connections: Type.Array(ConnectionView) }), ...errorResponses() },
      },
    },
    async () => ({ connections: (await context.scim.connections.list()).map(connectionView) }),
  );

  app.post(
    '/admin/scim/connections',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates a provisioning connection into an organization',
        body: Type.Object({ name: Name, organizationId: Id, ...Policies }, { additionalProperties: false }),
        response: { 201: ConnectionView, ...errorResponses('not_found', 'unknown_role') },
      },
    },
    async (request, reply) => {
      const connection = await audited(
        request,
        () => context.scim.connections.create(request.body),
        (created) =>
          onConnection('scim.connection.created', created.id, { organization: created.organizationId }),
      );
      return reply.code(201).send(connectionView(connection));
    },
  );

  app.get(
    '/admin/scim/connections/:connectionId',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Shows one provisioning connection',
        params: Type.Object({ connectionId: Id }),
        response: { 200: ConnectionView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const connection = await context.scim.connections.find(request.params.connectionId);
      if (!connection) throw noConnection();
      return connectionView(connection);
    },
  );

  app.patch(
    '/admin/scim/connections/:connectionId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Changes a connection’s name or policies',
        params: Type.Object({ connectionId: Id }),
        body: Type.Object({ name: Type.Optional(Name), ...Policies }, { additionalProperties: false }),
        response: { 200: ConnectionView, ...errorResponses('not_found', 'unknown_role') },
      },
    },
    async (request) => {
      const { connectionId } = request.params;
      const connection = await audited(
        request,
        async () => {
          const updated = await context.scim.connections.update(connectionId, request.body);
          if (!updated) throw noConnection();
          return updated;
        },
        onConnection('scim.connection.updated', connectionId, { changes: request.body }),
      );
      return connectionView(connection);
    },
  );

  app.delete(
    '/admin/scim/connections/:connectionId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Deletes a connection with its tokens and SCIM resources (accounts and memberships stay)',
        params: Type.Object({ connectionId: Id }),
        response: { 204: noContentResponse('Deleted'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { connectionId } = request.params;
      await audited(
        request,
        async () => {
          if (!(await context.scim.connections.delete(connectionId))) throw noConnection();
        },
        onConnection('scim.connection.deleted', connectionId),
      );
      return noContent(reply);
    },
  );

  app.get(
    '/admin/scim/tokens',
    {
      // Spec §4.5: token management is for write admins.
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Lists SCIM token metadata (never the tokens), optionally of one connection',
        querystring: Type.Object({ connectionId: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: Type.Object({ tokens: Type.Array(TokenView) }), ...errorResponses() },
      },
    },
    async (request) => {
      return { tokens: (await context.scim.tokens.list(request.query.connectionId)).map(tokenView) };
    },
  );

  app.post(
    '/admin/scim/tokens',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates a SCIM token for a connection; the plaintext is returned this once',
        body: Type.Object(
          { name: Name, connectionId: Id, expiresAt: Type.Optional(Type.String({ format: 'date-time' })) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            ...TokenView.properties,
            token: Type.String({ description: 'The bearer token, shown once' }),
          }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const { name, connectionId, expiresAt } = request.body;
      const expiry = expiresAt === undefined ? null : new Date(expiresAt);
      if (expiry && expiry <= new Date())
        throw appError('invalid_request', 'expiresAt must be in the future');
      const created = await audited(
        request,
        async () => {
          if (!(await context.scim.connections.find(connectionId))) throw noConnection();
          return context.scim.tokens.create({
            connectionId,
            name,
            expiresAt: expiry,
            createdBy: actingAdminId(request),
          });
        },
        (result) => ({
          action: 'scim.token.created',
          target: { type: 'scim_token', id: result.token.id },
          details: { connection: connectionId, prefix: result.token.prefix, expires_at: expiresAt ?? null },
        }),
      );
      return reply.code(201).send({ ...tokenView(created.token), token: created.plaintext });
    },
  );

  app.delete(
    '/admin/scim/tokens/:tokenId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Revokes a SCIM token (its revocation time is kept in the metadata)',
        params: Type.Object({ tokenId: Id }),
        response: { 204: noContentResponse('Revoked'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { tokenId } = request.params;
      await audited(
        request,
        async () => {
          if (!(await context.scim.tokens.revoke(tokenId))) throw appError('not_found', 'no such SCIM token');
        },
        { action: 'scim.token.revoked', target: { type: 'scim_token', id: tokenId } },
      );
      return noContent(reply);
    },
  );
}
