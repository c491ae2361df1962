import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import {
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import { parseUserFilter } from './filter.js';
import { readUser } from './resource.js';
import { registerResourceRoutes } from './resource-routes.js';
import type { ScimRouteKit } from './route-kit.js';
import type { ResourceQuery } from './search.js';
import type { ScimUserRow } from './store.js';
import { attributeReturned, type Projection, UserResource, userResource } from './views.js';

/** /scim/v2/Users (RFC 7644 §3.3-3.6), registered inside the SCIM plugin of public-routes.ts. */
export function registerUserRoutes(scim: App, context: AppContext, kit: ScimRouteKit): ResourceQuery {
  const users = context.scim.users;
  // A user's groups are read only when the answer holds them (one query per user of a page).
  const renderUser = async (row: ScimUserRow, projection?: Projection) =>
    userResource(kit.baseUrl, row, attributeReturned('groups', projection) ? await users.groupsOf(row) : []);
  const changed = (row: ScimUserRow) => ({
    type: 'user',
    id: row.userId,
    details: { scim_id: row.id, active: row.active },
  });

  return registerResourceRoutes(scim, kit, {
    endpoint: 'Users',
    auditNoun: 'user',
    resource: UserResource,
    listTitle: 'ScimUserList',
    coreSchema: USER_SCHEMA,
    patchAttributes: {
      core: USER_ATTRIBUTES,
      extensions: new Map([[ENTERPRISE_USER_SCHEMA, ENTERPRISE_USER_ATTRIBUTES]]),
      readOnly: new Set(['groups']),
      alwaysAssigned: new Set(['active']),
    },
    summaries: {
      list: 'Lists and filters the connection’s users (RFC 7644 §3.4.2)',
      create: 'Provisions a user (RFC 7644 §3.3)',
      get: 'One user of the connection',
      replace: 'Replaces a user (RFC 7644 §3.5.1); active false deprovisions',
      patch:
        'Modifies a user (RFC 7644 §3.5.2); active false deprovisions; 204 unless attributes are asked for',
      delete: 'Deprovisions and removes a user (RFC 7644 §3.6)',
    },
    parseFilter: parseUserFilter,
    read: readUser,
    service: users,
    render: (rows, projection) => Promise.all(rows.map((row) => renderUser(row, projection))),
    audit: {
      created: (row) => ({
        type: 'user',
        id: row.userId,
        details: { scim_id: row.id, linked: !row.owned },
      }),
      changed,
      deleted: (row) => ({ type: 'user', id: row.userId, details: { scim_id: row.id } }),
    },
  });
}
