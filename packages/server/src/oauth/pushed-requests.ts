import type { AuthorizeErrorReason } from '../app/page-messages.js';
import { ClientJwtRefused } from '../clients/client-jwt.js';
import type { Client } from '../clients/model.js';
import type { ClientService } from '../clients/service.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { type ErrorPageCode, OAuthError } from '../protocol/oauth/errors.js';
import { resolveRedirect, validateAuthorizeParameters } from './authorize-checks.js';
import { AuthorizationError, type AuthorizeParameters, UntrustedRedirectError } from './authorize-request.js';
import { PushedRequestStore } from './pushed-requests-store.js';

/** RFC 9126 §2.2: the prefix of every request_uri this server hands out. */
export const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';
/** RFC 9126 §2.2: short-lived (the client redirects the browser at once). */
export const PUSHED_REQUEST_TTL_SECONDS = 60;

/**
 * The authorization errors a pushed request is refused with under their own code (RFC 9126 §2.3: the token
 * endpoint's format, with the codes of RFC 6749 §4.1.2.1); every other refusal is `invalid_request`.
 */
const PUSHED_REQUEST_ERRORS = ['invalid_scope', 'unsupported_response_type'] as const;

function answeredAsItself(code: string): code is (typeof PUSHED_REQUEST_ERRORS)[number] {
  return (PUSHED_REQUEST_ERRORS as readonly string[]).includes(code);
}

/** The /authorize parameters a pushed request or a request object may carry; nothing else is kept. */
const AUTHORIZE_PARAMETER_NAMES = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
  'login_hint',
  'id_token_hint',
  'organization_id',
  'zk_pub',
  'dpop_jkt',
  'request',
  'request_uri',
] as const satisfies readonly (keyof AuthorizeParameters)[];

type Resolution =
  | { kind: 'parameters'; parameters: AuthorizeParameters }
  | { kind: 'refused'; error: ErrorPageCode; description: string; reason: AuthorizeErrorReason };

function pick(source: Record<string, unknown>): AuthorizeParameters {
  const picked: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMETER_NAMES) {
    const value = source[name];
    if (typeof value === 'string') picked[name] = value;
    // RFC 9101 §4: max_age may be a JSON number in a request object.
    else if (name === 'max_age' && typeof value === 'number' && Number.isInteger(value))
      picked[name] = String(value);
  }
  return picked as AuthorizeParameters;
}

/**
 * Pushed authorization requests (RFC 9126) and signed request objects (RFC 9101): where the parameters of an
 * authorization request come from before /authorize checks them.
 *
 * - `POST /par` checks the request as /authorize would and stores it for 60 s under a random `request_uri`; the
 *   row is consumed by the first /authorize that presents it (an UPDATE on an unconsumed row: exactly once across
 *   nodes).
 * - A `request` (a JWT signed with one of the client's registered keys, allow-listed algorithms, `iss` the client,
 *   `aud` the issuer, `exp` present) supplies every parameter; those outside it are ignored (RFC 9101 §6.3).
 * - A client registered with `require_pushed_authorization_requests`, or every client when the setting
 *   `clients.require_pushed_authorization_requests` is on, is refused at /authorize without a `request_uri`.
 */
export class PushedRequests {
  private readonly store: PushedRequestStore;

  constructor(
    db: Db,
    private readonly clients: ClientService,
    private readonly settings: SettingsService,
  ) {
    this.store = new PushedRequestStore(db);
  }

  /** Whether a client's authorization requests must come through /par (RFC 9126 §6). */
  parRequired(client: Client): boolean {
    return (
      client.requirePushedAuthorizationRequests ||
      this.settings.get('clients.require_pushed_authorization_requests')
    );
  }

  /** The parameters of a request object, verified; refusals name the problem (RFC 9101 §6.3). */
  private async requestObjectParameters(client: Client, jwt: string): Promise<AuthorizeParameters> {
    let claims: Record<string, unknown>;
    try {
      claims = await this.clients.verifyRequestObject(client, jwt);
    } catch (error) {
      // RFC 9126 §2.3, RFC 9101 §6.3.
      if (error instanceof ClientJwtRefused)
        throw new OAuthError('invalid_request_object', `request object: ${error.message}`);
      throw error;
    }
    if (claims.client_id !== undefined && claims.client_id !== client.id)
      throw new OAuthError('invalid_request_object', 'request object: client_id does not match the client');
    if (claims.request !== undefined || claims.request_uri !== undefined)
      throw new OAuthError('invalid_request_object', 'request object: must not hold request or request_uri');
    return { ...pick(claims), client_id: client.id };
  }

