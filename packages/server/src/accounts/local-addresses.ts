import { accountsError } from './errors.js';

/** Which identity provider an address belongs to, if any: the name shown to whoever tried to use it locally. */
export type AddressOwnerLookup = (email: string) => Promise<string | null>;

/**
 * Whether an address may hold a local account: not when its domain is routed to an upstream provider that keeps it
 * (docs/federation.md#routed-domains). Self-registration, a user's email change and an admin's creation or edit of
 * an address ask here, so that nobody can set up a password account for an address its organization's provider
 * owns before that provider's user first signs in. The federation slice, built after this one, answers; like a
 * RequiredHook, a rule nobody answers fails the change instead of letting the address through.
 */
export class LocalAddresses {
  private ownerOf: AddressOwnerLookup | undefined;

  answerWith(lookup: AddressOwnerLookup): void {
    this.ownerOf = lookup;
  }

  async requireLocal(email: string): Promise<void> {
    if (!this.ownerOf) throw new Error('nothing decides which addresses may hold local accounts');
    const provider = await this.ownerOf(email);
    if (provider !== null) {
      throw accountsError(
        'email_domain_federated',
        `addresses in this domain sign in through ${provider}; no local account can use one`,
      );
    }
  }
}
