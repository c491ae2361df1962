import { appError } from '../app/errors.js';
import { federationError } from './errors.js';
import type { FederationStore } from './store.js';

/** Whether the account can sign in without any federated identity: an OPAQUE password record or a passkey. */
export type LocalSignInCheck = (userId: string) => Promise<boolean>;

/**
 * Removing a link between a local account and an upstream identity. The user may unlink their own identities but
 * never the last way they sign in; an admin may unlink any (the account keeps password reset by email). The caller
 * runs this inside its audited transaction, so the row lock below holds until the audit entry is written.
 */
export class IdentityUnlinking {
  constructor(
    private readonly store: FederationStore,
    private readonly hasLocalSignIn: LocalSignInCheck,
  ) {}

  /** The signed-in user unlinks one of their identities; refused when nothing else would sign them in. */
  async unlinkOwn(userId: string, identityId: string): Promise<void> {
    const identities = await this.store.lockIdentitiesOfUser(userId);
    if (!identities.some((identity) => identity.id === identityId)) throw noIdentity();
    const othersRemain = identities.length > 1;
    if (!othersRemain && !(await this.hasLocalSignIn(userId))) {
      throw federationError(
        'last_sign_in_method',
        'this identity provider is the only way you sign in; set a password or add a passkey before unlinking it',
      );
    }
    await this.store.deleteIdentity(userId, identityId);
  }

  /** An admin unlinks a user's identity (the admin's decision, audited by the route). */
  async unlinkByAdmin(userId: string, identityId: string): Promise<void> {
    if (!(await this.store.deleteIdentity(userId, identityId))) throw noIdentity();
  }
}

const noIdentity = () => appError('not_found', 'no such linked identity');
