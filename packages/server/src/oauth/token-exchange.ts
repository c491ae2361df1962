import type { AuditLog } from '../audit/audit-log.js';
import type { Client, TokenExchangePolicy } from '../clients/model.js';
import { OAuthError } from '../protocol/oauth/errors.js';
import { TOKEN_EXCHANGE_GRANT_TYPE } from '../protocol/oauth/vocabulary.js';
import type { OrganizationClaims, OrganizationContextSource } from './organization-context.js';
import type { OAuthStore } from './store.js';
import type { AccessTokenClaims, ActorClaim, TokenIssuer } from './token-issuer.js';

/** RFC 8693 §3: the one token type accepted as subject or actor token and issued: our own access tokens. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** RFC 8693 §2.2.1: the answer to a successful exchange (a TokenResponse without refresh or ID token). */
export interface ExchangedTokenResponse {
  access_token: string;
  issued_token_type: typeof ACCESS_TOKEN_TYPE;
  token_type: 'Bearer' | 'DPoP';
  expires_in: number;
  scope: string;
}

/** The form parameters of a token exchange request (RFC 8693 §2.1, RFC 8707 §2). */
export interface TokenExchangeParameters {
  subject_token?: string;
  subject_token_type?: string;
  actor_token?: string;
  actor_token_type?: string;
  requested_token_type?: string;
  resource?: string;
  audience?: string;
  scope?: string;
}

/**
 * RFC 8693 §2.2.2: a subject or actor token that is invalid or unacceptable, and a request that is not valid, are
 * `invalid_request`; a target the client may not have a token for is `invalid_target`.
 */
const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
const invalidTarget = (description: string) => new OAuthError('invalid_target', description);

function splitScope(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter(Boolean);
}

function audiencesOf(claims: Readonly<AccessTokenClaims>): string[] {
  return typeof claims.aud === 'string' ? [claims.aud] : [...claims.aud];
}

