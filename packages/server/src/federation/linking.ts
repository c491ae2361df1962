import { randomUUID } from 'node:crypto';
import type { AccountLifecycle } from '../accounts/lifecycle.js';
import { type User, UserExistsError, type UserService } from '../accounts/users.js';
import type { AuditLog } from '../audit/audit-log.js';
import { isUniqueViolation } from '../db/errors.js';
import type { DomainRouting } from './domains.js';
import type { ConnectionRow, FederationStore, IdentityRow } from './store.js';
import { type UpstreamIdentity, UpstreamRefusal } from './upstream.js';

export interface LinkedAccount {
  user: User;
  identity: IdentityRow;
  /** How this sign-in found the account: an existing link, a link just made by verified email, a new account. */
  via: 'identity' | 'email' | 'jit';
}

const refuse = (reason: string, message: string) => new UpstreamRefusal(reason, message);

/**
 * Which local account an upstream identity signs in to (docs/federation.md#which-account-signs-in):
 * 1. an existing link (connection, upstream `sub`) → that user;
 * 2. otherwise, by email only when the address's domain is a verified domain of this connection, the upstream says
 *    `email_verified: true` and the connection's policy allows linking;
 * 3. otherwise a new account when the connection creates them (same domain and verified-email conditions);
 * 4. otherwise refused.
 * Admin accounts are a separate table signed in on the admin port only: no upstream identity ever reaches one.
 */
export class AccountLinking {
  constructor(
    private readonly store: FederationStore,
    private readonly users: UserService,
    private readonly lifecycle: AccountLifecycle,
    private readonly domains: DomainRouting,
    private readonly audit: AuditLog,
  ) {}

  async accountFor(connection: ConnectionRow, upstream: UpstreamIdentity): Promise<LinkedAccount> {
    const existing = await this.store.findIdentity(connection.id, upstream.subject);
    if (existing) {
      const user = await this.users.find(existing.userId);
      if (user?.status !== 'active') throw refuse('account_disabled', 'the linked account is disabled');
      await this.store.touchIdentity(existing.id, upstream.email);
      return { user, identity: existing, via: 'identity' };
    }
    if (!upstream.email) throw refuse('email_missing', 'the provider sent no email address');
    if (!(await this.domains.verifiedFor(connection.id, upstream.email))) {
      throw refuse('domain_not_verified', 'the address is not in a verified domain of this connection');
    }
    if (!upstream.emailVerified) {
      throw refuse('email_not_verified', 'the provider does not say the address is verified');
    }
    const email = upstream.email;
    const user = await this.users.findByEmail(email);
    if (user) {
      if (connection.accountLinkingPolicy === 'disabled') {
        throw refuse(
          'linking_disabled',
          'an account with this address exists and this connection does not link',
        );
      }
      if (user.status !== 'active') throw refuse('account_disabled', 'the account is disabled');
      const identity = await this.link(connection, upstream, user.id, email);
      return { user: { ...user, emailVerified: true }, identity, via: 'email' };
    }
    if (!connection.jitProvisioning) throw refuse('no_account', 'there is no account for this address');
    try {
      return await this.audit.recordChange(
        async () => {
          const created = await this.users.create({ email, name: upstream.name ?? '', emailVerified: true });
          const identity = await this.insertIdentity(connection, upstream, created.id, 'jit');
          return { user: created, identity, via: 'jit' as const };
        },
        (result) => ({
          action: 'federation.user_created',
          outcome: 'success',
          actor: { type: 'system' },
          target: { type: 'user', id: result.user.id },
          details: { connection: connection.id },
        }),
      );
    } catch (error) {
      // Another sign-in created the account (or the link) at the same moment.
      if (isUniqueViolation(error) || error instanceof UserExistsError)
        throw refuse('account_conflict', 'the account was created concurrently; try again');
      throw error;
    }
  }

  private insertIdentity(
    connection: ConnectionRow,
    upstream: UpstreamIdentity,
    userId: string,
    linkedBy: string,
  ) {
    return this.store.insertIdentity({
      id: randomUUID(),
      connectionId: connection.id,
      subject: upstream.subject,
      userId,
      email: upstream.email,
      linkedBy,
      lastSignInAt: new Date(),
    });
  }

  /**
   * Links the identity to the account holding its verified address. The provider that owns the address's verified
   * domain proves it: an account whose address was never verified is handed over without anything its registrant
   * set up (AccountLifecycle.claimForProvenOwner, docs/federation.md#linking), in the link's transaction.
   */
  private async link(connection: ConnectionRow, upstream: UpstreamIdentity, userId: string, email: string) {
    try {
      return await this.audit.recordChange(
        async () => {
          const identity = await this.insertIdentity(connection, upstream, userId, 'email');
          await this.lifecycle.claimForProvenOwner(userId, email, 'federation', {
            actor: { type: 'system' },
          });
          return identity;
        },
        {
          action: 'federation.identity_linked',
          outcome: 'success',
          actor: { type: 'system' },
          target: { type: 'user', id: userId },
          details: { connection: connection.id, linked_by: 'email' },
        },
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw refuse('account_conflict', 'this identity was linked concurrently; try again');
      throw error;
    }
  }

  identitiesOf(userId: string) {
    return this.store.identitiesOfUser(userId);
  }
}
