import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../accounts/users.js';
import { appError } from '../app/errors.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.js';
import { orgsError } from './errors.js';
import { type Actor, actorLabel, MEMBER_ROLE, type Member, type Organization } from './model.js';
import { memberNotFound, type OrganizationService, organizationNotFound } from './service.js';
import type { OrganizationStore } from './store.js';

const inviteNotFound = () =>
  orgsError('invite_not_found', 'this invitation is unknown, was already used, or was withdrawn');

/** The account accepting or declining: who is signed in. */
export interface InviteeAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Invitations: an `invited` membership carrying the invited address and the SHA-256 of a random token that is
 * emailed as a link (docs/organizations.md#invitations). The signed-in account whose verified address is the
 * invited one may accept it (once, atomically) or decline it; managers may withdraw it. Inviting the same
 * address again replaces the earlier invitation: new token, new expiry, the old link stops working.
 */
export class InviteService {
  constructor(
    private readonly store: OrganizationStore,
    private readonly organizations: OrganizationService,
    private readonly settings: SettingsService,
  ) {}

  async create(
    organizationId: string,
    input: { email: string; roles?: string[] },
    actor: Actor,
  ): Promise<{ invite: Member; token: string; organization: Organization }> {
    const organization = await this.organizations.require(organizationId);
    if (organization.status !== 'active') throw organizationNotFound();
    const roleKeys = input.roles && input.roles.length > 0 ? [...new Set(input.roles)] : [MEMBER_ROLE];
    await this.organizations.requireRoles(roleKeys);
    const email = input.email.trim();
    const emailNormalized = normalizeEmail(email);
    if (await this.store.findMemberByEmail(organizationId, emailNormalized))
      throw orgsError('already_member', 'an account with this address is already a member');
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.settings.get('orgs.invite_ttl_hours') * 3600_000);
    const existing = await this.store.findInvitedByEmail(organizationId, emailNormalized);
    const id = existing?.id ?? randomUUID();
    try {
      await this.store.transaction(async (db) => {
        const store = this.store.bound(db);
        if (existing) {
          await store.updateMember(id, {
            inviteEmail: email,
            inviteTokenHash: hashToken(token),
            inviteExpiresAt: expiresAt,
            addedBy: actorLabel(actor),
          });
          await store.setRoles(id, roleKeys);
        } else {
          await store.insertMember(
            {
              id,
              organizationId,
              userId: null,
              status: 'invited',
              inviteEmail: email,
              inviteEmailNormalized: emailNormalized,
              inviteTokenHash: hashToken(token),
              inviteExpiresAt: expiresAt,
              addedBy: actorLabel(actor),
            },
            roleKeys,
          );
        }
      });
    } catch (error) {
      // A concurrent invitation of the same address won.
      if (isUniqueViolation(error)) throw orgsError('already_invited', 'this address was just invited');
      if (isForeignKeyViolation(error)) {
        // The organization, a role or the earlier invitation went away meanwhile.
        await this.organizations.require(organizationId);
        await this.organizations.requireRoles(roleKeys);
        throw orgsError('already_invited', 'the invitation changed meanwhile; try again');
      }
      throw error;
    }
    return { invite: await this.organizations.requireMember(organizationId, id), token, organization };
  }

  /**
   * A page of the pending invitations, expired ones included (orgs/store.ts pageInvites); `invalid_cursor` when
   * the invitation it continues after is not pending any more.
   */
  async page(
    organizationId: string,
    page: { afterId?: string; limit: number },
  ): Promise<{ invites: Member[]; nextInviteId: string | null }> {
    const found = await this.store.pageInvites(organizationId, page);
    if (!found)
      throw appError(
        'invalid_cursor',
        'the invitation this page continues after is no longer pending: start from the first page',
      );
    return found;
  }

  /** Withdraws a pending invitation; its link stops working. */
  async revoke(organizationId: string, inviteId: string): Promise<Member> {
    const invite = await this.store.findMember(organizationId, inviteId);
    if (invite?.status !== 'invited') throw memberNotFound();
    await this.store.deleteMember(inviteId);
    return invite;
  }

  /** What an invitation link is about (organization and invited address), for the page that accepts it. */
  async preview(token: string): Promise<{ organization: Organization; invite: Member }> {
    const found = await this.store.findInviteByTokenHash(hashToken(token));
    if (found?.organization.status !== 'active') throw inviteNotFound();
    return { organization: found.organization, invite: found.member };
  }

  /** Accepts an invitation for the signed-in account (single use). */
  async accept(
    token: string,
    account: InviteeAccount,
  ): Promise<{ organization: Organization; member: Member }> {
    const { organization, invite } = await this.usable(token, account);
    if (await this.store.findMemberByUser(organization.id, account.id))
      throw orgsError('already_member', 'you are already a member of this organization');
    let accepted: boolean;
    try {
      accepted = await this.store.acceptInvite(hashToken(token), account.id, new Date());
    } catch (error) {
      if (isUniqueViolation(error))
        throw orgsError('already_member', 'you are already a member of this organization');
      throw error;
    }
    if (!accepted) throw inviteNotFound();
    return { organization, member: await this.organizations.requireMember(organization.id, invite.id) };
  }

  /** Declines an invitation addressed to the signed-in account; it is removed. */
  async decline(token: string, account: InviteeAccount): Promise<{ organization: Organization }> {
    const { organization } = await this.usable(token, account, { allowExpired: true });
    if (!(await this.store.deleteInviteByTokenHash(hashToken(token)))) throw inviteNotFound();
    return { organization };
  }

  private async usable(
    token: string,
    account: InviteeAccount,
    options: { allowExpired?: boolean } = {},
  ): Promise<{ organization: Organization; invite: Member }> {
    const { organization, invite } = await this.preview(token);
    if (invite.invite!.expired && !options.allowExpired)
      throw orgsError('invite_expired', 'this invitation has expired; ask for a new one');
    if (normalizeEmail(invite.invite!.email) !== normalizeEmail(account.email)) {
      throw orgsError(
        'invite_wrong_account',
        'this invitation is for another email address; sign in with the invited address',
      );
    }
    if (!account.emailVerified) throw orgsError('email_not_verified', 'confirm your email address first');
    return { organization, invite };
  }
}
