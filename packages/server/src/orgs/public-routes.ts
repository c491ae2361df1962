import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { NextAfterField } from '../app/ports/keyset.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { registerInviteRoutes } from './invite-routes.js';
import { memberListPaging } from './member-list-paging.js';
import { organizationRouteHelpers } from './route-helpers.js';
import {
  Key,
  MemberParams,
  MemberRoleParams,
  MemberStatusBody,
  MemberView,
  MyOrganizationView,
  memberView,
  myOrganizationView,
  Name,
  OrganizationParams,
  ReducedMemberView,
  RoleView,
  reducedMemberView,
  roleView,
  SettingsInput,
  Slug,
} from './views.js';

const TAG = 'organizations';
const noContentSchema = noContentResponse('Done');

const MemberList = Type.Object({
  view: Type.Union([Type.Literal('full'), Type.Literal('reduced')], {
    description: 'full for callers with service.org:manage; reduced (active members, no emails) otherwise',
  }),
  members: Type.Array(Type.Union([MemberView, ReducedMemberView])),
  next_after: NextAfterField,
});

/**
 * The signed-in user's organization API (docs/organizations.md#signed-in-user-public-port) on the public
 * port. Reads need a session; changes need the session's CSRF token (accounts/session-http.ts). Managing
 * needs `service.org:manage` in that organization; non-members get 404 for every organization-scoped path.
 */
