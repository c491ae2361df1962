import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import type { OAuthServices } from '../oauth/services.js';
import type { OrganizationServices } from '../orgs/services.js';
import { ScimConnectionService } from './connections.js';
import { ScimGroupService } from './groups.js';
import { ScimStore } from './store.js';
import { ScimTokenService } from './tokens.js';
import { ScimUserService } from './users.js';

/** The SCIM slice's services (`context.scim`). */
export interface ScimServices {
  connections: ScimConnectionService;
  tokens: ScimTokenService;
  users: ScimUserService;
  groups: ScimGroupService;
}

export async function createScimServices(
  { database, settings, audit }: Infrastructure,
  { accounts, orgs, oauth }: { accounts: AccountServices; orgs: OrganizationServices; oauth: OAuthServices },
): Promise<ScimServices> {
  const store = new ScimStore(database.db);
  const users = new ScimUserService(
    database.db,
    store,
    accounts.users,
    accounts.sessions,
    orgs.organizations,
    oauth.revocation,
  );
  const connections = new ScimConnectionService(store, orgs.organizations);
  orgs.organizations.addMembershipRule(connections);
  return {
    connections,
    tokens: new ScimTokenService(store, settings, audit),
    users,
    groups: new ScimGroupService(database.db, store, users, orgs.roles),
  };
}
