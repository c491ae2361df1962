import { createHash, randomUUID } from 'node:crypto';
import type { User } from '../accounts/users.js';
import type { Client } from '../clients/model.js';
import type { SettingsService } from '../config/settings.js';
import { JwtError, signJwt, verifyJwt } from '../crypto/jwt.js';
import type { SigningAlgorithm, SigningKeyService } from '../crypto/signing-keys.js';
import type { OrganizationClaims } from './organization-context.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

/** The authorization behind a user token (a grant or the session that is completing one). */
export interface UserAuthorization {
  user: User;
  scope: string;
  grantId: string;
  sessionPublicId: string | null;
  authTime: Date;
  amr: string[];
  acr: string;
  /** The organization context of the grant, read afresh for each token (null: none applies). */
  organization?: OrganizationClaims | null;
}

/**
 * RFC 8693 §4.1: who acts for the subject of a delegated token: the acting party's `sub` and the client it acts
 * through, with the earlier actors of a chain nested in `act` (the outermost is the current one).
 */
export interface ActorClaim {
  sub: string;
  client_id: string;
  act?: ActorClaim;
}

export interface AccessTokenClaims extends Partial<OrganizationClaims> {
  iss: string;
  sub: string;
  /** The client the token was issued to; an exchanged token's target audience or audiences (RFC 8693 §2.1). */
  aud: string | string[];
  client_id: string;
  azp: string;
  exp: number;
  iat: number;
  jti: string;
  scope: string;
  /** Grant id (user tokens): introspection and userinfo report a revoked grant's tokens inactive. */
  gid?: string;
  sid?: string;
  auth_time?: number;
  /** RFC 9449 §6.1: the thumbprint of the DPoP key the token is bound to. */
  cnf?: { jkt: string };
  /** RFC 8693 §4.1: the actor of a delegated (exchanged) token. */
  act?: ActorClaim;
}

/** What an exchanged access token says (RFC 8693 §2.2): the subject token's user and grant, for a new audience. */
export interface ExchangedToken {
  sub: string;
  aud: string | string[];
  scope: string;
  grantId: string;
  sessionPublicId: string | undefined;
  authTime: number | undefined;
  organization: OrganizationClaims | null;
  act: ActorClaim | undefined;
  /** The subject token's expiry (seconds): an exchange never outlives the token it was made from. */
  notAfter: number;
}

/**
 * Access tokens are ES256 by default (RFC 9068, docs/integration.md#access-token); ID tokens use the client's
 * algorithm, RS256 by default.
 */
const ACCESS_TOKEN_ALG: SigningAlgorithm = 'ES256';

const seconds = (date: Date | number) =>
  Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000);

/**
 * `at_hash` (OIDC Core §3.1.3.6): the left half of the hash of the access token, with the hash of the ID token's
 * algorithm. Core 1.0 defines none for EdDSA, so it is left out there (interop §1.6).
 */
