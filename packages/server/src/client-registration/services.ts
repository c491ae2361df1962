import type { Infrastructure } from '../app/infrastructure.js';
import type { ClientServices } from '../clients/services.js';
import { InitialAccessTokenService } from './initial-access-tokens.js';
import { ClientRegistrationService } from './service.js';
import { ClientRegistrationStore } from './store.js';

/** The client registration slice's services (`context.clientRegistration`). */
export interface ClientRegistrationServices {
  /** Initial access tokens, issued by write admins. */
  initialAccessTokens: InitialAccessTokenService;
  /** RFC 7591 registration and RFC 7592 management over the client registry. */
  registrations: ClientRegistrationService;
}

export async function createClientRegistrationServices(
  { config, database, settings, audit }: Infrastructure,
  { clients }: { clients: ClientServices },
): Promise<ClientRegistrationServices> {
  const store = new ClientRegistrationStore(database.db);
  const initialAccessTokens = new InitialAccessTokenService(store, audit);
  return {
    initialAccessTokens,
    registrations: new ClientRegistrationService(
      store,
      clients.registry,
      initialAccessTokens,
      settings,
      audit,
      config.baseUrl,
    ),
  };
}
