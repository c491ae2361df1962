/**
 * Names for the admin API's SCIM answers (`/admin/scim/…`). The shapes are generated from the admin port's
 * /openapi.json (shared/api-types).
 */
import type { AdminApiBody, AdminApiResponse } from '../shared/api-types/admin-api';

export type ScimConnectionView = AdminApiResponse<'GET /admin/scim/connections/{connectionId}'>;
export type ScimConnectionChanges = NonNullable<AdminApiBody<'PATCH /admin/scim/connections/{connectionId}'>>;
export type ScimRoleMapping = ScimConnectionView['roleMappings'][number];
export type ScimTokenView = AdminApiResponse<'GET /admin/scim/tokens'>['tokens'][number];
export type ScimTokenCreated = AdminApiResponse<'POST /admin/scim/tokens'>;
export type DeprovisioningPolicy = NonNullable<ScimConnectionChanges['deprovisioning']>;
export type UnknownGroupPolicy = NonNullable<ScimConnectionChanges['unknownGroups']>;
