import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { adminActor } from '../app/ports/admin-audit.js';
import { registerConnectionRoutes } from '../app/ports/admin-connection-routes.js';
import { actingAdminId } from '../app/ports/admin-port.js';
import {
  futureExpiry,
  isoOrNull,
  registerTokenRoutes,
  tokenStatus,
} from '../app/ports/admin-token-routes.js';
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
/** Metadata only; the plaintext appears once, in the create response. */
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

function tokenView(token: TokenRow) {
  return {
    id: token.id,
    name: token.name,
    connectionId: token.connectionId,
    prefix: token.prefix,
    createdBy: token.createdBy,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: isoOrNull(token.lastUsedAt),
    expiresAt: isoOrNull(token.expiresAt),
    revokedAt: isoOrNull(token.revokedAt),
    status: tokenStatus(token),
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
  registerConnectionRoutes(app, context, {
    path: '/admin/scim/connections',
    idParam: 'connectionId',
    tag: TAG,
    view: ConnectionView,
    toView: connectionView,
    idOf: (connection) => connection.id,
    notFound: 'no such SCIM connection',
    audit: {
      target: 'scim_connection',
      created: 'scim.connection.created',
      updated: 'scim.connection.updated',
      deleted: 'scim.connection.deleted',
    },
    list: { summary: 'Lists SCIM provisioning connections', rows: () => context.scim.connections.list() },
    get: { summary: 'Shows one provisioning connection', row: (id) => context.scim.connections.find(id) },
    create: {
      summary: 'Creates a provisioning connection into an organization',
      body: Type.Object({ name: Name, organizationId: Id, ...Policies }, { additionalProperties: false }),
      errors: ['not_found', 'unknown_role'],
      run: (body) => context.scim.connections.create(body),
      details: (_body, created) => ({ organization: created.organizationId }),
    },
    update: {
      method: 'PATCH',
      summary: 'Changes a connection’s name or policies',
      body: Type.Object({ name: Type.Optional(Name), ...Policies }, { additionalProperties: false }),
      errors: ['not_found', 'unknown_role'],
      run: (id, body) => context.scim.connections.update(id, body),
      details: (body) => ({ changes: body }),
    },
    delete: {
      summary: 'Deletes a connection with its tokens and SCIM resources (accounts and memberships stay)',
      run: (id) => context.scim.connections.delete(id),
    },
  });

  registerTokenRoutes(app, {
    path: '/admin/scim/tokens',
    tag: TAG,
    view: TokenView,
    valueDescription: 'The bearer token, shown once',
    list: {
      summary: 'Lists SCIM token metadata (never the tokens), optionally of one connection',
      // Token management is for write admins (docs/scim.md#admin-api-admin-port).
      access: 'admin-write',
      query: Type.Object({ connectionId: Type.Optional(Id) }, { additionalProperties: false }),
      views: async ({ connectionId }) => (await context.scim.tokens.list(connectionId)).map(tokenView),
    },
    issue: {
      summary: 'Creates a SCIM token for a connection; the plaintext is returned this once',
      body: Type.Object(
        { name: Name, connectionId: Id, expiresAt: Type.Optional(Type.String({ format: 'date-time' })) },
        { additionalProperties: false },
      ),
      errors: ['not_found'],
      run: async ({ name, connectionId, expiresAt }, request) => {
        const expiry = futureExpiry(expiresAt);
        const created = await context.scim.tokens.issue(
          { connectionId, name, expiresAt: expiry, createdBy: actingAdminId(request) },
          adminActor(request),
        );
        return { view: tokenView(created.token), value: created.plaintext };
      },
    },
    revoke: {
      summary: 'Revokes a SCIM token (its revocation time is kept in the metadata)',
      run: (tokenId, by) => context.scim.tokens.revoke(tokenId, by),
      notFound: 'no such SCIM token',
    },
  });
}
