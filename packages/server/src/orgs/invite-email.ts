import type { AppContext } from '../app/app-context.js';
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
 * Creates an invitation and emails its link. Refused up front when email cannot be sent; if sending fails, the
 * invitation is withdrawn again so no unusable invitation is left behind.
 */
export async function inviteByEmail(
  context: AppContext,
  organizationId: string,
  input: { email: string; roles?: string[] },
  actor: Actor,
) {
  if (!context.email.mailer.available()) throw emailNotConfigured();
  const created = await context.orgs.invites.create(organizationId, input, actor);
  const expires = created.invite.invite!.expiresAt;
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
    });
  } catch (error) {
    await context.orgs.invites.revoke(organizationId, created.invite.id).catch(() => {});
    throw error;
  }
  return created.invite;
}
