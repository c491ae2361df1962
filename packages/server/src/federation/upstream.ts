import * as client from 'openid-client';
import { appError } from '../app/errors.js';
import { OutboundRequestRefused } from '../outbound/index.js';
import { federationError } from './errors.js';
import type { ConnectionRow } from './store.js';

/** A fetch-compatible function: every upstream request (discovery, token, JWKS, userinfo) goes through it. */
export type UpstreamFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface UpstreamOptions {
  fetch: UpstreamFetch;
  /**
   * Development only (config `TESSERA_OUTBOUND_ALLOW_LOOPBACK`, refused in production): lets openid-client talk
   * plain http to a loopback test IdP. The outbound policy decides which addresses are reachable at all.
   */
  allowInsecureHttp: boolean;
}

/** The endpoints of an upstream provider, as discovery found them (OIDC Discovery §3). */
export interface UpstreamMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint: string | null;
  scopesSupported: string[] | null;
}

export interface UpstreamIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** RFC 8176 values the upstream reported (`amr` of its ID token). */
  amr: string[];
}

/** Why a callback was refused, for the audit log and the refusal page (never a token or a claim value). */
export class UpstreamRefusal extends Error {
  override name = 'UpstreamRefusal';
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The upstream OpenID provider as openid-client v6 (a certified RP) sees it: discovery, the authorization URL, the
 * code exchange with PKCE, state and nonce checks and ID token validation, and userinfo with its `sub` check.
 * One openid-client Configuration per connection version is kept, so its JWKS stays cached (refetched after five
 * minutes, or on an unknown `kid` once the cached set is a minute old: oauth4webapi's rule).
 */
export class UpstreamProvider {
  private readonly configurations = new Map<
    string,
    { version: number; configuration: client.Configuration }
  >();

  constructor(private readonly options: UpstreamOptions) {}

  private requestOptions() {
    return {
      [client.customFetch]: this.options.fetch as client.CustomFetch,
      execute: this.options.allowInsecureHttp ? [client.allowInsecureRequests] : [],
      timeout: 10,
    };
  }

  /** Fetches discovery metadata from an issuer (or a full `.well-known` URL); the issuer must match (§4.3). */
  async discover(issuerOrDiscoveryUrl: string): Promise<UpstreamMetadata> {
    let url: URL;
    try {
      url = new URL(issuerOrDiscoveryUrl);
    } catch {
      throw appError('invalid_request', 'the issuer must be an absolute URL');
    }
    // openid-client refuses any other scheme itself, before the outbound policy sees the request: that is the
    // admin's URL refused (docs/federation.md#outbound-requests: https only), not an upstream that failed to
    // answer.
    const schemes = this.options.allowInsecureHttp ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) {
      throw federationError(
        'upstream_refused',
        `discovery refused: the issuer must be an https URL, not ${url.protocol.slice(0, 40)}`,
      );
    }
    let configuration: client.Configuration;
    try {
      configuration = await client.discovery(
        url,
        'tessera-discovery',
        undefined,
        client.None(),
        this.requestOptions(),
      );
    } catch (error) {
      const refusal = outboundRefusal(error);
      if (refusal) throw federationError('upstream_refused', `discovery refused: ${refusal.message}`);
      throw federationError('upstream_unavailable', `discovery failed: ${describeUpstreamError(error)}`);
    }
    const metadata = configuration.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      throw federationError(
        'invalid_upstream_metadata',
        'discovery metadata lacks authorization_endpoint, token_endpoint or jwks_uri',
      );
    }
    return {
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      jwksUri: metadata.jwks_uri,
      userinfoEndpoint: metadata.userinfo_endpoint ?? null,
      scopesSupported: metadata.scopes_supported ?? null,
    };
  }

  /** The openid-client configuration of a connection, rebuilt when the connection changed. */
  configurationFor(connection: ConnectionRow, clientSecret: string | null): client.Configuration {
    const version = connection.updatedAt.getTime();
    const cached = this.configurations.get(connection.id);
    if (cached?.version === version) return cached.configuration;
    const configuration = new client.Configuration(
      {
        issuer: connection.issuer,
        authorization_endpoint: connection.authorizationEndpoint,
        token_endpoint: connection.tokenEndpoint,
        jwks_uri: connection.jwksUri,
        ...(connection.userinfoEndpoint ? { userinfo_endpoint: connection.userinfoEndpoint } : {}),
      },
      connection.clientId,
      clientSecret ? { client_secret: clientSecret } : undefined,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    );
    configuration[client.customFetch] = this.options.fetch as client.CustomFetch;
    configuration.timeout = 10;
    if (this.options.allowInsecureHttp) client.allowInsecureRequests(configuration);
    // The ID token's signature is checked against the provider's JWKS too, not only trusted for arriving over TLS
    // (OIDC Core §3.1.3.7 makes that optional; a tampered or misrouted answer must not sign anyone in).
    client.enableNonRepudiationChecks(configuration);
    this.configurations.set(connection.id, { version, configuration });
    return configuration;
  }

  forget(connectionId: string): void {
    this.configurations.delete(connectionId);
  }

  authorizationUrl(
    configuration: client.Configuration,
    parameters: {
      redirectUri: string;
      scopes: string[];
      state: string;
      nonce: string;
      codeChallenge: string;
      loginHint?: string;
    },
  ): URL {
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: parameters.redirectUri,
      response_type: 'code',
      scope: parameters.scopes.join(' '),
      state: parameters.state,
      nonce: parameters.nonce,
      code_challenge: parameters.codeChallenge,
      code_challenge_method: 'S256',
      ...(parameters.loginHint ? { login_hint: parameters.loginHint } : {}),
    });
  }

  /**
   * Redeems the code (PKCE, state and nonce checked, the ID token's signature, `iss`, `aud`, `exp` and `nonce`
   * validated by openid-client), then reads userinfo when the provider has it: its `sub` must be the ID token's
   * (OIDC Core §5.3.2). Claims are read through the connection's claim mapping.
   */
  async redeem(
    configuration: client.Configuration,
    connection: ConnectionRow,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<UpstreamIdentity> {
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new UpstreamRefusal('upstream_token_rejected', describeUpstreamError(error));
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw new UpstreamRefusal('upstream_token_rejected', 'no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (connection.userinfoEndpoint) {
      try {
        const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        claims = { ...claims, ...userinfo, sub: idClaims.sub };
      } catch (error) {
        throw new UpstreamRefusal('upstream_userinfo_rejected', describeUpstreamError(error));
      }
    }
    const mapping = connection.claimMapping;
    const email = claims[mapping.email ?? 'email'];
    const name = claims[mapping.name ?? 'name'];
    const emailVerified = claims[mapping.emailVerified ?? 'email_verified'];
    return {
      subject: idClaims.sub,
      email: typeof email === 'string' && email.length <= 320 ? email : null,
      // Only a JSON true counts (a string "true" from a sloppy provider does not).
      emailVerified: emailVerified === true,
      name: typeof name === 'string' ? name.slice(0, 200) : null,
      amr: Array.isArray(idClaims.amr) ? idClaims.amr.filter((value) => typeof value === 'string') : [],
    };
  }
}

/** The outbound policy's refusal behind an error (openid-client passes it through or wraps it as a cause). */
export function outboundRefusal(error: unknown): OutboundRequestRefused | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof OutboundRequestRefused) return current;
    current = current.cause;
  }
  return null;
}

/** A short reason from an openid-client or fetch error: its code and message, never a request body or token. */
export function describeUpstreamError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`.slice(0, 300);
  }
  return 'unknown error';
}
