import type { Infrastructure } from '../app/infrastructure.js';
import { createOutboundFetch } from '../outbound/index.js';
import { ClientService } from './service.js';

/** The clients slice's services (`context.clients.registry`). */
export interface ClientServices {
  /** Every registered relying party, cached in memory and invalidated across nodes. */
  registry: ClientService;
}

export async function createClientServices({
  config,
  database,
  sealer,
  bus,
  logger,
}: Infrastructure): Promise<ClientServices> {
  // Clients' jwks_uri are fetched through the SSRF-safe outbound fetch
  // (docs/configuration.md#outbound-requests).
  const fetch = createOutboundFetch({ allowLoopbackForDevelopment: config.outboundAllowLoopback, logger });
  return {
    registry: new ClientService(
      database.db,
      sealer,
      bus,
      config.baseUrl,
      fetch,
      config.outboundAllowLoopback,
    ),
  };
}
