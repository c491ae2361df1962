import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import type { ClientServices } from '../clients/services.js';
import { loadServerSecret } from '../crypto/server-secrets.js';
import { inTransaction } from '../db/transactions.js';
import type { KeyServices } from '../keys/services.js';
import type { OrganizationServices } from '../orgs/services.js';
import { AuthorizeService } from './authorize-service.js';
import { DeviceAuthorizations } from './device-authorization.js';
import { DeviceAuthorizationStore } from './device-store.js';
import { DpopProofs } from './dpop.js';
import { DpopProofStore } from './dpop-store.js';
import { GrantStatusCache } from './grant-status-cache.js';
import { Introspection } from './introspection.js';
import { PushedRequests } from './pushed-requests.js';
import { GrantRevocation } from './revocation.js';
import { answerSignInContinuation } from './sign-in-continuation.js';
import { OAuthStore } from './store.js';
import { TokenExchange } from './token-exchange.js';
import { TokenIssuer } from './token-issuer.js';
import { TokenService } from './token-service.js';

/** The OAuth slice's services (`context.oauth`). */
export interface OAuthServices {
  issuer: TokenIssuer;
  tokens: TokenService;
  introspection: Introspection;
  authorize: AuthorizeService;
  /** Pushed authorization requests and request objects (RFC 9126, RFC 9101). */
  pushedRequests: PushedRequests;
  /** Every way a grant ends (/revoke, replay detection, account and organization changes). */
  revocation: GrantRevocation;
  /** Active grants and their users' claims, dropped on every node by every revocation and user change. */
  grantStatus: GrantStatusCache;
  /** DPoP proofs (RFC 9449) at /token and the protected resources: checks, nonces, replay detection. */
  dpop: DpopProofs;
  /** The device authorization grant (RFC 8628). */
  devices: DeviceAuthorizations;
}

export async function createOAuthServices(
  { config, database, signingKeys, settings, bus, metrics, sealer, audit }: Infrastructure,
  {
    accounts,
    clients,
    orgs,
    keys,
  }: { accounts: AccountServices; clients: ClientServices; orgs: OrganizationServices; keys: KeyServices },
): Promise<OAuthServices> {
  const store = new OAuthStore(database.db, bus);
  const grantStatus = new GrantStatusCache({
    load: (grantId, now) => store.activeGrantWithUser(grantId, now),
    isCurrent: () => bus.isCurrent(),
    inTransaction: () => inTransaction(database.db),
    lookups: metrics.cacheLookups('grant_status'),
  });
  // The store announces every grant it ends (topic `grants`), the accounts slice every user it changes (`users`).
  bus.on('grants', (message) => grantStatus.applyChange(message));
  bus.on('users', (userId) => grantStatus.applyUserChange(userId));
  const issuer = new TokenIssuer(
    config.baseUrl,
    signingKeys,
    settings,
    metrics.cacheLookups('verified_access_tokens'),
  );
  const revocation = new GrantRevocation(store);
  const devices = new DeviceAuthorizations(
    config.baseUrl,
    new DeviceAuthorizationStore(database.db),
    settings,
    audit,
  );
  // An account's access ended: so do its device approvals whose tokens were not yet fetched.
  accounts.lifecycle.accessEnded.handle((userId) => devices.endOfUser(userId));
  // Slices built before this one end grants through their hooks: an account's access, an organization's.
  accounts.lifecycle.accessEnded.handle((userId) => revocation.endAllOfUser(userId));
  orgs.organizations.accessEnded.handle((organizationId, userId) =>
    revocation.revokeInOrganization(organizationId, userId),
  );
  const authorize = new AuthorizeService(
    config.baseUrl,
    clients.registry,
    store,
    issuer,
    orgs.organizations,
    {
      beforeDelivery: (userId, envelopeId, organizationId) =>
        keys.keybags.requireKeybagForDelivery(userId, envelopeId, organizationId),
      delivered: async (userId, envelopeId) => {
        await keys.keybags.recordUnlock(userId, envelopeId);
      },
    },
    devices,
  );
  // The sign-ins of the accounts slice (and those built on them) continue a pending request through this one.
  answerSignInContinuation(accounts.signInContinuation, authorize, config.baseUrl);
  const dpop = new DpopProofs(
    config.baseUrl,
    new DpopProofStore(database.db),
    settings,
    await loadServerSecret(database.db, sealer, 'dpop_nonce_key'),
  );
  return {
    issuer,
    dpop,
    tokens: new TokenService(
      store,
      revocation,
      issuer,
      settings,
      orgs.organizations,
      devices,
      new TokenExchange(store, issuer, orgs.organizations, audit),
    ),
    devices,
    introspection: new Introspection(config.baseUrl, issuer, store, grantStatus),
    authorize,
    revocation,
    grantStatus,
    pushedRequests: new PushedRequests(database.db, clients.registry, settings),
  };
}
