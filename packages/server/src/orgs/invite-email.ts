import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app/app-context.js';
import type { AuditAction } from '../audit/actions.js';
import { emailNotConfigured } from '../email/mailer.js';
import type { Actor } from './model.js';

/** The hosted UI page that shows an invitation and lets the signed-in invitee accept or decline it. */
export function inviteLink(context: AppContext, token: string): string {
  return `${context.config.baseUrl}/ui/invite?token=${encodeURIComponent(token)}`;
}

/** Who the email says invited: the user's name and address, or the service's administrators. */
async function inviterLabel(context: AppContext, actor: Actor): Promise<string> {
  if (actor.type === 'user') {
    const user = await context.accounts.users.find(actor.id);
    if (user) return user.name ? `${user.name} (${user.email})` : user.email;
  }
  return `An administrator of ${context.settings.get('product.name')}`;
}

/**
 * Creates an invitation (audited with it, in one transaction) and emails its link. Refused up front when email
 * cannot be sent. The email goes out after the commit, since holding a transaction open across an SMTP exchange
 * would stall the embedded database; if sending fails, the invitation is withdrawn again (audited as such), so no
 * unusable invitation is left behind.
 */
export async function inviteByEmail(
  context: AppContext,
  organizationId: string,
  input: { email: string; roles?: string[] },
  actor: Actor,
  request: FastifyRequest,
) {
  if (!context.email.mailer.available()) throw emailNotConfigured();
  const entry = (action: AuditAction, details: Record<string, unknown>) => ({
    action,
    outcome: 'success' as const,
    actor,
    target: { type: 'organization', id: organizationId },
    details,
    request,
  });
  const created = await context.audit.recordChange(
    () => context.orgs.invites.create(organizationId, input, actor),
    ({ invite }) =>
      entry('organization.invite_created', {
        invite: invite.id,
        email: invite.invite!.email,
        roles: invite.roles,
      }),
  );
  const expires = created.invite.invite!.expiresAt;
  // In the language the invitee chose, when the address already has an account (docs/languages.md#emails).
  const invitee = await context.accounts.users.findByEmail(created.invite.invite!.email);
  try {
    await context.email.mailer.send({
      to: created.invite.invite!.email,
      template: 'organization_invite',
      variables: {
        email: created.invite.invite!.email,
        organization: created.organization.name,
        inviter: await inviterLabel(context, actor),
        expires: `${expires.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        link: inviteLink(context, created.token),
      },
      locale: invitee?.locale ?? null,
    });
  } catch (error) {
    await context.audit
      .recordChange(
        () => context.orgs.invites.revoke(organizationId, created.invite.id),
        entry('organization.invite_revoked', { invite: created.invite.id, reason: 'email_not_sent' }),
      )
      .catch((revokeError) =>
        request.log.error({ err: revokeError }, 'withdrawing an invitation whose email failed'),
      );
    throw error;
  }
  return created.invite;
}
