import { createHash, randomUUID } from 'node:crypto';
import { type Static, Type } from 'typebox';
import type { User } from '../accounts/users.js';
import { type Client, requiresOrganization } from '../clients/model.js';
import type { SettingsService } from '../config/settings.js';
import { constantTimeEqual, hashToken, randomToken } from '../crypto/tokens.js';
import { zkTokenMembers } from '../keys/formats.js';
import { OAuthError } from '../protocol/oauth/errors.js';
import { DEVICE_CODE_GRANT_TYPE, USER_SCOPES } from '../protocol/oauth/vocabulary.js';
import type { DeviceAuthorizations } from './device-authorization.js';
import type { OrganizationClaims, OrganizationContextSource } from './organization-context.js';
import type { GrantRevocation } from './revocation.js';
import type { AuthorizationCodeRow, GrantRow, OAuthStore, RedeemedCode, TokenSubject } from './store.js';
import type { TokenExchange } from './token-exchange.js';
import type { TokenIssuer, UserAuthorization } from './token-issuer.js';

/** A token endpoint's success answer (RFC 6749 §5.1), as `/token` declares and serializes it. */
export const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  issued_token_type: Type.Optional(
    Type.String({ description: 'RFC 8693 §2.2.1: token exchange only, the type of the issued token' }),
  ),
  // RFC 9449 §5: DPoP when the access token is bound to the proof's key.
  token_type: Type.Union([Type.Literal('Bearer'), Type.Literal('DPoP')]),
  expires_in: Type.Integer(),
  scope: Type.String(),
  refresh_token: Type.Optional(Type.String()),
  id_token: Type.Optional(Type.String()),
  zk_key_hash: Type.Optional(
    Type.String({ description: 'v2 ZK code grants: base64url SHA-256 of the fragment JWE' }),
  ),
  zk_key_kind: Type.Optional(Type.String()),
  zk_key_version: Type.Optional(Type.Integer()),
  zk_drk_hash: Type.Optional(Type.String({ description: 'Legacy v1 ZK clients only' })),
});

export type TokenResponse = Static<typeof TokenResponseSchema>;

/** What a code exchange issues: the grant's id and expiry, its refresh token, and the DPoP keys it binds to. */
interface CodeIssue {
  grantId: string;
  grantExpiresAt: Date;
  refreshToken: string | null;
  /** The access token's key (RFC 9449 §6.1). */
  dpopJkt: string | null;
  /** The refresh tokens' key: a public client's proof key (§5). */
  bindRefreshTo: string | null;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

function splitScope(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter(Boolean);
}

/** RFC 7636 §4.1: 43-128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** RFC 7636 §4.6, S256: BASE64URL(SHA256(code_verifier)), the only method offered (`plain` is refused, RFC 9700 §2.1.1). */
function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function pkceMatches(verifier: string, challenge: string): boolean {
  return constantTimeEqual(s256Challenge(verifier), challenge);
}

/** The grant handlers of POST /token (RFC 6749 §4.1.3, §4.4, §6). */
export class TokenService {
  constructor(
    private readonly store: OAuthStore,
    private readonly revocation: GrantRevocation,
    private readonly issuer: TokenIssuer,
    private readonly settings: SettingsService,
    private readonly organizations: OrganizationContextSource,
    private readonly devices: DeviceAuthorizations,
    /** RFC 8693: the token-exchange grant (token-exchange.ts). */
    readonly exchange: TokenExchange,
  ) {}

  /**
   * RFC 6749 §4.4: the token represents the client; user scopes never apply. Each grant takes the thumbprint of the
   * request's DPoP proof key, if it sent one (RFC 9449 §5), and binds the access token to it.
   */
  clientCredentials(
    client: Client,
    requestedScope: string | undefined,
    dpopJkt: string | null = null,
  ): TokenResponse {
    if (client.type !== 'confidential' || !client.grantTypes.includes('client_credentials')) {
      throw new OAuthError('unauthorized_client', 'this client may not use the client_credentials grant');
    }
    const allowed = client.scopes.map((entry) => entry.scope).filter((scope) => !USER_SCOPES.has(scope));
    const requested = splitScope(requestedScope);
    for (const scope of requested) {
      if (!allowed.includes(scope))
        throw new OAuthError('invalid_scope', `scope '${scope}' is not allowed for this client`);
    }
    const scope = (requested.length > 0 ? requested : allowed).join(' ');
    const { token, expiresIn } = this.issuer.issueAccessToken(client, scope, null, dpopJkt);
    return { access_token: token, token_type: dpopJkt ? 'DPoP' : 'Bearer', expires_in: expiresIn, scope };
  }

