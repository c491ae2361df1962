import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import { Key, Name, PermissionView, permissionView, RoleView, roleView } from './views.js';

const TAG = 'admin-organizations';
const RoleParams = Type.Object({ roleId: Key });
const PermissionParams = Type.Object({ permissionKey: Key });
const Description = Type.String({ maxLength: 500 });
const deletedSchema = noContentResponse('Deleted');

/** Admin API for the role and permission catalogue shared by every organization; mutations are audited. */
export function registerAdminRoleRoutes(app: App, context: AppContext): void {
  const roles = context.orgs.roles;
  /** A catalogue change and its audit entry, in one transaction. */
  const audited = <T>(
    request: FastifyRequest,
    change: () => Promise<T>,
    action: AuditAction,
    target: { type: 'role' | 'permission'; id: string },
    details?: (result: T) => Record<string, unknown>,
  ) =>
    auditedAdminChange(context, request, change, (result) => ({
      action,
      target,
      details: details?.(result),
    }));

  app.get(
    '/admin/roles',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Every role with its permissions',
        response: { 200: Type.Object({ roles: Type.Array(RoleView) }), ...errorResponses() },
      },
    },
    async () => ({ roles: (await roles.listRoles()).map(roleView) }),
  );

  app.get(
    '/admin/roles/:roleId',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'One role',
        params: RoleParams,
        response: { 200: RoleView, ...errorResponses('not_found') },
      },
    },
    async (request) => roleView(await roles.requireRole(request.params.roleId)),
  );

  app.post(
    '/admin/roles',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates a role; its key is its id and appears in tokens’ roles claim',
        body: Type.Object(
          {
            key: Key,
            name: Name,
            description: Type.Optional(Description),
            permissions: Type.Optional(Type.Array(Key, { maxItems: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: RoleView, ...errorResponses('unknown_permission', 'role_exists', 'not_found') },
      },
    },
    async (request, reply) => {
      const role = await audited(
        request,
        () => roles.createRole(request.body),
        'role.created',
        { type: 'role', id: request.body.key },
        (created) => ({ permissions: created.permissions }),
      );
      return reply.code(201).send(roleView(role));
    },
  );

  app.put(
    '/admin/roles/:roleId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Edits a custom role (built-in roles are fixed); members see the change at their next token refresh',
        params: RoleParams,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            description: Type.Optional(Description),
            permissions: Type.Optional(Type.Array(Key, { maxItems: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: RoleView,
          ...errorResponses('not_found', 'built_in', 'unknown_permission', 'last_manager'),
        },
      },
    },
    async (request) => {
      const role = await audited(
        request,
        () => roles.updateRole(request.params.roleId, request.body),
        'role.updated',
        { type: 'role', id: request.params.roleId },
        () => ({ changes: request.body }),
      );
      return roleView(role);
    },
  );

  app.delete(
    '/admin/roles/:roleId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Deletes a custom role; members holding it lose it',
        params: RoleParams,
        response: { 204: deletedSchema, ...errorResponses('not_found', 'built_in', 'last_manager') },
      },
    },
    async (request, reply) => {
      await audited(request, () => roles.deleteRole(request.params.roleId), 'role.deleted', {
        type: 'role',
        id: request.params.roleId,
      });
      return noContent(reply);
    },
  );

  app.get(
    '/admin/permissions',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Every permission with its description',
        response: { 200: Type.Object({ permissions: Type.Array(PermissionView) }), ...errorResponses() },
      },
    },
    async () => ({ permissions: (await roles.listPermissions()).map(permissionView) }),
  );

  app.post(
    '/admin/permissions',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Creates a permission (e.g. billing:read); clients request it as a scope to see it in tokens',
        body: Type.Object(
          { key: Key, description: Type.Optional(Description) },
          { additionalProperties: false },
        ),
        response: { 201: PermissionView, ...errorResponses('permission_exists') },
      },
    },
    async (request, reply) => {
      const permission = await audited(
        request,
        () => roles.createPermission(request.body),
        'permission.created',
        {
          type: 'permission',
          id: request.body.key,
        },
      );
      return reply.code(201).send(permissionView(permission));
    },
  );

  app.put(
    '/admin/permissions/:permissionKey',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Edits a custom permission’s description',
        params: PermissionParams,
        body: Type.Object({ description: Description }, { additionalProperties: false }),
        response: { 200: PermissionView, ...errorResponses('not_found', 'built_in') },
      },
    },
    async (request) => {
      const permission = await audited(
        request,
        () => roles.updatePermission(request.params.permissionKey, request.body.description),
        'permission.updated',
        { type: 'permission', id: request.params.permissionKey },
      );
      return permissionView(permission);
    },
  );

  app.delete(
    '/admin/permissions/:permissionKey',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Deletes a custom permission; roles that listed it lose it',
        params: PermissionParams,
        response: { 204: deletedSchema, ...errorResponses('not_found', 'built_in', 'last_manager') },
      },
    },
    async (request, reply) => {
      await audited(
        request,
        () => roles.deletePermission(request.params.permissionKey),
        'permission.deleted',
        { type: 'permission', id: request.params.permissionKey },
      );
      return noContent(reply);
    },
  );
}
