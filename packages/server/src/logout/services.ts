import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import type { ClientServices } from '../clients/services.js';
import type { OAuthServices } from '../oauth/services.js';
import { createOutboundFetch } from '../outbound/index.js';
import { LOGOUT_ATTEMPT_TIMEOUT_MS, LogoutDelivery } from './delivery.js';
import { SessionEnd } from './session-end.js';
import { type DeliveryRow, LogoutStore } from './store.js';

/** The logout slice's services (`context.logout`). */
export interface LogoutServices {
  /** What a session's end does to what was issued in it (handles `accounts.sessions.ended`). */
  sessionEnd: SessionEnd;
  /** Sends the queued logout tokens; the composition root runs it on a timer, tests call `runOnce`. */
  delivery: LogoutDelivery;
  /** A client's logouts, for the admin API. */
  deliveries: {
    list(clientId: string, limit: number, before?: number): Promise<DeliveryRow[]>;
    redeliver(clientId: string, id: string): Promise<boolean>;
  };
}

export async function createLogoutServices(
  { config, database, signingKeys, settings, audit, metrics, logger }: Infrastructure,
  { accounts, clients, oauth }: { accounts: AccountServices; clients: ClientServices; oauth: OAuthServices },
): Promise<LogoutServices> {
  const store = new LogoutStore(database.db);
  const sessionEnd = new SessionEnd(oauth.revocation, clients.registry, store);
  // Every user session that ends (sign-out, RP-Initiated Logout, an account disabled, deleted, deprovisioned, its
  // password reset, an admin ending its sessions) comes here, in the transaction that ended it.
  accounts.sessions.ended.handle((sessions, reason) => sessionEnd.ended(sessions, reason));
  // Relying parties are reached through the SSRF-safe outbound fetch: https to public addresses only
  // (docs/configuration.md#outbound-requests).
  const fetch = createOutboundFetch({
    allowLoopbackForDevelopment: config.outboundAllowLoopback,
    totalTimeoutMs: LOGOUT_ATTEMPT_TIMEOUT_MS,
    logger,
  });
  const delivery = new LogoutDelivery(
    {
      store,
      clients: clients.registry,
      signingKeys,
      issuer: config.baseUrl,
      fetch,
      settings,
      audit,
      metrics,
    },
    logger,
  );
  return {
    sessionEnd,
    delivery,
    deliveries: {
      list: (clientId, limit, before) => store.deliveries(clientId, limit, before),
      redeliver: (clientId, id) => store.redeliver(clientId, id),
    },
  };
}