/** RFC 8707 §2: a resource is an absolute URI without a fragment. */
function isResourceUri(value: string): boolean {
  if (value.includes('#')) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Token Exchange (RFC 8693, docs/integration.md#token-exchange): a confidential client trades a user's access token
 * (the subject token) for one with a narrower audience and scope for a downstream service. The client must be
 * allowed the grant and have a policy naming the audiences it may request and the scopes it may pass on. The
 * subject token must be one of ours, active, a user's, and visible to the client; the new token belongs to the
 * subject token's grant, so revoking that grant (or disabling the user) ends the exchanged tokens too.
 */
export class TokenExchange {
  constructor(
    private readonly store: OAuthStore,
    private readonly issuer: TokenIssuer,
    private readonly organizations: OrganizationContextSource,
    private readonly audit: AuditLog,
  ) {}

  async exchange(
    client: Client,
    parameters: TokenExchangeParameters,
    dpopJkt: string | null,
  ): Promise<ExchangedTokenResponse> {
    const policy = this.policyOf(client);
    const now = new Date();
    const subject = await this.subjectToken(client, policy, parameters, dpopJkt, now);
    const act = await this.actor(client, parameters, dpopJkt, subject.claims, now);
    if (
      parameters.requested_token_type !== undefined &&
      parameters.requested_token_type !== ACCESS_TOKEN_TYPE
    ) {
      throw invalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    const aud = this.target(policy, parameters);
    const scope = this.scope(policy, subject.claims, parameters.scope);
    let organization: OrganizationClaims | null = null;
    if (subject.claims.org_id !== undefined) {
      // Roles are read afresh, as at every refresh: a member who left gets no exchanged token either.
      organization = await this.organizations.tokenClaims(subject.claims.sub, subject.claims.org_id, scope);
      if (!organization)
        throw invalidRequest('the user is no longer a member of the subject token organization');
    }
    const { token, expiresIn, claims } = this.issuer.issueExchangedAccessToken(
      client,
      {
        sub: subject.claims.sub,
        aud: aud.length === 1 ? aud[0]! : aud,
        scope,
        grantId: subject.grantId,
        sessionPublicId: subject.claims.sid,
        authTime: subject.claims.auth_time,
        organization,
        act,
        notAfter: subject.claims.exp,
      },
      dpopJkt,
    );
    // Written before the answer goes out; the tokens themselves never are.
    await this.audit.record({
      action: 'oauth.token_exchanged',
      outcome: 'success',
      actor: { type: 'client', id: client.id },
      target: { type: 'user', id: subject.claims.sub },
      details: {
        grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
        audience: aud,
        scope,
        subject_client_id: subject.claims.client_id,
        actor: act ? { sub: act.sub, client_id: act.client_id } : null,
        jti: claims.jti,
        dpop_bound: dpopJkt !== null,
      },
    });
    return {
      access_token: token,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: dpopJkt ? 'DPoP' : 'Bearer',
      expires_in: expiresIn,
      scope,
    };
  }

  /** RFC 8693 §2.1 and RFC 6749 §5.2: only a confidential client registered for the grant, with its policy. */
  private policyOf(client: Client): TokenExchangePolicy {
    if (
      client.type !== 'confidential' ||
      !client.grantTypes.includes(TOKEN_EXCHANGE_GRANT_TYPE) ||
      client.tokenExchange === null
    ) {
      throw new OAuthError('unauthorized_client', 'this client may not use the token-exchange grant');
    }
    return client.tokenExchange;
  }

  /**
   * The subject token: one of our access tokens (signature, `typ: at+jwt`, issuer, expiry), a user's (a grant behind
   * it), its grant still active and its user active (read from the database now, not a cache), issued to this client
   * or to a client the policy names, and, when DPoP-bound, presented with a proof of the same key.
   */
  private async subjectToken(
    client: Client,
    policy: TokenExchangePolicy,
    parameters: TokenExchangeParameters,
    dpopJkt: string | null,
    now: Date,
  ): Promise<{ claims: Readonly<AccessTokenClaims> & { gid: string }; grantId: string }> {
    if (!parameters.subject_token) throw invalidRequest('subject_token is required');
    if (parameters.subject_token_type !== ACCESS_TOKEN_TYPE) {
      throw invalidRequest(
        parameters.subject_token_type === undefined
          ? 'subject_token_type is required'
          : `unsupported subject_token_type: only ${ACCESS_TOKEN_TYPE} is accepted`,
      );
    }
    const claims = this.issuer.verifyAccessToken(parameters.subject_token, now.getTime());
    if (!claims) throw invalidRequest('subject_token is not an active access token of this server');
    const grantId = claims.gid;
    if (grantId === undefined) {
      throw invalidRequest("subject_token must be a user's access token, not a client's own");
    }
    const visible =
      audiencesOf(claims).includes(client.id) || policy.subjectClients.includes(claims.client_id);
    if (!visible) throw invalidRequest('subject_token was not issued to this client');
    if (!(await this.store.activeGrantWithUser(grantId, now))) {
      throw invalidRequest(
        'subject_token is no longer valid: its grant was revoked or its user is not active',
      );
    }
    if (claims.cnf && claims.cnf.jkt !== dpopJkt) {
      throw invalidRequest(
        dpopJkt === null
          ? 'subject_token is DPoP-bound: send a DPoP proof of its key'
          : 'subject_token is bound to another DPoP key',
      );
    }
    return { claims: { ...claims, gid: grantId }, grantId };
  }

  /**
   * Delegation (RFC 8693 §1.1, §4.1): an actor token is an active access token issued to the exchanging client
   * (its own client-credentials token, or a token of a user acting through it); the issued token's `act` names it,
   * and the subject token's own `act`, if any, nests inside as the earlier actor. Without an actor token the
   * exchange is impersonation: the token carries no new `act`, but keeps the subject token's.
   */
  private async actor(
    client: Client,
    parameters: TokenExchangeParameters,
    dpopJkt: string | null,
    subject: Readonly<AccessTokenClaims>,
    now: Date,
  ): Promise<ActorClaim | undefined> {
    if (parameters.actor_token === undefined) {
      if (parameters.actor_token_type !== undefined)
        throw invalidRequest('actor_token_type is sent only with an actor_token');
      return subject.act;
    }
    if (parameters.actor_token_type !== ACCESS_TOKEN_TYPE) {
      throw invalidRequest(
        parameters.actor_token_type === undefined
          ? 'actor_token_type is required with an actor_token'
          : `unsupported actor_token_type: only ${ACCESS_TOKEN_TYPE} is accepted`,
      );
    }
    const claims = this.issuer.verifyAccessToken(parameters.actor_token, now.getTime());
    if (!claims) throw invalidRequest('actor_token is not an active access token of this server');
    if (claims.client_id !== client.id) throw invalidRequest('actor_token was not issued to this client');
    if (claims.gid !== undefined && !(await this.store.activeGrantWithUser(claims.gid, now))) {
      throw invalidRequest('actor_token is no longer valid: its grant was revoked or its user is not active');
    }
    if (claims.cnf && claims.cnf.jkt !== dpopJkt) {
      throw invalidRequest('actor_token is DPoP-bound: send a DPoP proof of its key');
    }
    const act: ActorClaim = { sub: claims.sub, client_id: claims.client_id };
    if (subject.act) act.act = subject.act;
    return act;
  }

  /**
   * The audience of the new token (RFC 8693 §2.1 `audience`, RFC 8707 `resource`): at least one, each listed in the
   * client's policy, compared exactly. One of each may be sent.
   */
  private target(policy: TokenExchangePolicy, parameters: TokenExchangeParameters): string[] {
    const targets: string[] = [];
    if (parameters.resource !== undefined) {
      if (!isResourceUri(parameters.resource)) {
        throw invalidTarget('resource must be an absolute URI without a fragment (RFC 8707 §2)');
      }
      targets.push(parameters.resource);
    }
    if (parameters.audience !== undefined && !targets.includes(parameters.audience)) {
      targets.push(parameters.audience);
    }
    if (targets.length === 0) throw invalidTarget('resource or audience is required');
    for (const target of targets) {
      if (!policy.audiences.includes(target)) {
        throw invalidTarget(`this client may not request a token for '${target.slice(0, 200)}'`);
      }
    }
    return targets;
  }

  /**
   * Scopes only narrow: each requested scope must be in the subject token and in the policy. Without a `scope`,
   * the subject token's scopes the policy lets pass; none at all is refused.
   */
  private scope(
    policy: TokenExchangePolicy,
    subject: Readonly<AccessTokenClaims>,
    requested: string | undefined,
  ): string {
    const held = splitScope(subject.scope);
    if (requested !== undefined) {
      const asked = [...new Set(splitScope(requested))];
      for (const scope of asked) {
        if (!held.includes(scope)) {
          throw new OAuthError('invalid_scope', `scope '${scope.slice(0, 100)}' is not in the subject token`);
        }
        if (!policy.scopes.includes(scope)) {
          throw new OAuthError('invalid_scope', `this client may not pass on scope '${scope.slice(0, 100)}'`);
        }
      }
      if (asked.length > 0) return asked.join(' ');
    }
    const passed = held.filter((scope) => policy.scopes.includes(scope));
    if (passed.length === 0) {
      throw new OAuthError('invalid_scope', 'no scope of the subject token may be passed on by this client');
    }
    return passed.join(' ');
  }
}
