import { randomUUID } from 'node:crypto';
import type { OrganizationService } from '../orgs/service.js';
import type { ConnectionRow, ScimStore } from './store.js';
import type { ScimRoleMapping } from './tables.js';

export type DeprovisioningPolicy = 'suspend' | 'remove' | 'delete';
export type UnknownGroupPolicy = 'ignore' | 'reject' | 'create';

export interface ConnectionInput {
  name: string;
  organizationId: string;
  deprovisioning?: DeprovisioningPolicy;
  linkByVerifiedEmail?: boolean;
  unknownGroups?: UnknownGroupPolicy;
  roleMappings?: ScimRoleMapping[];
  provisionedOnly?: boolean;
}

/** Provisioning connections: one per identity-provider app, each into one organization. */
export class ScimConnectionService {
  constructor(
    private readonly store: ScimStore,
    private readonly organizations: OrganizationService,
  ) {}

  async create(input: ConnectionInput): Promise<ConnectionRow> {
    await this.organizations.require(input.organizationId);
    await this.organizations.requireRoles((input.roleMappings ?? []).map((mapping) => mapping.role));
    return this.store.insertConnection({
      id: randomUUID(),
      name: input.name,
      organizationId: input.organizationId,
      deprovisioning: input.deprovisioning ?? 'suspend',
      linkByVerifiedEmail: input.linkByVerifiedEmail ?? false,
      unknownGroups: input.unknownGroups ?? 'ignore',
      roleMappings: input.roleMappings ?? [],
      provisionedOnly: input.provisionedOnly ?? false,
    });
  }

  list(): Promise<ConnectionRow[]> {
    return this.store.listConnections();
  }

  find(id: string): Promise<ConnectionRow | undefined> {
    return this.store.findConnection(id);
  }

  /** Changes a connection's name and policies (its organization is fixed: its users' memberships are there). */
  async update(
    id: string,
    changes: Partial<Omit<ConnectionInput, 'organizationId'>>,
  ): Promise<ConnectionRow | undefined> {
    if (changes.roleMappings)
      await this.organizations.requireRoles(changes.roleMappings.map((mapping) => mapping.role));
    return this.store.updateConnection(id, changes);
  }

  /**
   * Provisioned-only sign-in (docs/scim.md), as a membership rule of the organizations slice: in an organization
   * with a provisioned-only connection, only that connection's active provisioned users' memberships count.
   */
  async excludedOrganizations(userId: string, organizationIds: readonly string[]): Promise<Set<string>> {
    return new Set(await this.store.organizationsExcludingUser(userId, organizationIds));
  }

  /** Deletes a connection, its tokens and its SCIM resources; the accounts and memberships it made stay. */
  delete(id: string): Promise<boolean> {
    return this.store.deleteConnection(id);
  }
}
