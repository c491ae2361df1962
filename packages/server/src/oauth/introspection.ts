import type { Client } from '../clients/model.js';
import { hashToken } from '../crypto/tokens.js';
import type { ActiveGrantUser, GrantStatusCache } from './grant-status-cache.js';
import type { OAuthStore } from './store.js';
import type { AccessTokenClaims, ActorClaim, TokenIssuer } from './token-issuer.js';

export interface IntrospectionResult {
  active: boolean;
  scope?: string;
  client_id?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
  token_type?: string;
  /** RFC 8693 §4.1: the actor of an exchanged (delegated) token. */
  act?: ActorClaim;
  /** RFC 9449 §6.2: the key a DPoP-bound access token is bound to. */
  cnf?: { jkt: string };
  org_id?: string;
  org_slug?: string;
  roles?: string[];
  permissions?: string[];
}

const INACTIVE: IntrospectionResult = { active: false };
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 with the spec's rules (§4.1): an active access token is described only to the client named by its
 * audience or authorized party; an active refresh token only to the client it was issued to; anything else —
 * inactive, expired, malformed, unsupported, or another client's — is `{ active: false }`.
 */
export class Introspection {
  constructor(
    private readonly issuerUrl: string,
    private readonly issuer: TokenIssuer,
    private readonly store: OAuthStore,
    private readonly grantStatus: GrantStatusCache,
  ) {}

  async introspect(caller: Client, token: string, hint: string | undefined): Promise<IntrospectionResult> {
    const looksLikeJwt = token.split('.').length === 3;
    const order = hint === 'refresh_token' || !looksLikeJwt ? ['refresh', 'access'] : ['access', 'refresh'];
    for (const kind of order) {
      const result =
        kind === 'access' ? await this.accessToken(caller, token) : await this.refreshToken(caller, token);
      if (result) return result;
    }
    return INACTIVE;
  }

  /**
   * One of our access tokens that is still active: signed by a published key, not expired, and — for a user's
   * token — its grant not revoked. Resource endpoints of this service (the users directory) use it too.
   */
  async activeAccessToken(token: string): Promise<Readonly<AccessTokenClaims> | null> {
    const claims = this.issuer.verifyAccessToken(token);
    if (!claims) return null;
    if (claims.gid && !(await this.grantStatus.activeGrantUser(claims.gid))) return null;
    return claims;
  }

  /**
   * The user behind an active grant, with the claims userinfo returns: undefined when the grant is revoked or
   * expired or its user is not active. From the grant-status cache, which every revocation and user change drops.
   */
  activeGrantUser(grantId: string): Promise<ActiveGrantUser | undefined> {
    return this.grantStatus.activeGrantUser(grantId);
  }

  private async accessToken(caller: Client, token: string): Promise<IntrospectionResult | null> {
    const claims = this.issuer.verifyAccessToken(token);
    if (!claims) return null;
    // An exchanged token's audience may be several (RFC 8693 §2.1); the caller must be one of them, or its azp.
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
    if (!audiences.includes(caller.id) && claims.azp !== caller.id) return INACTIVE;
    if (claims.gid && !(await this.grantStatus.activeGrantUser(claims.gid))) return INACTIVE;
    const result: IntrospectionResult = {
      active: true,
      scope: claims.scope,
      client_id: claims.client_id,
      sub: claims.sub,
      exp: claims.exp,
      iat: claims.iat,
      iss: claims.iss,
      aud: claims.aud,
      // RFC 9449 §6.2: a bound token is a DPoP token, and says which key it is bound to.
      token_type: claims.cnf ? 'DPoP' : 'Bearer',
    };
    if (claims.cnf) result.cnf = { jkt: claims.cnf.jkt };
    if (claims.act) result.act = claims.act;
    // The token's organization context, as issued (RFC 7662 §2.2 allows further members).
    if (claims.org_id !== undefined) {
      result.org_id = claims.org_id;
      result.org_slug = claims.org_slug;
      result.roles = claims.roles;
      result.permissions = claims.permissions;
    }
    return result;
  }

  private async refreshToken(caller: Client, token: string): Promise<IntrospectionResult | null> {
    const row = await this.store.findRefreshToken(hashToken(token));
    if (!row) return null;
    const now = new Date();
    if (row.clientId !== caller.id || row.usedAt || row.expiresAt <= now) return INACTIVE;
    const grant = await this.store.findGrant(row.grantId);
    if (!grant || !(await this.store.isGrantActive(grant.id, now))) return INACTIVE;
    return {
      active: true,
      scope: grant.scope,
      client_id: row.clientId,
      sub: grant.userId,
      exp: seconds(row.expiresAt),
      iat: seconds(row.createdAt),
      iss: this.issuerUrl,
      aud: row.clientId,
      token_type: 'refresh_token',
    };
  }
}
