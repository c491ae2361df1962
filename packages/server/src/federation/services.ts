import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { createOutboundFetch } from '../outbound/index.js';
import type { PasskeyServices } from '../passkeys/services.js';
import { FederationConnectionService } from './connections.js';
import { DomainRouting } from './domains.js';
import { FederationFlows } from './flows.js';
import { AccountLinking } from './linking.js';
import { FederationStore } from './store.js';
import { IdentityUnlinking } from './unlinking.js';
import { UpstreamProvider } from './upstream.js';

/** The path registered upstream as the redirect URI (the /api/user form). */
export const CALLBACK_PATH = '/api/user/federation/oidc/callback';

/** The federation slice's services (`context.federation`). */
export interface FederationServices {
  connections: FederationConnectionService;
  domains: DomainRouting;
  flows: FederationFlows;
  linking: AccountLinking;
  unlinking: IdentityUnlinking;
  upstream: UpstreamProvider;
}

export async function createFederationServices(
  { config, database, sealer, audit, logger, metrics }: Infrastructure,
  { accounts, passkeys }: { accounts: AccountServices; passkeys: PasskeyServices },
): Promise<FederationServices> {
  const store = new FederationStore(database.db);
  // Every upstream request (discovery, token, JWKS, userinfo) goes through the SSRF-safe outbound fetch
  // (docs/federation.md#outbound-requests).
  const allowInsecureHttp = config.outboundAllowLoopback;
  // Each refusal is logged at warn with the rule that refused it (docs/configuration.md#outbound-requests).
  const fetch = createOutboundFetch({ allowLoopbackForDevelopment: config.outboundAllowLoopback, logger });
  const upstream = new UpstreamProvider({ fetch, allowInsecureHttp });
  const connections = new FederationConnectionService(store, sealer, upstream, allowInsecureHttp);
  const domains = new DomainRouting(store);
  // A verified domain of an enabled connection is the provider's, unless the connection also allows local accounts.
  accounts.localAddresses.answerWith(async (email) => {
    const route = await domains.routeOf(email);
    return route.kind === 'federation' && !route.connection.allowLocalAccounts ? route.connection.name : null;
  });
  const linking = new AccountLinking(store, accounts.users, accounts.lifecycle, domains, audit);
  const redirectUri = `${config.baseUrl.replace(/\/$/, '')}${CALLBACK_PATH}`;
  const flows = new FederationFlows(store, connections, upstream, linking, sealer, redirectUri);
  const federatedSignIns = metrics.counter(
    'federation_sign_ins_total',
    'Returns from an upstream identity provider, by connection id and outcome (success or the refusal reason)',
    ['connection', 'outcome'],
  );
  flows.countOutcomes((connection, outcome) => federatedSignIns.inc({ connection, outcome }));
  return {
    connections,
    domains,
    flows,
    linking,
    unlinking: new IdentityUnlinking(
      store,
      async (userId) =>
        (await accounts.passwords.hasPassword(userId)) ||
        (await passkeys.credentials.list(userId)).length > 0,
    ),
    upstream,
  };
}
