import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { RoleStore } from './catalogue-store.js';
import { UserDirectory } from './directory.js';
import { InviteService } from './invites.js';
import { RoleService } from './roles.js';
import { OrganizationService } from './service.js';
import { OrganizationStore } from './store.js';

/** The organizations slice's services (`context.orgs`). */
export interface OrganizationServices {
  organizations: OrganizationService;
  invites: InviteService;
  roles: RoleService;
  /** The users directory apps search (`/api/user/directory/*`): every active user, or an organization's members. */
  directory: UserDirectory;
}

export async function createOrganizationServices(
  { database, settings, audit }: Infrastructure,
  { accounts }: { accounts: AccountServices },
): Promise<OrganizationServices> {
  const store = new OrganizationStore(database.db);
  const roles = new RoleService(new RoleStore(database.db), store);
  await roles.ensureBuiltIns();
  const organizations = new OrganizationService(store, new RoleStore(database.db), settings, audit);
  // An admin disabling or deleting an organization's last manager is not refused: the organization is flagged.
  accounts.lifecycle.accountLeaving.handle((userId, by) =>
    organizations.flagOrganizationsLeftBy(userId, { by: by.actor }),
  );
  return {
    organizations,
    invites: new InviteService(store, organizations, settings),
    roles,
    directory: new UserDirectory(database.db),
  };
}
