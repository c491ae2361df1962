import type { FederationConnectionView } from '../../federation-types';

export const connectionPath = (id: string) => `/admin/federation/connections/${encodeURIComponent(id)}`;

/** The fields PUT always needs; everything left out keeps its value (federation/connections.ts). */
export const identityOf = (connection: FederationConnectionView) => ({
  name: connection.name,
  issuer: connection.issuer,
  clientId: connection.clientId,
});
