import { Type } from 'typebox';
import { OpaqueMessage } from '../accounts/schemas.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { Email } from '../app/ports/schemas.js';
import type { AdminUser } from './admin-users.js';
import { adminError } from './errors.js';

const Role = Type.Union([Type.Literal('read'), Type.Literal('write')]);
const AdminView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  status: Type.String(),
});
const AdminParams = Type.Object({ adminId: Type.String({ maxLength: 100 }) });
const viewOf = (admin: AdminUser) => ({
  id: admin.id,
  email: admin.email,
  name: admin.name,
  role: admin.role,
  status: admin.status,
});

/** Admin users: list, create (with an initial password set by OPAQUE in the creating admin's browser), role, remove. */
export function registerAdminAdminUserRoutes(app: App, context: AppContext): void {
  app.get(
    '/admin/admin-users',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-admins'],
        summary: 'Lists admin users',
        response: { 200: Type.Object({ admins: Type.Array(AdminView) }), ...errorResponses() },
      },
    },
    async (_request) => {
      return { admins: (await context.admin.users.list()).map(viewOf) };
    },
  );

  app.post(
    '/admin/admin-users/start',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-admins'],
        summary: 'Creates an admin, step 1: OPAQUE registration of the initial password',
        body: Type.Object(
          { email: Email, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('email_taken'),
        },
      },
    },
    async (request) => {
      if (await context.admin.users.findByEmail(request.body.email))
        throw adminError('email_taken', 'an admin with this email exists');
      const started = await context.admin.passwords.startRegistration(
        { email: request.body.email },
        request.body.registration_request,
        'admin_set',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    '/admin/admin-users/finish',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-admins'],
        summary: 'Creates an admin, step 2: stores the record with the role',
        body: Type.Object(
          {
            registration_id: Type.String({ maxLength: 200 }),
            registration_record: OpaqueMessage,
            role: Role,
            name: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: AdminView, ...errorResponses('registration_expired', 'email_taken') },
      },
    },
    async (request, reply) => {
      const admin = await auditedAdminChange(
        context,
        request,
        async () => {
          const registration = await context.admin.passwords.consumeRegistration(
            request.body.registration_id,
            request.body.registration_record,
            'admin_set',
          );
          const created = await context.admin.users.create({
            id: registration.userId,
            email: registration.email,
            name: request.body.name,
            role: request.body.role,
          });
          await context.admin.passwords.setRecord(created.id, request.body.registration_record);
          return created;
        },
        (created) => ({
          action: 'admin_user.created',
          target: { type: 'admin_user', id: created.id },
          details: { email: created.email, role: created.role },
        }),
      );
      return reply.code(201).send(viewOf(admin));
    },
  );

  app.put(
    '/admin/admin-users/:adminId/role',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-admins'],
        summary: 'Changes an admin’s role (the last write admin cannot be demoted)',
        params: AdminParams,
        body: Type.Object({ role: Role }, { additionalProperties: false }),
        response: { 200: AdminView, ...errorResponses('not_found', 'last_write_admin') },
      },
    },
    async (request) => {
      const admin = await auditedAdminChange(
        context,
        request,
        () => context.admin.users.setRole(request.params.adminId, request.body.role),
        {
          action: 'admin_user.role_changed',
          target: { type: 'admin_user', id: request.params.adminId },
          details: { role: request.body.role },
        },
      );
      return viewOf(admin);
    },
  );

  app.delete(
    '/admin/admin-users/:adminId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-admins'],
        summary: 'Removes an admin (never the last write admin)',
        params: AdminParams,
        response: {
          204: noContentResponse('Removed'),
          ...errorResponses('not_found', 'last_write_admin'),
        },
      },
    },
    async (request, reply) => {
      await auditedAdminChange(context, request, () => context.admin.users.remove(request.params.adminId), {
        action: 'admin_user.removed',
        target: { type: 'admin_user', id: request.params.adminId },
      });
      return noContent(reply);
    },
  );
}