  /**
   * RFC 9126 §2.1: checks a pushed request (its client already authenticated) as /authorize would, then stores it.
   * Refusals are OAuth errors (§2.3), never redirects.
   */
  async push(
    client: Client,
    body: Record<string, unknown>,
  ): Promise<{ request_uri: string; expires_in: number }> {
    if (body.request_uri !== undefined)
      throw new OAuthError('invalid_request', 'request_uri must not be pushed (RFC 9126 §2.1)');
    const parameters =
      typeof body.request === 'string'
        ? await this.requestObjectParameters(client, body.request)
        : { ...pick(body), client_id: client.id };
    try {
      const redirectUri = resolveRedirect(client, parameters);
      validateAuthorizeParameters(client, redirectUri, parameters);
    } catch (error) {
      if (error instanceof UntrustedRedirectError)
        throw new OAuthError(
          error.error === 'unauthorized_client' ? 'unauthorized_client' : 'invalid_request',
          error.message,
        );
      if (error instanceof AuthorizationError)
        throw new OAuthError(
          answeredAsItself(error.error) ? error.error : 'invalid_request',
          error.description,
        );
      throw error;
    }
    const id = randomToken();
    await this.store.insert({
      idHash: hashToken(id),
      clientId: client.id,
      parameters: parameters as Record<string, string>,
      expiresAt: new Date(Date.now() + PUSHED_REQUEST_TTL_SECONDS * 1000),
    });
    return { request_uri: `${REQUEST_URI_PREFIX}${id}`, expires_in: PUSHED_REQUEST_TTL_SECONDS };
  }

  /** Consumes a pushed request: its parameters, once, for the client that pushed it, before it expires. */
  private async consume(clientId: string, requestUri: string): Promise<AuthorizeParameters | null> {
    if (!requestUri.startsWith(REQUEST_URI_PREFIX)) return null;
    const id = requestUri.slice(REQUEST_URI_PREFIX.length);
    return (await this.store.consume(hashToken(id), clientId, new Date())) as AuthorizeParameters | null;
  }

  /**
   * The parameters /authorize checks: those pushed (`request_uri`), those of a request object (`request`), or the
   * query's own. A refusal here cannot be redirected: the redirect URI is not yet verified (RFC 6749 §4.1.2.1).
   */
  async resolve(parameters: AuthorizeParameters): Promise<Resolution> {
    const refused = (description: string, reason: AuthorizeErrorReason = 'invalid_request'): Resolution => ({
      kind: 'refused',
      error: 'invalid_request',
      description,
      reason,
    });
    const clientId = parameters.client_id;
    // A request_uri not of this server's pushed requests is refused by the parameter checks (request_uri_not_supported:
    // nothing is fetched from the client, OIDC Core §6.2).
    if (parameters.request_uri?.startsWith(REQUEST_URI_PREFIX)) {
      // RFC 9126 §4: the pushed request is the whole request; only client_id may come along.
      const others = Object.keys(parameters).filter((name) => name !== 'client_id' && name !== 'request_uri');
      if (others.length > 0)
        return refused(`with request_uri, only client_id may be sent (not ${others.sort().join(', ')})`);
      if (!clientId) return refused('client_id is missing');
      const pushed = await this.consume(clientId, parameters.request_uri);
      if (!pushed)
        return refused(
          'request_uri is unknown, expired, already used or not this client’s',
          'expired_request',
        );
      return { kind: 'parameters', parameters: pushed };
    }
    const client = clientId ? await this.clients.find(clientId) : null;
    // An unknown client is refused by the redirect checks, as any request of it is.
    if (!client) return { kind: 'parameters', parameters };
    if (this.parRequired(client))
      return refused('this application must push its authorization requests (RFC 9126 §6): use /par');
    if (parameters.request === undefined) return { kind: 'parameters', parameters };
    try {
      return {
        kind: 'parameters',
        parameters: await this.requestObjectParameters(client, parameters.request),
      };
    } catch (error) {
      if (error instanceof OAuthError) return refused(error.description);
      throw error;
    }
  }
}
