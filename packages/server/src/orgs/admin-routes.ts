import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, badRequest, errorResponses } from '../app/errors.js';
import { type AdminAction, adminActor, auditedAdminChange } from '../app/ports/admin-audit.js';
import { CursorParameter, decodeCursor, encodeCursor, NextAfterField } from '../app/ports/keyset.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import { orgsError } from './errors.js';
import { inviteByEmail } from './invite-email.js';
import { inviteListPaging, memberListPaging } from './member-list-paging.js';
import { organizationChanges } from './route-helpers.js';
import {
  AdminOrganizationDetailView,
  AdminOrganizationView,
  adminOrganizationView,
  InviteInput,
  InviteParams,
  InviteView,
  inviteView,
  Key,
  MemberParams,
  MemberRoleParams,
  MemberStatusBody,
  MemberView,
  memberView,
  Name,
  OrganizationParams,
  RoleKeys,
  SettingsInput,
  Slug,
} from './views.js';

const TAG = 'admin-organizations';
/** The organization listing's cursors (app/ports/keyset.ts). */
const ORGANIZATIONS_LISTING = 'organizations';
const deletedSchema = noContentResponse('Deleted');

/** Admin API (admin port) for organizations, members, invitations, roles and permissions; mutations are audited. */
export function registerAdminOrganizationRoutes(app: App, context: AppContext): void {
  /** A change to one organization, made and audited in one transaction. */
  const audited = <T>(
    request: FastifyRequest,
    change: () => Promise<T>,
    action: AuditAction,
    organizationId: string,
    details?: (result: T) => Record<string, unknown>,
  ) =>
    auditedAdminChange(
      context,
      request,
      change,
      (result): AdminAction => ({
        action,
        target: { type: 'organization', id: organizationId },
        details: details?.(result),
      }),
    );
  /** The changes the public port's managers make too, audited alike (route-helpers.ts). */
  const changes = (request: FastifyRequest) =>
    organizationChanges(context, request, adminActor(request).actor);

  app.get(
    '/admin/organizations',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Searches organizations (substring of name or slug), by slug; page with after=<next_after>',
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: 200 })),
          after: Type.Optional(CursorParameter),
          offset: Type.Optional(
            Type.Integer({ minimum: 0, description: 'Rows to skip; prefer `after`. Not with `after`' }),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({
            organizations: Type.Array(AdminOrganizationView),
            total: Type.Integer(),
            next_after: Type.Union([Type.String(), Type.Null()], {
              description: 'Pass as `after` for the next page; null on the last page',
            }),
          }),
          ...errorResponses('invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { after, offset } = request.query;
      if (after !== undefined && offset) throw badRequest('send either after or offset, not both');
      const page = await context.orgs.organizations.page(request.query.query ?? '', {
        after: after === undefined ? undefined : decodeCursor(ORGANIZATIONS_LISTING, after),
        offset: offset ?? 0,
        limit: request.query.limit ?? 50,
      });
      return {
        organizations: page.organizations.map(adminOrganizationView),
        total: page.total,
        next_after: page.nextAfter === null ? null : encodeCursor(ORGANIZATIONS_LISTING, page.nextAfter),
      };
    },
  );

  app.post(
    '/admin/organizations',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates an organization, optionally with a first member who gets the admin role',
        body: Type.Object(
          {
            name: Name,
            slug: Type.Optional(Slug),
            settings: Type.Optional(SettingsInput),
            owner_user_id: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: AdminOrganizationView, ...errorResponses('unknown_user', 'slug_taken') },
      },
    },
    async (request, reply) => {
      const owner = request.body.owner_user_id;
      if (owner !== undefined && !(await context.accounts.users.find(owner)))
        throw orgsError('unknown_user', 'owner_user_id names no user');
      const created = await auditedAdminChange(
        context,
        request,
        () => context.orgs.organizations.create(request.body, adminActor(request).actor, owner ?? null),
        ({ id, slug }) => ({
          action: 'organization.created',
          target: { type: 'organization', id },
          details: { slug, owner: owner ?? null },
        }),
      );
      return reply.code(201).send(adminOrganizationView(created));
    },
  );

  app.get(
    '/admin/organizations/:organizationId',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'One organization',
        params: OrganizationParams,
        response: { 200: AdminOrganizationDetailView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const { organizations } = context.orgs;
      const organization = await organizations.require(request.params.organizationId);
      return {
        ...adminOrganizationView(organization),
        manager_missing: await organizations.managerMissing(organization.id),
      };
    },
  );

  app.put(
    '/admin/organizations/:organizationId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Edits an organization; disabling it ends the tokens issued in its context',
        params: OrganizationParams,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            slug: Type.Optional(Slug),
            settings: Type.Optional(SettingsInput),
            status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
          },
          { additionalProperties: false },
        ),
        response: { 200: AdminOrganizationView, ...errorResponses('not_found', 'slug_taken') },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      const updated = await changes(request).update(organizationId, request.body);
      return adminOrganizationView(updated);
    },
  );

  app.delete(
    '/admin/organizations/:organizationId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Deletes an organization with its memberships and invitations; its tokens stop working',
        params: OrganizationParams,
        response: { 204: deletedSchema, ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      await audited(
        request,
        () => context.orgs.organizations.delete(organizationId),
        'organization.deleted',
        organizationId,
      );
      return noContent(reply);
    },
  );

  app.get(
    '/admin/organizations/:organizationId/members',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          'Members, invited and suspended ones included, by address; page with after=<next_after> (50, limit at most 200)',
        params: OrganizationParams,
        querystring: memberListPaging.query,
        response: {
          200: Type.Object({ members: Type.Array(MemberView), next_after: NextAfterField }),
          ...errorResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      await context.orgs.organizations.require(request.params.organizationId);
      const page = await context.orgs.organizations.pageMembers(
        request.params.organizationId,
        memberListPaging.page(request.query),
      );
      return {
        members: page.members.map(memberView),
        next_after: memberListPaging.nextAfter(page.nextMemberId),
      };
    },
  );

  app.post(
    '/admin/organizations/:organizationId/members',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Adds an existing user as an active member with roles (default member)',
        params: OrganizationParams,
        body: Type.Object(
          { user_id: Type.String({ minLength: 1, maxLength: 100 }), roles: Type.Optional(RoleKeys) },
          { additionalProperties: false },
        ),
        response: {
          201: MemberView,
          ...errorResponses('unknown_user', 'not_found', 'unknown_role', 'already_member'),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      if (!(await context.accounts.users.find(request.body.user_id)))
        throw orgsError('unknown_user', 'user_id names no user');
      const roles = request.body.roles?.length ? request.body.roles : ['member'];
      const member = await audited(
        request,
        () =>
          context.orgs.organizations.addMember(
            organizationId,
            request.body.user_id,
            roles,
            adminActor(request).actor,
          ),
        'organization.member_added',
        organizationId,
        (added) => ({ member: added.id, user: request.body.user_id, roles }),
      );
      return reply.code(201).send(memberView(member));
    },
  );

  app.put(
    '/admin/organizations/:organizationId/members/:memberId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Suspends or reinstates a member',
        params: MemberParams,
        body: MemberStatusBody,
        response: { 200: MemberView, ...errorResponses('not_found', 'invite_pending', 'last_manager') },
      },
    },
    async (request) => {
      const { organizationId, memberId } = request.params;
      const member = await changes(request).setMemberStatus(organizationId, memberId, request.body.status);
      return memberView(member);
    },
  );

  app.delete(
    '/admin/organizations/:organizationId/members/:memberId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Removes a member (never the last manager); their tokens for this organization stop working',
        params: MemberParams,
        response: { 204: deletedSchema, ...errorResponses('not_found', 'last_manager') },
      },
    },
    async (request, reply) => {
      const { organizationId, memberId } = request.params;
      await changes(request).removeMember(organizationId, memberId);
      return noContent(reply);
    },
  );

  app.post(
    '/admin/organizations/:organizationId/members/:memberId/roles',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Assigns a role to a member',
        params: MemberParams,
        body: Type.Object({ role: Key }, { additionalProperties: false }),
        response: { 200: MemberView, ...errorResponses('not_found', 'unknown_role') },
      },
    },
    async (request) => {
      const { organizationId, memberId } = request.params;
      const member = await changes(request).assignRole(organizationId, memberId, request.body.role);
      return memberView(member);
    },
  );

  app.delete(
    '/admin/organizations/:organizationId/members/:memberId/roles/:roleId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Removes a role from a member (never the last manager’s)',
        params: MemberRoleParams,
        response: { 200: MemberView, ...errorResponses('not_found', 'last_manager') },
      },
    },
    async (request) => {
      const { organizationId, memberId, roleId } = request.params;
      const member = await changes(request).removeRole(organizationId, memberId, roleId);
      return memberView(member);
    },
  );

  app.get(
    '/admin/organizations/:organizationId/invites',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          'Pending invitations, expired ones included, by address; page with after=<next_after> (50, limit at most 200)',
        params: OrganizationParams,
        querystring: inviteListPaging.query,
        response: {
          200: Type.Object({ invites: Type.Array(InviteView), next_after: NextAfterField }),
          ...errorResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      await context.orgs.organizations.require(request.params.organizationId);
      const page = await context.orgs.invites.page(
        request.params.organizationId,
        inviteListPaging.page(request.query),
      );
      return {
        invites: page.invites.map(inviteView),
        next_after: inviteListPaging.nextAfter(page.nextInviteId),
      };
    },
  );

  app.post(
    '/admin/organizations/:organizationId/invites',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Invites an address with roles (default member) and emails it a link',
        params: OrganizationParams,
        body: InviteInput,
        response: {
          201: InviteView,
          ...errorResponses(
            'not_found',
            'already_member',
            'already_invited',
            'unknown_role',
            'email_not_configured',
            'email_send_failed',
          ),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      const invite = await inviteByEmail(
        context,
        organizationId,
        request.body,
        adminActor(request).actor,
        request,
      );
      return reply.code(201).send(inviteView(invite));
    },
  );

  app.delete(
    '/admin/organizations/:organizationId/invites/:inviteId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Withdraws a pending invitation',
        params: InviteParams,
        response: { 204: deletedSchema, ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { organizationId, inviteId } = request.params;
      await changes(request).revokeInvite(organizationId, inviteId);
      return noContent(reply);
    },
  );

  app.get(
    '/admin/users/:userId/organizations',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'The organizations a user belongs to, in any membership status',
        params: Type.Object({ userId: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.Object({
            memberships: Type.Array(Type.Object({ organization: AdminOrganizationView, member: MemberView })),
          }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      if (!(await context.accounts.users.find(request.params.userId)))
        throw appError('not_found', 'no such user');
      const memberships = await context.orgs.organizations.membershipsOf(request.params.userId);
      return {
        memberships: memberships.map((entry) => ({
          organization: adminOrganizationView(entry.organization),
          member: memberView(entry.member),
        })),
      };
    },
  );
}
