import type { Infrastructure } from '../app/infrastructure.js';
import { ClientService } from './service.js';

/** The clients slice's services (`context.clients.registry`). */
export interface ClientServices {
  /** Every registered relying party, cached in memory and invalidated across nodes. */
  registry: ClientService;
}

export async function createClientServices({
  database,
  sealer,
  bus,
}: Infrastructure): Promise<ClientServices> {
  return { registry: new ClientService(database.db, sealer, bus) };
}
