import { isAcceptableText } from '../app/acceptable-input.js';
import { ClientJwtRefused } from '../clients/client-jwt.js';
import type { Client } from '../clients/model.js';
import type { ClientService } from '../clients/service.js';
import { OAuthError } from '../protocol/oauth/errors.js';
import {
  type AuthenticatingEndpoint,
  type ClientAuthenticationMethod,
  ENDPOINT_AUTHENTICATION_METHODS,
  JWT_BEARER_ASSERTION_TYPE,
} from '../protocol/oauth/vocabulary.js';

export interface AuthenticatedClient {
  client: Client;
  method: ClientAuthenticationMethod;
}

interface Credentials {
  clientId: string;
  secret: string | null;
  /** A `private_key_jwt` assertion (RFC 7523 §2.2). */
  assertion: string | null;
  method: ClientAuthenticationMethod;
}

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64, so they are decoded after. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function invalidClient(usedBasic: boolean, description = 'client authentication failed'): OAuthError {
  // RFC 6749 §5.2: 401 with a challenge naming the scheme the client tried.
  return new OAuthError(
    'invalid_client',
    description,
    usedBasic ? { 'www-authenticate': 'Basic realm="tessera", charset="UTF-8"' } : {},
  );
}

function parseBasic(header: string): { clientId: string; secret: string } {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) throw invalidClient(true, 'malformed Basic credentials');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) throw invalidClient(true, 'malformed Basic credentials');
  try {
    return {
      clientId: formDecode(decoded.slice(0, separator)),
      secret: formDecode(decoded.slice(separator + 1)),
    };
  } catch {
    throw invalidClient(true, 'malformed Basic credentials');
  }
}

/**
 * Credentials as presented, refused when no client could have them: Basic credentials are decoded here, after the
 * request's own text checks (app/acceptable-input.ts), and may hold NUL or a lone surrogate that the client store
 * cannot even be asked about.
 */
function readCredentials(authorization: string | undefined, body: Record<string, unknown>): Credentials {
  const credentials = readPresentedCredentials(authorization, body);
  const usedBasic = credentials.method === 'client_secret_basic';
  if (!isAcceptableText(credentials.clientId)) throw invalidClient(usedBasic, 'malformed client_id');
  if (credentials.secret !== null && !isAcceptableText(credentials.secret))
    throw invalidClient(usedBasic, 'malformed client secret');
  return credentials;
}

function readPresentedCredentials(
  authorization: string | undefined,
  body: Record<string, unknown>,
): Credentials {
  const bodyId = typeof body.client_id === 'string' ? body.client_id : undefined;
  const bodySecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  const assertionType = body.client_assertion_type;
  const assertion = body.client_assertion;
  if (assertionType !== undefined || assertion !== undefined) {
    // RFC 6749 §2.3: a client uses one authentication method per request.
    if (authorization?.trim().toLowerCase().startsWith('basic') || bodySecret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'use one client authentication method, not a secret and an assertion',
      );
    }
    if (assertionType !== JWT_BEARER_ASSERTION_TYPE)
      throw invalidClient(false, `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}`);
    if (typeof assertion !== 'string' || assertion.length > 8192)
      throw invalidClient(false, 'client_assertion is missing or too long');
    // RFC 7523 §3: the client is the assertion's subject; client_id, when sent too, must name the same.
    const subject = unverifiedSubject(assertion);
    if (subject === null) throw invalidClient(false, 'client_assertion is not a JWT with a sub');
    if (bodyId !== undefined && bodyId !== subject)
      throw invalidClient(false, 'client_id does not match the client_assertion');
    return { clientId: subject, secret: null, assertion, method: 'private_key_jwt' };
  }
  if (authorization?.trim().toLowerCase().startsWith('basic')) {
    // RFC 6749 §2.3: a client uses one authentication method per request.
    if (bodySecret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'use one client authentication method, not Basic and client_secret',
      );
    }
    const basic = parseBasic(authorization);
    if (bodyId !== undefined && bodyId !== basic.clientId) {
      throw new OAuthError('invalid_request', 'client_id does not match the Basic credentials');
    }
    return { clientId: basic.clientId, secret: basic.secret, assertion: null, method: 'client_secret_basic' };
  }
  if (bodyId === undefined) throw invalidClient(false, 'client authentication is required');
  if (bodySecret !== undefined)
    return { clientId: bodyId, secret: bodySecret, assertion: null, method: 'client_secret_post' };
  return { clientId: bodyId, secret: null, assertion: null, method: 'none' };
}

/** The `sub` of a compact JWS, read before its signature is checked (to find whose keys check it); null if none. */
function unverifiedSubject(jwt: string): string | null {
  const parts = jwt.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    const sub = (payload as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub.length > 0 ? sub : null;
  } catch {
    return null;
  }
}

/** The client_id a request claims (Basic or body), authenticated or not — for the audit log; null if unreadable. */
export function claimedClientId(
  authorization: string | undefined,
  body: Record<string, unknown>,
): string | null {
  try {
    return readCredentials(authorization, body).clientId;
  } catch {
    const bodyId = body.client_id;
    return typeof bodyId === 'string' && isAcceptableText(bodyId) ? bodyId : null;
  }
}

/**
 * Authenticates the calling client (RFC 6749 §2.3, §3.2.1) with the methods
 * the endpoint accepts (protocol/oauth/vocabulary.ts, which discovery advertises) and the client is registered
 * with (`token_endpoint_auth_method`): confidential clients with their secret (Basic, or in the body where
 * `client_secret_post` is accepted) or a `private_key_jwt` assertion (RFC 7523 §2.2), public clients by
 * `client_id` alone where `none` is. A confidential client sending only its `client_id` is refused.
 */
export async function authenticateClient(
  clients: ClientService,
  authorization: string | undefined,
  body: Record<string, unknown>,
  endpoint: AuthenticatingEndpoint,
): Promise<AuthenticatedClient> {
  const accepted: readonly ClientAuthenticationMethod[] = ENDPOINT_AUTHENTICATION_METHODS[endpoint];
  const credentials = readCredentials(authorization, body);
  const usedBasic = credentials.method === 'client_secret_basic';
  const client = await clients.find(credentials.clientId);
  if (!client) throw invalidClient(usedBasic);
  if (client.tokenEndpointAuthMethod === 'private_key_jwt') {
    if (credentials.assertion === null)
      throw invalidClient(usedBasic, 'this client must authenticate with private_key_jwt');
    if (!accepted.includes('private_key_jwt'))
      throw invalidClient(false, 'this endpoint does not accept private_key_jwt');
    try {
      await clients.verifyAssertion(client, credentials.assertion);
    } catch (error) {
      if (error instanceof ClientJwtRefused) throw invalidClient(false, error.message);
      throw error;
    }
    return { client, method: 'private_key_jwt' };
  }
  if (credentials.assertion !== null)
    throw invalidClient(false, 'this client is not registered for private_key_jwt');
  if (client.type === 'confidential') {
    if (credentials.secret === null)
      throw invalidClient(false, 'this client must authenticate with its secret');
    if (credentials.method === 'client_secret_post' && !accepted.includes('client_secret_post')) {
      throw invalidClient(false, 'this endpoint requires client_secret_basic');
    }
    if (!(await clients.verifySecret(client, credentials.secret))) throw invalidClient(usedBasic);
    return { client, method: credentials.method };
  }
  if (credentials.secret !== null) throw invalidClient(usedBasic, 'public clients have no secret');
  if (!accepted.includes('none')) throw invalidClient(false, 'this endpoint is for confidential clients');
  return { client, method: 'none' };
}
