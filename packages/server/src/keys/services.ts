import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import type { ClientServices } from '../clients/services.js';
import type { OrganizationServices } from '../orgs/services.js';
import { DeviceService } from './devices/service.js';
import { DeviceStore } from './devices/store.js';
import { KeyService } from './service.js';
import { KeyStore } from './store.js';

/** The keys slice's services (`context.keys.keybags`). */
export interface KeyServices {
  /** Each user's keybag, envelopes and encryption key pair (docs/zk.md). */
  keybags: KeyService;
  /** Trusted devices and approving a new device from an unlocked one (docs/zk.md §3.5, §3.6). */
  devices: DeviceService;
}

export async function createKeyServices(
  { database, settings }: Infrastructure,
  {
    accounts,
    clients,
    orgs,
  }: { accounts: AccountServices; clients: ClientServices; orgs: OrganizationServices },
): Promise<KeyServices> {
  const keybags = new KeyService(
    new KeyStore(database.db),
    settings,
    async (callerId, targetId) => {
      // Who may see whom, as the users directory shows a user's token: the active members of an active
      // organization the caller is an active member of (docs/users.md). A disabled user is nobody.
      const target = await accounts.users.find(targetId);
      if (target?.status !== 'active') return false;
      const [mine, theirs] = await Promise.all([
        orgs.organizations.listForUser(callerId),
        orgs.organizations.listForUser(targetId),
      ]);
      const shared = new Set(mine.map((membership) => membership.organization.id));
      return theirs.some((membership) => shared.has(membership.organization.id));
    },
    async (clientId) => (await clients.registry.find(clientId))?.zkDelivery === 'legacy-v1',
    {
      // Organizations' overrides of the unlock policy (docs/zk.md §8.1), stored with each organization.
      ofOrganization: async (organizationId) =>
        (await orgs.organizations.find(organizationId))?.unlockPolicy ?? null,
      ofMembership: async (organizationId, userId) =>
        (await orgs.organizations.membership(organizationId, userId)).organization.unlockPolicy,
      ofMemberships: async (userId) =>
        (await orgs.organizations.listForUser(userId)).map(({ organization }) => organization.unlockPolicy),
    },
    // A password envelope needs the account's password (docs/zk.md §3.1); federated, SCIM-provisioned and
    // passkey-only accounts have none.
    (userId) => accounts.passwords.hasPassword(userId),
  );
  // A new password record leaves the password envelope, wrapped under the old export key, unable to unlock
  // (docs/zk.md §3.1): for good when the password was replaced without the old export key (admin set, reset by
  // email); until the browser re-wraps it when the owner changed it.
  const markStale = async (userId: string) => {
    await keybags.markPasswordEnvelopesStale(userId);
  };
  accounts.lifecycle.passwordReplaced.handle(markStale);
  accounts.lifecycle.passwordChangedByOwner.handle(markStale);
  accounts.lifecycle.encryptionKey.answerWith(async (userId) => {
    const { accountKey, envelopes } = await keybags.keybag(userId);
    const opensWith = new Set(
      envelopes
        .filter((envelope) => envelope.status === 'usable' && envelope.type !== 'password')
        .map((envelope) => envelope.type),
    );
    return { exists: accountKey !== null, opensWith: [...opensWith].sort() };
  });
  accounts.lifecycle.credentialsDiscarded.handle(async (userId) => {
    await keybags.discardAll(userId);
  });
  const devices = new DeviceService(new DeviceStore(database.db), keybags);
  return { keybags, devices };
}