  async authorizationCode(
    client: Client,
    parameters: { code?: string; redirect_uri?: string; code_verifier?: string },
    dpopJkt: string | null = null,
  ): Promise<TokenResponse> {
    if (!client.grantTypes.includes('authorization_code')) {
      throw new OAuthError('unauthorized_client', 'this client may not use the authorization_code grant');
    }
    if (!parameters.code) throw new OAuthError('invalid_request', 'code is required');
    const codeHash = hashToken(parameters.code);
    const now = new Date();
    const grantId = randomUUID();
    const refreshTtl = client.refreshTokenTtlSeconds ?? this.settings.get('tokens.refresh_token_ttl_seconds');
    const grantExpiresAt = new Date(now.getTime() + refreshTtl * 1000);
    const refreshToken = client.grantTypes.includes('refresh_token') ? randomToken() : null;
    // RFC 9449 §5: a public client's refresh tokens are bound to the key it proved here; a confidential client's are
    // bound to its authentication already.
    const bindRefreshTo = client.type === 'public' ? dpopJkt : null;
    const issued = { grantId, grantExpiresAt, refreshToken, dpopJkt, bindRefreshTo };

    // The success path is one statement: every check is a condition of the consuming write (store.redeemCodeAtOnce),
    // so nothing is read first. It matches only a request that the checks below would let through, so when it
    // matches nothing (and changed nothing), those checks run as they always did and give the same answer.
    const presentedChallenge = this.presentedChallenge(parameters.code_verifier);
    if (
      parameters.redirect_uri !== undefined &&
      presentedChallenge !== undefined &&
      !requiresOrganization(client) &&
      bindRefreshTo === null
    ) {
      const redeemed = await this.store.redeemCodeAtOnce(
        codeHash,
        { clientId: client.id, redirectUri: parameters.redirect_uri, codeChallenge: presentedChallenge },
        { id: grantId, expiresAt: grantExpiresAt },
        refreshToken ? hashToken(refreshToken) : null,
        now,
      );
      if (redeemed) {
        return this.codeTokens(client, redeemed.code, redeemed.subject.user, redeemed.subject, null, issued);
      }
    }
    return this.authorizationCodeReadFirst(client, parameters, codeHash, now, issued);
  }

  /** The exchange with the code read first: every refusal's reason, and codes in an organization's context. */
  private async authorizationCodeReadFirst(
    client: Client,
    parameters: { redirect_uri?: string; code_verifier?: string },
    codeHash: string,
    now: Date,
    issued: CodeIssue,
  ): Promise<TokenResponse> {
    const { grantId, grantExpiresAt, refreshToken } = issued;
    const found = await this.store.findCodeForExchange(codeHash);
    if (!found) throw invalidGrant('the authorization code is invalid');
    const { code, subject } = found;
    if (code.consumedAt) return this.rejectReplayedCode(code, now);
    if (code.clientId !== client.id)
      throw invalidGrant('the authorization code was issued to another client');
    if (code.expiresAt <= now) throw invalidGrant('the authorization code has expired');
    // RFC 6749 §4.1.3: the redirect URI must be the one of the authorization request, compared exactly.
    if (parameters.redirect_uri !== code.redirectUri)
      throw invalidGrant('redirect_uri does not match the authorization request');
    this.checkPkce(code, parameters.code_verifier);
    // RFC 9449 §10: a code requested with dpop_jkt is redeemed only with a proof of that key (and stays unused
    // otherwise, so whoever stole it cannot burn it).
    if (code.dpopJkt !== null && code.dpopJkt !== issued.dpopJkt) {
      throw invalidGrant(
        issued.dpopJkt === null
          ? 'this authorization code is bound to a DPoP key: send a proof of it'
          : 'the DPoP proof key is not the one the authorization code is bound to',
      );
    }

    const user = activeUser(subject.user);
    const organization = code.organizationId
      ? await this.organizationClaims(user.id, code.organizationId, code.scope)
      : null;
    const redeemed = await this.store.redeemCode(
      codeHash,
      {
        id: grantId,
        clientId: client.id,
        userId: user.id,
        sessionId: code.sessionId,
        scope: code.scope,
        organizationId: code.organizationId,
        authTime: code.authTime,
        amr: code.amr,
        acr: code.acr,
        expiresAt: grantExpiresAt,
        dpopJkt: issued.bindRefreshTo,
      },
      refreshToken
        ? { tokenHash: hashToken(refreshToken), clientId: client.id, expiresAt: grantExpiresAt }
        : null,
      now,
    );
    if (!redeemed) {
      // Another redemption won the race: read the code again for the grant it created, so the replay revokes it.
      const current = await this.store.findCode(codeHash);
      return this.rejectReplayedCode(current ?? code, now);
    }
    return this.codeTokens(client, code, user, subject, organization, issued);
  }

