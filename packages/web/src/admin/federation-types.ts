/**
 * Names for the admin API's federation answers (`/admin/federation/…`). The shapes are generated from the admin
 * port's /openapi.json (shared/api-types).
 */
import type { AdminApiBody, AdminApiResponse } from '../shared/api-types/admin-api';

export type FederationConnectionView = AdminApiResponse<'GET /admin/federation/connections/{id}'>;
export type FederationConnectionBody = NonNullable<AdminApiBody<'POST /admin/federation/connections'>>;
export type FederationDomainView = FederationConnectionView['domainVerification'][number];
export type FederationDiscovery = AdminApiResponse<'GET /admin/federation/oidc/discovery'>;
export type LinkingPolicy = FederationConnectionView['accountLinkingPolicy'];