export function registerOrganizationRoutes(app: App, context: AppContext): void {
  const { userOf, audited, changes } = organizationRouteHelpers(context);

  app.get(
    '/organizations',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'The active organizations the caller is an active member of, with their roles there',
        response: {
          200: Type.Object({ organizations: Type.Array(MyOrganizationView) }),
          ...errorResponses('not_signed_in', 'second_factor_required'),
        },
      },
    },
    async (request) => {
      const memberships = await context.orgs.organizations.listForUser(userOf(request));
      return { organizations: memberships.map(myOrganizationView) };
    },
  );

  app.post(
    '/organizations',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary:
          'Creates an organization when the orgs.users_may_create setting allows; the caller becomes its admin',
        body: Type.Object(
          { name: Name, slug: Type.Optional(Slug), settings: Type.Optional(SettingsInput) },
          { additionalProperties: false },
        ),
        response: {
          201: MyOrganizationView,
          ...errorResponses('organization_creation_disabled', 'slug_taken', 'unknown_user'),
        },
      },
    },
    async (request, reply) => {
      const organization = await audited(
        request,
        () => context.orgs.organizations.createByUser(userOf(request), request.body),
        'organization.created',
        (created) => created.id,
        (created) => ({ slug: created.slug }),
      );
      const membership = await context.orgs.organizations.membership(organization.id, userOf(request));
      return reply.code(201).send(myOrganizationView(membership));
    },
  );

  app.get(
    '/organizations/:organizationId',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'One organization the caller belongs to',
        params: OrganizationParams,
        response: {
          200: MyOrganizationView,
          ...errorResponses('not_signed_in', 'second_factor_required', 'not_found'),
        },
      },
    },
    async (request) =>
      myOrganizationView(
        await context.orgs.organizations.membership(request.params.organizationId, userOf(request)),
      ),
  );

  app.patch(
    '/organizations/:organizationId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Renames an organization or changes its settings (service.org:manage)',
        params: OrganizationParams,
        body: Type.Object(
          { name: Type.Optional(Name), slug: Type.Optional(Slug), settings: Type.Optional(SettingsInput) },
          { additionalProperties: false },
        ),
        response: {
          200: MyOrganizationView,
          ...errorResponses('not_found', 'organization_manage_required', 'slug_taken'),
        },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      await changes(request).update(organizationId, request.body);
      return myOrganizationView(await context.orgs.organizations.membership(organizationId, userOf(request)));
    },
  );

  app.get(
    '/organizations/:organizationId/members',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          'Members by address, paged with after=<next_after>: every member with email, status and invitations for managers; active members by name and roles otherwise',
        params: OrganizationParams,
        querystring: memberListPaging.query,
        response: {
          200: MemberList,
          ...errorResponses('not_signed_in', 'second_factor_required', 'not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      const membership = await context.orgs.organizations.membership(organizationId, userOf(request));
      // Managers see every member, invitations included; the others the active members, without addresses.
      const page = await context.orgs.organizations.pageMembers(organizationId, {
        ...memberListPaging.page(request.query),
        statuses: membership.canManage ? undefined : ['active'],
      });
      const next_after = memberListPaging.nextAfter(page.nextMemberId);
      return membership.canManage
        ? { view: 'full' as const, members: page.members.map(memberView), next_after }
        : { view: 'reduced' as const, members: page.members.map(reducedMemberView), next_after };
    },
  );

  app.patch(
    '/organizations/:organizationId/members/:memberId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Suspends or reinstates a member (service.org:manage)',
        params: MemberParams,
        body: MemberStatusBody,
        response: {
          200: MemberView,
          ...errorResponses('not_found', 'organization_manage_required', 'invite_pending', 'last_manager'),
        },
      },
    },
    async (request) => {
      const { organizationId, memberId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      const member = await changes(request).setMemberStatus(organizationId, memberId, request.body.status);
      return memberView(member);
    },
  );

  app.delete(
    '/organizations/:organizationId/members/:memberId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Removes a member (service.org:manage); never the last manager',
        params: MemberParams,
        response: {
          204: noContentSchema,
          ...errorResponses('not_found', 'organization_manage_required', 'last_manager'),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, memberId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      await changes(request).removeMember(organizationId, memberId);
      return noContent(reply);
    },
  );

  app.post(
    '/organizations/:organizationId/members/:memberId/roles',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary:
          'Assigns a role to a member (service.org:manage); assigning a role the member has is a no-op',
        params: MemberParams,
        body: Type.Object(
          { role: Type.String({ ...Key, description: 'The role’s key, which is also its id' }) },
          { additionalProperties: false },
        ),
        response: {
          200: MemberView,
          ...errorResponses('not_found', 'organization_manage_required', 'unknown_role'),
        },
      },
    },
    async (request) => {
      const { organizationId, memberId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      const member = await changes(request).assignRole(organizationId, memberId, request.body.role);
      return memberView(member);
    },
  );

  app.delete(
    '/organizations/:organizationId/members/:memberId/roles/:roleId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Removes a role from a member (service.org:manage); never the last manager’s',
        params: MemberRoleParams,
        response: {
          200: MemberView,
          ...errorResponses('not_found', 'organization_manage_required', 'last_manager'),
        },
      },
    },
    async (request) => {
      const { organizationId, memberId, roleId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      const member = await changes(request).removeRole(organizationId, memberId, roleId);
      return memberView(member);
    },
  );

  app.post(
    '/organizations/:organizationId/leave',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'The caller leaves the organization (refused for its last manager)',
        params: OrganizationParams,
        response: { 204: noContentSchema, ...errorResponses('not_found', 'last_manager') },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      await audited(
        request,
        () => context.orgs.organizations.leave(organizationId, userOf(request)),
        'organization.member_left',
        organizationId,
      );
      return noContent(reply);
    },
  );

  app.get(
    '/organizations/:organizationId/roles',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'The roles that can be assigned, with their permissions',
        params: OrganizationParams,
        response: {
          200: Type.Object({ roles: Type.Array(RoleView) }),
          ...errorResponses('not_signed_in', 'second_factor_required', 'not_found'),
        },
      },
    },
    async (request) => {
      await context.orgs.organizations.membership(request.params.organizationId, userOf(request));
      return { roles: (await context.orgs.roles.listRoles()).map(roleView) };
    },
  );

  registerInviteRoutes(app, context);
}