  /** The tokens of a redeemed code, and the ZK members it carries. */
  private codeTokens(
    client: Client,
    code: RedeemedCode,
    user: User,
    subject: TokenSubject,
    organization: OrganizationClaims | null,
    issued: { grantId: string; refreshToken: string | null; dpopJkt: string | null },
  ): TokenResponse {
    const response = this.issueUserTokens(
      client,
      {
        user,
        scope: code.scope,
        grantId: issued.grantId,
        sessionPublicId: subject.sessionPublicId,
        authTime: code.authTime,
        amr: code.amr,
        acr: code.acr,
        organization,
      },
      { nonce: code.nonce, refreshToken: issued.refreshToken, dpopJkt: issued.dpopJkt },
    );
    if (code.zkKeyHash) Object.assign(response, zkTokenMembers(code.zkKeyHash));
    if (code.zkDrkHash) response.zk_drk_hash = code.zkDrkHash;
    return response;
  }

  /**
   * The challenge the one-statement exchange requires of the code: RFC 7636 §4.6 S256 of a well-formed verifier, or
   * null when no verifier was presented (then only a code without a challenge is redeemable, RFC 9700 §4.8.2).
   * Undefined for a malformed verifier, which no code accepts: the read-first path tells why.
   */
  private presentedChallenge(verifier: string | undefined): string | null | undefined {
    if (verifier === undefined) return null;
    if (!CODE_VERIFIER.test(verifier)) return undefined;
    return s256Challenge(verifier);
  }