function accessTokenHash(accessToken: string, alg: SigningAlgorithm): string | undefined {
  if (alg === 'EdDSA') return undefined;
  const digest = createHash('sha256').update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/** The four organization claims, copied so nothing else from the source object leaks into a token. */
function organizationClaims(organization: OrganizationClaims): OrganizationClaims {
  return {
    org_id: organization.org_id,
    org_slug: organization.org_slug,
    roles: [...organization.roles],
    permissions: [...organization.permissions],
  };
}

function hasScope(scope: string, wanted: string): boolean {
  return ` ${scope} `.includes(` ${wanted} `);
}

/** Signs and checks the service's JWTs. */
export class TokenIssuer {
  private readonly verifiedAccessTokens: VerifiedTokenCache<AccessTokenClaims>;

  constructor(
    private readonly issuer: string,
    private readonly keys: SigningKeyService,
    private readonly settings: SettingsService,
    lookups?: { hit(): void; miss(): void },
  ) {
    this.verifiedAccessTokens = new VerifiedTokenCache<AccessTokenClaims>(undefined, lookups);
  }

  accessTokenTtl(client: Client): number {
    return client.accessTokenTtlSeconds ?? this.settings.get('tokens.access_token_ttl_seconds');
  }

  /**
   * An RFC 9068 access token (`typ: at+jwt`). For client credentials `sub` is the client itself. With a DPoP key's
   * thumbprint it is bound to that key (`cnf.jkt`, RFC 9449 §6.1).
   */
  issueAccessToken(
    client: Client,
    scope: string,
    authorization: UserAuthorization | null,
    dpopJkt: string | null = null,
  ): { token: string; expiresIn: number; claims: AccessTokenClaims } {
    const now = Date.now();
    const expiresIn = this.accessTokenTtl(client);
    const claims: AccessTokenClaims = {
      iss: this.issuer,
      sub: authorization ? authorization.user.id : client.id,
      aud: client.id,
      client_id: client.id,
      azp: client.id,
      exp: seconds(now) + expiresIn,
      iat: seconds(now),
      // A v4 UUID (122 random bits) from Node's buffered entropy: unique, and far cheaper than randomBytes per call.
      jti: randomUUID(),
      scope,
    };
    if (authorization) {
      claims.gid = authorization.grantId;
      if (authorization.sessionPublicId) claims.sid = authorization.sessionPublicId;
      claims.auth_time = seconds(authorization.authTime);
      if (authorization.organization) Object.assign(claims, organizationClaims(authorization.organization));
    }
    if (dpopJkt !== null) claims.cnf = { jkt: dpopJkt };
    const token = signJwt(
      claims as unknown as Record<string, unknown>,
      this.keys.currentKey(ACCESS_TOKEN_ALG),
      'at+jwt',
    );
    return { token, expiresIn, claims };
  }

  /**
   * An access token from a token exchange (RFC 8693 §2.2.1), issued to the exchanging client (`client_id`, `azp`)
   * for the requested audience, bound to the request's DPoP key when it sent a proof. It lives at most as long as
   * the client's access-token lifetime and never past the subject token's own expiry.
   */
  issueExchangedAccessToken(
    client: Client,
    exchanged: ExchangedToken,
    dpopJkt: string | null,
  ): { token: string; expiresIn: number; claims: AccessTokenClaims } {
    const now = seconds(Date.now());
    const exp = Math.min(now + this.accessTokenTtl(client), exchanged.notAfter);
    const claims: AccessTokenClaims = {
      iss: this.issuer,
      sub: exchanged.sub,
      aud: exchanged.aud,
      client_id: client.id,
      azp: client.id,
      exp,
      iat: now,
      jti: randomUUID(),
      scope: exchanged.scope,
      gid: exchanged.grantId,
    };
    if (exchanged.sessionPublicId !== undefined) claims.sid = exchanged.sessionPublicId;
    if (exchanged.authTime !== undefined) claims.auth_time = exchanged.authTime;
    if (exchanged.organization) Object.assign(claims, organizationClaims(exchanged.organization));
    if (exchanged.act) claims.act = exchanged.act;
    if (dpopJkt !== null) claims.cnf = { jkt: dpopJkt };
    const token = signJwt(
      claims as unknown as Record<string, unknown>,
      this.keys.currentKey(ACCESS_TOKEN_ALG),
      'at+jwt',
    );
    return { token, expiresIn: exp - now, claims };
  }

  /** An OIDC ID token (Core §2) with profile and email claims only as the granted scope allows. */
  issueIdToken(
    client: Client,
    authorization: UserAuthorization,
    options: { nonce: string | null; accessToken: string },
  ): string {
    const now = Date.now();
    const alg = client.idTokenSignedResponseAlg;
    const { user, scope } = authorization;
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      sub: user.id,
      aud: client.id,
      azp: client.id,
      exp: seconds(now) + (client.idTokenTtlSeconds ?? this.settings.get('tokens.id_token_ttl_seconds')),
      iat: seconds(now),
      auth_time: seconds(authorization.authTime),
      acr: authorization.acr,
      amr: authorization.amr,
    };
    if (authorization.sessionPublicId) claims.sid = authorization.sessionPublicId;
    // A nonce appears only when the request carried one: strict RPs reject an unexpected nonce (interop §1.6).
    if (options.nonce !== null) claims.nonce = options.nonce;
    const atHash = accessTokenHash(options.accessToken, alg);
    if (atHash) claims.at_hash = atHash;
    if (hasScope(scope, 'profile') && user.name) claims.name = user.name;
    if (hasScope(scope, 'email')) {
      claims.email = user.email;
      claims.email_verified = user.emailVerified;
    }
    if (authorization.organization) Object.assign(claims, organizationClaims(authorization.organization));
    return signJwt(claims, this.keys.currentKey(alg), 'JWT');
  }

  /**
   * Verifies one of our access tokens: signature by a published key, `typ: at+jwt` (RFC 9068 §4, so an ID token is
   * never accepted in its place), our issuer, and not expired. Returns null for anything else.
   */
  verifyAccessToken(token: string, now = Date.now()): Readonly<AccessTokenClaims> | null {
    const keySetVersion = this.keys.keySetVersion;
    const cached = this.verifiedAccessTokens.get(token, keySetVersion, seconds(now));
    if (cached) return cached;
    try {
      const { header, payload } = verifyJwt(token, (kid) => this.keys.publicKey(kid));
      if (header.typ !== 'at+jwt') return null;
      if (payload.iss !== this.issuer) return null;
      if (typeof payload.exp !== 'number' || payload.exp <= seconds(now)) return null;
      if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string') return null;
      return this.verifiedAccessTokens.set(token, payload as unknown as AccessTokenClaims, keySetVersion);
    } catch (error) {
      if (error instanceof JwtError) return null;
      throw error;
    }
  }

  /**
   * Verifies an ID token we issued, ignoring expiry (RP-Initiated Logout 1.0 §2 and Core §3.1.2.1 accept expired
   * hints). Returns null when it is not ours or not an ID token.
   */
  verifyIdTokenHint(token: string): { sub: string; aud: string; sid?: string } | null {
    try {
      const { header, payload } = verifyJwt(token, (kid) => this.keys.publicKey(kid));
      // Only an ID token: never an access token (RFC 9068) or a logout token (Back-Channel Logout §2.4).
      if (header.typ === 'at+jwt' || header.typ === 'logout+jwt' || payload.iss !== this.issuer) return null;
      if (typeof payload.sub !== 'string' || typeof payload.aud !== 'string') return null;
      return {
        sub: payload.sub,
        aud: payload.aud,
        sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
    } catch (error) {
      if (error instanceof JwtError) return null;
      throw error;
    }
  }
}
