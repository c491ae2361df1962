import * as client from 'openid-client';
import type { Sealer } from '../crypto/seal.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { FederationConnectionService } from './connections.js';
import type { AccountLinking, LinkedAccount } from './linking.js';
import type { ConnectionRow, FederationStore } from './store.js';
import { type UpstreamIdentity, type UpstreamProvider, UpstreamRefusal } from './upstream.js';

/** How long an upstream sign-in may take from start to callback. */
const FLOW_LIFETIME_MS = 10 * 60 * 1000;

export interface StartedFlow {
  authorizationUrl: string;
  /** The flow cookie's value: binds the callback to this browser; stored only as a hash. */
  browserValue: string;
}

export interface CompletedFlow {
  connection: ConnectionRow;
  upstream: UpstreamIdentity;
  account: LinkedAccount;
  requestId: string | null;
  returnTo: string | null;
}

interface FlowSecrets {
  codeVerifier: string;
  nonce: string;
}

const flowSecretsContext = (stateHash: string) => ({
  table: 'federation_flows',
  column: 'secrets_sealed',
  row: stateHash,
});

/**
 * The upstream authorization-code flow (OIDC Core §3.1): PKCE (RFC 7636), state and nonce; the pending state
 * lives in the database (any node serves the callback), keyed by the hash of `state`, bound to the browser by
 * the hash of a cookie value, used once, for ten minutes.
 */
/** The connection label of a callback whose flow is unknown (a forged or replayed state): one value for them all. */
export const UNKNOWN_CONNECTION = '(unknown)';

export class FederationFlows {
  constructor(
    private readonly store: FederationStore,
    private readonly connections: FederationConnectionService,
    private readonly upstream: UpstreamProvider,
    private readonly linking: AccountLinking,
    private readonly sealer: Sealer,
    private readonly redirectUri: string,
  ) {}

  async start(
    connection: ConnectionRow,
    resume: { requestId: string | null; returnTo: string | null; loginHint: string | null },
  ): Promise<StartedFlow> {
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserValue = randomToken();
    const stateHash = hashToken(state);
    const secrets: FlowSecrets = { codeVerifier, nonce };
    await this.store.insertFlow({
      stateHash,
      browserHash: hashToken(browserValue),
      connectionId: connection.id,
      secretsSealed: this.sealer.seal(JSON.stringify(secrets), flowSecretsContext(stateHash)),
      requestId: resume.requestId,
      returnTo: resume.returnTo,
      expiresAt: new Date(Date.now() + FLOW_LIFETIME_MS),
    });
    const configuration = this.upstream.configurationFor(
      connection,
      this.connections.clientSecretOf(connection),
    );
    const url = this.upstream.authorizationUrl(configuration, {
      redirectUri: this.redirectUri,
      scopes: connection.scopes,
      state,
      nonce,
      codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
      ...(resume.loginHint ? { loginHint: resume.loginHint } : {}),
    });
    return { authorizationUrl: url.href, browserValue };
  }

  /**
   * Completes a callback: takes the flow once (only with the browser's cookie), redeems the code upstream and finds
   * the local account. Throws UpstreamRefusal with the reason when anything does not hold.
   */
  async complete(query: Record<string, string>, browserValue: string | undefined): Promise<CompletedFlow> {
    const taken: { connectionId: string | null } = { connectionId: null };
    try {
      const completed = await this.completeFlow(query, browserValue, taken);
      this.outcomes?.(completed.connection.id, 'success');
      return completed;
    } catch (error) {
      this.outcomes?.(
        taken.connectionId ?? UNKNOWN_CONNECTION,
        error instanceof UpstreamRefusal ? error.reason : 'error',
      );
      throw error;
    }
  }

  /** Told of each callback's outcome by connection id (`tessera_federation_sign_ins_total`). */
  private outcomes: ((connectionId: string, outcome: string) => void) | null = null;

  countOutcomes(listener: (connectionId: string, outcome: string) => void): void {
    this.outcomes = listener;
  }

  private async completeFlow(
    query: Record<string, string>,
    browserValue: string | undefined,
    taken: { connectionId: string | null },
  ): Promise<CompletedFlow> {
    const state = query.state;
    if (!state || state.length > 500 || !browserValue || browserValue.length > 100) {
      throw new UpstreamRefusal('invalid_state', 'the sign-in was not started in this browser');
    }
    const stateHash = hashToken(state);
    const flow = await this.store.consumeFlow(stateHash, hashToken(browserValue), new Date());
    if (!flow) {
      throw new UpstreamRefusal(
        'invalid_state',
        'the sign-in is unknown, expired, used, or from another browser',
      );
    }
    taken.connectionId = flow.connectionId;
    const connection = (await this.connections.find(flow.connectionId))?.row;
    if (!connection?.enabled)
      throw new UpstreamRefusal('connection_disabled', 'the connection is not enabled');
    const secrets = JSON.parse(
      this.sealer.openText(flow.secretsSealed, flowSecretsContext(stateHash)),
    ) as FlowSecrets;
    const callbackUrl = new URL(this.redirectUri);
    for (const [name, value] of Object.entries(query)) callbackUrl.searchParams.set(name, value);
    const configuration = this.upstream.configurationFor(
      connection,
      this.connections.clientSecretOf(connection),
    );
    const upstream = await this.upstream.redeem(configuration, connection, callbackUrl, {
      state,
      nonce: secrets.nonce,
      codeVerifier: secrets.codeVerifier,
    });
    const account = await this.linking.accountFor(connection, upstream);
    return { connection, upstream, account, requestId: flow.requestId, returnTo: flow.returnTo };
  }
}
