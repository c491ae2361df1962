import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { userCaller } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { NextAfterField } from '../app/ports/keyset.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { inviteByEmail } from './invite-email.js';
import { inviteListPaging } from './member-list-paging.js';
import { organizationRouteHelpers } from './route-helpers.js';
import {
  InviteInput,
  InviteParams,
  InviteToken,
  InviteView,
  inviteView,
  MyOrganizationView,
  myOrganizationView,
  OrganizationParams,
} from './views.js';

const TAG = 'organizations';
const noContentSchema = noContentResponse('Done');

const InvitePreview = Type.Object({
  organization: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
  email: Type.String({ description: 'The invited address: sign in with it to accept' }),
  roles: Type.Array(Type.String()),
  expires_at: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
});

/** Invitations on the public port: managers invite, list and withdraw; the invitee previews, accepts or declines. */
export function registerInviteRoutes(app: App, context: AppContext): void {
  const { userOf, changes } = organizationRouteHelpers(context);

  app.get(
    '/organizations/:organizationId/invites',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          'Pending invitations, expired ones included, by address (service.org:manage); page with after=<next_after> (50, limit at most 200)',
        params: OrganizationParams,
        querystring: inviteListPaging.query,
        response: {
          200: Type.Object({ invites: Type.Array(InviteView), next_after: NextAfterField }),
          ...errorResponses(
            'not_signed_in',
            'second_factor_required',
            'not_found',
            'organization_manage_required',
            'invalid_cursor',
          ),
        },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      const page = await context.orgs.invites.page(organizationId, inviteListPaging.page(request.query));
      return {
        invites: page.invites.map(inviteView),
        next_after: inviteListPaging.nextAfter(page.nextInviteId),
      };
    },
  );

  app.post(
    '/organizations/:organizationId/invites',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary:
          'Invites an address with roles (default member) and emails it a link (service.org:manage); inviting it again replaces the invitation',
        params: OrganizationParams,
        body: InviteInput,
        response: {
          201: InviteView,
          ...errorResponses(
            'not_found',
            'organization_manage_required',
            'rate_limited',
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
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      // Every invitation is an email to an address of the manager's choosing: bounded per user.
      await context.rateLimits.consume('invites-user', userOf(request));
      const invite = await inviteByEmail(
        context,
        organizationId,
        request.body,
        { type: 'user', id: userOf(request) },
        request,
      );
      return reply.code(201).send(inviteView(invite));
    },
  );

  app.delete(
    '/organizations/:organizationId/invites/:inviteId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Withdraws a pending invitation (service.org:manage); its link stops working',
        params: InviteParams,
        response: {
          204: noContentSchema,
          ...errorResponses('not_found', 'organization_manage_required'),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, inviteId } = request.params;
      await context.orgs.organizations.requireManager(organizationId, userOf(request));
      await changes(request).revokeInvite(organizationId, inviteId);
      return noContent(reply);
    },
  );

  registerInvitationResponseRoutes(app, context);
}

const TokenBody = Type.Object({ token: InviteToken }, { additionalProperties: false });

/** The invitee's side: what a link is about, and accepting or declining it while signed in. */
function registerInvitationResponseRoutes(app: App, context: AppContext): void {
  const helpers = organizationRouteHelpers(context);
  const account = (request: FastifyRequest) => userCaller(context, request).account;

  app.post(
    '/organizations/invites/preview',
    {
      config: { access: 'public' },
      schema: {
        tags: [TAG],
        summary: 'What an invitation link is about (the token is the credential; no session needed)',
        body: TokenBody,
        response: { 200: InvitePreview, ...errorResponses('invite_not_found') },
      },
    },
    async (request, reply) => {
      const { organization, invite } = await context.orgs.invites.preview(request.body.token);
      return reply.header('cache-control', 'no-store').send({
        organization: { id: organization.id, name: organization.name, slug: organization.slug },
        email: invite.invite!.email,
        roles: invite.roles,
        expires_at: invite.invite!.expiresAt.toISOString(),
        expired: invite.invite!.expired,
      });
    },
  );

  app.post(
    '/organizations/invites/accept',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Accepts an invitation addressed to the signed-in account’s verified email (single use)',
        body: TokenBody,
        response: {
          200: MyOrganizationView,
          ...errorResponses(
            'invite_not_found',
            'invite_expired',
            'invite_wrong_account',
            'email_not_verified',
            'already_member',
            'not_found',
          ),
        },
      },
    },
    async (request) => {
      const invitee = account(request);
      const { organization } = await helpers.audited(
        request,
        () => context.orgs.invites.accept(request.body.token, invitee),
        'organization.invite_accepted',
        (accepted) => accepted.organization.id,
      );
      return myOrganizationView(
        await context.orgs.organizations.membership(organization.id, helpers.userOf(request)),
      );
    },
  );

  app.post(
    '/organizations/invites/decline',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Declines an invitation addressed to the signed-in account; it is removed',
        body: TokenBody,
        response: {
          204: noContentSchema,
          ...errorResponses('invite_not_found', 'invite_wrong_account', 'email_not_verified'),
        },
      },
    },
    async (request, reply) => {
      const invitee = account(request);
      await helpers.audited(
        request,
        () => context.orgs.invites.decline(request.body.token, invitee),
        'organization.invite_declined',
        (declined) => declined.organization.id,
      );
      return noContent(reply);
    },
  );
}