  async refreshToken(
    client: Client,
    parameters: { refresh_token?: string; scope?: string },
    dpopJkt: string | null = null,
  ): Promise<TokenResponse> {
    if (!client.grantTypes.includes('refresh_token')) {
      throw new OAuthError('unauthorized_client', 'this client may not use the refresh_token grant');
    }
    if (!parameters.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
    const tokenHash = hashToken(parameters.refresh_token);
    const now = new Date();
    const successor = randomToken();
    // Rotate first (RFC 9700 §4.14.2): the success path is one statement, every check a condition of the use
    // (store.rotateRefreshTokenAtOnce). When it matches nothing (and changed nothing), the token is read to tell a
    // replay from a wrong client or an expired token, as before. A narrowed scope (RFC 6749 §6) is checked against
    // the grant before the token is used, so such a request, and a client whose grants all carry an organization's
    // roles, take the read-first path.
    if (parameters.scope === undefined && !requiresOrganization(client)) {
      const rotated = await this.store.rotateRefreshTokenAtOnce(
        tokenHash,
        { tokenHash: hashToken(successor), clientId: client.id },
        now,
        dpopJkt,
      );
      if (rotated) {
        const { grant, subject } = rotated;
        return this.refreshedTokens(client, grant, subject, grant.scope, null, successor, dpopJkt);
      }
    }
    return this.refreshTokenReadFirst(client, parameters.scope, tokenHash, now, successor, dpopJkt);
  }

  private async refreshTokenReadFirst(
    client: Client,
    requestedScope: string | undefined,
    tokenHash: string,
    now: Date,
    successor: string,
    dpopJkt: string | null,
  ): Promise<TokenResponse> {
    const found = await this.store.findRefreshTokenForUse(tokenHash);
    if (!found) throw invalidGrant('the refresh token is invalid');
    const { token, grant, subject } = found;
    // RFC 6749 §6: a refresh token is bound to the client it was issued to.
    if (token.clientId !== client.id) throw invalidGrant('the refresh token was issued to another client');
    if (token.usedAt) return this.rejectReplayedRefreshToken(token.grantId, now);
    if (token.expiresAt <= now) throw invalidGrant('the refresh token has expired');
    // RFC 9449 §5: a bound family is used only with a proof of its key; refused before the use, so a thief cannot
    // burn the client's token.
    if (grant.dpopJkt !== null && grant.dpopJkt !== dpopJkt) {
      throw invalidGrant(
        dpopJkt === null
          ? 'the refresh token is bound to a DPoP key: send a proof of it'
          : 'the refresh token is bound to another DPoP key',
      );
    }
    // Checked before the token is used, so a request with a bad scope does not burn the client's token.
    const scope = this.narrowScope(grant, requestedScope);
    // Roles are read again on every refresh; a member who left or was removed or suspended gets no more tokens.
    let organization: OrganizationClaims | null = null;
    if (grant.organizationId) {
      organization = await this.organizations.tokenClaims(grant.userId, grant.organizationId, scope);
      if (!organization) {
        await this.revocation.revokeGrant(grant.id, now);
        throw invalidGrant('the user is no longer a member of the organization of this grant');
      }
    }
    // Rotation (RFC 9700 §4.14.2) is one statement: the use is conditional on the token being unused and the grant
    // (and its user) active, atomically, and the successor is inserted only by the use that won. No second check
    // afterwards, which a concurrent replay's family revocation could fail, leaving no winner at all.
    const rotated = await this.store.rotateRefreshToken(
      tokenHash,
      { tokenHash: hashToken(successor), clientId: client.id, expiresAt: grant.expiresAt },
      now,
    );
    if (!rotated) {
      if (!(await this.store.isGrantActive(grant.id, now)))
        throw invalidGrant('the grant is no longer valid');
      return this.rejectReplayedRefreshToken(grant.id, now);
    }
    return this.refreshedTokens(client, grant, subject, scope, organization, successor, dpopJkt);
  }

  /** The tokens of a rotation; the user read beside the token was active, and the rotation checked it atomically. */
  private refreshedTokens(
    client: Client,
    grant: GrantRow,
    subject: TokenSubject,
    scope: string,
    organization: OrganizationClaims | null,
    successor: string,
    dpopJkt: string | null,
  ): TokenResponse {
    const user = activeUser(subject.user);
    return this.issueUserTokens(
      client,
      {
        user,
        scope,
        grantId: grant.id,
        sessionPublicId: grant.sessionId ? subject.sessionPublicId : null,
        authTime: grant.authTime,
        amr: grant.amr,
        acr: grant.acr,
        organization,
      },
      // OIDC Core §12.2: a refreshed ID token carries no nonce.
      { nonce: null, refreshToken: successor, dpopJkt },
    );
  }

  private checkPkce(code: AuthorizationCodeRow, verifier: string | undefined): void {
    if (code.codeChallenge) {
      if (!verifier) throw invalidGrant('code_verifier is required');
      if (!CODE_VERIFIER.test(verifier) || !pkceMatches(verifier, code.codeChallenge)) {
        throw invalidGrant('code_verifier does not match the code challenge');
      }
    } else if (verifier !== undefined) {
      // RFC 9700 §4.8.2: a verifier without a challenge in the authorization request is a PKCE downgrade attempt.
      throw invalidGrant('code_verifier sent but the authorization request had no code_challenge');
    }
  }

  /** RFC 6749 §4.1.2: a code used twice is refused and the tokens issued from it are revoked. */
  private async rejectReplayedCode(code: AuthorizationCodeRow, now: Date): Promise<never> {
    if (code.grantId) await this.revocation.revokeGrant(code.grantId, now);
    throw invalidGrant('the authorization code was already used');
  }

  /** RFC 9700 §4.14.2: a rotated-out refresh token presented again means it leaked; end the whole family. */
  private async rejectReplayedRefreshToken(grantId: string, now: Date): Promise<never> {
    await this.revocation.revokeGrant(grantId, now);
    throw invalidGrant('the refresh token was already used; its grant is revoked');
  }

  private narrowScope(grant: GrantRow, requested: string | undefined): string {
    if (requested === undefined) return grant.scope;
    const granted = splitScope(grant.scope);
    const asked = splitScope(requested);
    for (const scope of asked) {
      // RFC 6749 §6: the new scope must not exceed what was originally granted.
      if (!granted.includes(scope)) throw new OAuthError('invalid_scope', `scope '${scope}' was not granted`);
    }
    return asked.join(' ');
  }

  private async organizationClaims(
    userId: string,
    organizationId: string,
    scope: string,
  ): Promise<OrganizationClaims> {
    const claims = await this.organizations.tokenClaims(userId, organizationId, scope);
    if (!claims) throw invalidGrant('the user is no longer a member of the organization of this code');
    return claims;
  }

  /**
   * RFC 8628 §3.4, §3.5: a device's poll. Pending, too fast, denied and expired are refused with their codes; an
   * approval is turned into tokens once (DeviceAuthorizations.redeem), as a code exchange issues them: an ID token
   * for `openid` (no nonce, none was sent), a refresh token when the client may refresh.
   */
  async deviceCode(
    client: Client,
    parameters: { device_code?: string },
    dpopJkt: string | null = null,
  ): Promise<TokenResponse> {
    if (!client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE)) {
      throw new OAuthError('unauthorized_client', 'this client may not use the device_code grant');
    }
    if (client.zkDelivery !== 'none') {
      throw new OAuthError(
        'unauthorized_client',
        'a zero-knowledge client may not use the device_code grant',
      );
    }
    if (!parameters.device_code) throw new OAuthError('invalid_request', 'device_code is required');
    const refreshTtl = client.refreshTokenTtlSeconds ?? this.settings.get('tokens.refresh_token_ttl_seconds');
    const grantId = randomUUID();
    const refreshToken = client.grantTypes.includes('refresh_token') ? randomToken() : null;
    const redeemed = await this.devices.redeem(
      client,
      parameters.device_code,
      {
        id: grantId,
        expiresAt: new Date(Date.now() + refreshTtl * 1000),
        refreshTokenHash: refreshToken ? hashToken(refreshToken) : null,
        dpopJkt: client.type === 'public' ? dpopJkt : null,
      },
      (userId, organizationId, scope) => this.organizations.tokenClaims(userId, organizationId, scope),
    );
    return this.issueUserTokens(
      client,
      {
        user: redeemed.user,
        scope: redeemed.scope,
        grantId,
        sessionPublicId: null,
        authTime: redeemed.authTime,
        amr: redeemed.amr,
        acr: redeemed.acr,
        organization: redeemed.organization,
      },
      { nonce: null, refreshToken, dpopJkt },
    );
  }

  /** The access token and, for an `openid` scope, the ID token; the refresh token was stored by the caller. */
  private issueUserTokens(
    client: Client,
    authorization: UserAuthorization,
    options: { nonce: string | null; refreshToken: string | null; dpopJkt: string | null },
  ): TokenResponse {
    const { token, expiresIn } = this.issuer.issueAccessToken(
      client,
      authorization.scope,
      authorization,
      options.dpopJkt,
    );
    const response: TokenResponse = {
      access_token: token,
      token_type: options.dpopJkt ? 'DPoP' : 'Bearer',
      expires_in: expiresIn,
      scope: authorization.scope,
    };
    if (splitScope(authorization.scope).includes('openid')) {
      response.id_token = this.issuer.issueIdToken(client, authorization, {
        nonce: options.nonce,
        accessToken: token,
      });
    }
    if (options.refreshToken) response.refresh_token = options.refreshToken;
    return response;
  }
}

function activeUser(user: User): User {
  if (user.status !== 'active') throw invalidGrant('the user account is not active');
  return user;
}
