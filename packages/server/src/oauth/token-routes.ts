import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import type { Client } from '../clients/model.js';
import { OAuthError, oauthErrorResponses } from '../protocol/oauth/errors.js';
import { authenticateClient, claimedClientId } from './client-authentication.js';
import { DpopRefusal } from './dpop.js';
import { allowCrossOriginReads, FormParameter, noStore, requireFormBody } from './form.js';
import { grantFor, grantParameters, supportedGrantTypes } from './grants/index.js';
import { TokenResponseSchema } from './token-service.js';

/**
 * RFC 6749 §3.2: grant_type, client authentication (§2.3.1), and the parameters of every grant (grants/), each a
 * single string. Which of them a grant reads is the grant's business; the others are ignored.
 */
const TokenRequest = Type.Object(
  {
    grant_type: FormParameter,
    client_id: Type.Optional(FormParameter),
    client_secret: Type.Optional(FormParameter),
    ...Object.fromEntries(grantParameters().map((name) => [name, Type.Optional(FormParameter)])),
  },
  { additionalProperties: true },
);

/**
 * A refused token request is a security event (a replayed code, a guessed secret, a revoked family): it goes to the
 * audit log with the grant type and the error, never the code, token, verifier or secret. The actor is the client
 * only once it has authenticated; before that, the client_id it claimed is a detail, not an identity.
 */
async function auditTokenFailure(
  context: AppContext,
  request: FastifyRequest,
  body: Record<string, unknown>,
  authenticatedClientId: string | null,
  error: OAuthError,
): Promise<void> {
  const claimed = claimedClientId(request.headers.authorization, body);
  // Written before the answer goes out, so whoever reads the log next sees it; a failure to write is logged and
  // does not change the answer.
  await context.audit
    .record({
      action: 'oauth.token',
      outcome: 'failure',
      actor: authenticatedClientId ? { type: 'client', id: authenticatedClientId } : { type: 'anonymous' },
      target: claimed ? { type: 'client', id: claimed.slice(0, 200) } : undefined,
      details: {
        grant_type: typeof body.grant_type === 'string' ? body.grant_type.slice(0, 100) : null,
        error: error.error,
        description: error.description,
      },
      request,
    })
    .catch((auditError: unknown) => request.log.error({ err: auditError }, 'audit failed'));
}

/**
 * A device polling until its user decides (RFC 8628 §3.5) is no failure: these answers are the protocol working, one
 * every few seconds per device, and are not audited (the decision itself is: oauth.device_authorization_*).
 */
const DEVICE_POLLING_ANSWERS: ReadonlySet<string> = new Set(['authorization_pending', 'slow_down']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request refused before the handler ran (an unreadable body, an invalid or unacceptable parameter) answers the
 * same whether or not its credentials were right — the refusal itself, RFC 6749 §5.2 invalid_request — so it does
 * not tell a guesser anything. The credentials are still checked, for the audit log alone: a failed client
 * authentication is recorded whatever else was wrong with the request.
 */
async function auditRefusedRequest(
  context: AppContext,
  request: FastifyRequest,
  refusal: Error,
): Promise<void> {
  const body = isRecord(request.body) ? request.body : {};
  const refused =
    refusal instanceof OAuthError ? refusal : new OAuthError('invalid_request', refusal.message);
  if (request.headers.authorization === undefined && body.client_id === undefined) {
    await auditTokenFailure(context, request, body, null, refused);
    return;
  }
  try {
    const { client } = await authenticateClient(
      context.clients.registry,
      request.headers.authorization,
      body,
      'token',
    );
    await auditTokenFailure(context, request, body, client.id, refused);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const failed = new OAuthError(
      error.error,
      `${error.description}; the request was refused as ${refused.error} (${refused.description})`,
    );
    await auditTokenFailure(context, request, body, null, failed);
  }
}

/**
 * The key of the request's DPoP proof (RFC 9449 §5), checked against this endpoint's URL, or null without a proof;
 * a client registered with `dpop_bound_access_tokens` must send one (§5.2). A refusal carries the server's nonce
 * when one is wanted (§8).
 */
async function tokenRequestDpopKey(
  context: AppContext,
  request: FastifyRequest,
  client: Client,
): Promise<string | null> {
  try {
    const proof = context.oauth.dpop.presented(request);
    if (proof === undefined) {
      if (client.dpopBoundAccessTokens) {
        throw new OAuthError('invalid_dpop_proof', 'this client must send a DPoP proof');
      }
      return null;
    }
    return (await context.oauth.dpop.check(proof, request, '/token')).jkt;
  } catch (error) {
    if (!(error instanceof DpopRefusal)) throw error;
    const nonce = error.nonce ?? context.oauth.dpop.currentNonce();
    throw new OAuthError(error.error, error.description, nonce === undefined ? {} : { 'dpop-nonce': nonce });
  }
}

/** POST /token (RFC 6749 §3.2). */
export function registerTokenRoutes(app: App, context: AppContext): void {
  const handled = new WeakSet<FastifyRequest>();
  app.post(
    '/token',
    {
      config: { oauthErrors: true, access: 'client' },
      onRequest: allowCrossOriginReads,
      preValidation: requireFormBody,
      // Errors of the handler are audited there; the rest never reached it (then rendered as usual by the app).
      errorHandler: async (error, request) => {
        if (!handled.has(request)) await auditRefusedRequest(context, request, error);
        throw error;
      },
      schema: {
        tags: ['oauth'],
        summary: `Token endpoint: ${supportedGrantTypes().join(', ')} (authorization_code with PKCE)`,
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: {
          200: TokenResponseSchema,
          // RFC 6749 §5.2.
          ...oauthErrorResponses(
            'invalid_request',
            'invalid_client',
            'invalid_grant',
            'unauthorized_client',
            'unsupported_grant_type',
            'invalid_scope',
            // RFC 8693 §2.2.2, RFC 8707 §2: a token exchange for an audience the client may not request.
            'invalid_target',
            'invalid_dpop_proof',
            'use_dpop_nonce',
            // RFC 8628 §3.5: the device code grant's answers while it polls.
            'authorization_pending',
            'slow_down',
            'expired_token',
            'access_denied',
          ),
        },
      },
    },
    async (request, reply) => {
      handled.add(request);
      const body = request.body;
      let clientId: string | null = null;
      try {
        const { client } = await authenticateClient(
          context.clients.registry,
          request.headers.authorization,
          body,
          'token',
        );
        clientId = client.id;
        const grant = grantFor(body.grant_type);
        if (!grant) {
          throw new OAuthError('unsupported_grant_type', `grant_type '${body.grant_type}' is not supported`);
        }
        // The grant sees only the parameters it declares.
        const parameters: Record<string, string> = {};
        for (const name of grant.parameters) {
          const value = (body as Record<string, unknown>)[name];
          if (typeof value === 'string') parameters[name] = value;
        }
        const dpopJkt = await tokenRequestDpopKey(context, request, client);
        const response = await grant.redeem(context.oauth.tokens, client, parameters, dpopJkt);
        const nonce = context.oauth.dpop.currentNonce();
        if (nonce !== undefined) reply.header('dpop-nonce', nonce);
        return noStore(reply).send(response);
      } catch (error) {
        if (error instanceof OAuthError && !DEVICE_POLLING_ANSWERS.has(error.error))
          await auditTokenFailure(context, request, body, clientId, error);
        throw error;
      }
    },
  );
}
