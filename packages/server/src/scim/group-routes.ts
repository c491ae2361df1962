import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { GROUP_ATTRIBUTES, GROUP_SCHEMA } from './attributes.js';
import { parseGroupFilter } from './filter.js';
import { memberSteps, type ResourceAttributes } from './patch.js';
import { readGroup } from './resource.js';
import { registerResourceRoutes } from './resource-routes.js';
import type { ScimRouteKit } from './route-kit.js';
import type { ResourceQuery } from './search.js';
import type { ScimGroupRow } from './store.js';
import { attributeReturned, GroupResource, groupResource } from './views.js';

const GROUP_PATCH_ATTRIBUTES: ResourceAttributes = {
  core: GROUP_ATTRIBUTES,
  extensions: new Map(),
  readOnly: new Set(),
};

/** /scim/v2/Groups (RFC 7644 §3.3-3.6), registered inside the SCIM plugin of public-routes.ts. */
export function registerGroupRoutes(scim: App, context: AppContext, kit: ScimRouteKit): ResourceQuery {
  const groups = context.scim.groups;
  const target = (row: ScimGroupRow) => ({ type: 'scim_group', id: row.id });

  return registerResourceRoutes(scim, kit, {
    endpoint: 'Groups',
    auditNoun: 'group',
    resource: GroupResource,
    listTitle: 'ScimGroupList',
    coreSchema: GROUP_SCHEMA,
    patchAttributes: GROUP_PATCH_ATTRIBUTES,
    summaries: {
      list: 'Lists and filters the connection’s groups (RFC 7644 §3.4.2)',
      create: 'Creates a group (RFC 7644 §3.3)',
      get: 'One group of the connection',
      replace: 'Replaces a group with its members (RFC 7644 §3.5.1; Okta uses it)',
      patch: 'Modifies a group and its members (RFC 7644 §3.5.2); 204 unless attributes are asked for',
      delete: 'Deletes a group (its members lose the roles it mapped to)',
    },
    parseFilter: parseGroupFilter,
    read: readGroup,
    service: groups,
    patchInPlace: async (connection, id, body) => {
      const steps = memberSteps(body, GROUP_PATCH_ATTRIBUTES, GROUP_SCHEMA);
      return steps && groups.patchMembers(connection, id, steps);
    },
    // One query for the members of every listed group, none when the answer leaves them out: Entra ID looks a
    // group up by name with excludedAttributes=members, and a large group has many.
    render: async (rows, projection) => {
      const members = attributeReturned('members', projection)
        ? await groups.members(rows.map((row) => row.id))
        : new Map<string, { value: string; display: string }[]>();
      return rows.map((row) => groupResource(kit.baseUrl, row, members.get(row.id) ?? []));
    },
    audit: {
      created: (row, input) => ({
        type: 'scim_group',
        id: row.id,
        details: { members: input.members.length },
      }),
      changed: target,
      deleted: target,
    },
  });
}
