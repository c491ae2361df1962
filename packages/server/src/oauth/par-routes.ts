import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { OAuthError, oauthErrorResponses } from '../protocol/oauth/errors.js';
import { authenticateClient } from './client-authentication.js';
import { DpopRefusal } from './dpop.js';
import { allowCrossOriginReads, FormParameter, noStore, requireFormBody } from './form.js';

const PushedRequestBody = Type.Object(
  {
    client_id: Type.Optional(FormParameter),
    client_secret: Type.Optional(FormParameter),
    client_assertion_type: Type.Optional(FormParameter),
    client_assertion: Type.Optional(Type.String({ maxLength: 8192 })),
    request: Type.Optional(Type.String({ maxLength: 16_384 })),
  },
  // The authorization parameters (RFC 9126 §2.1); checked as /authorize checks them, unknown ones ignored.
  { additionalProperties: true },
);

const PushedRequestResponse = Type.Object({
  request_uri: Type.String({
    description: 'urn:ietf:params:oauth:request_uri:…, for /authorize with client_id',
  }),
  expires_in: Type.Integer({
    description: 'Seconds until request_uri expires; it is also used up by its first use',
  }),
});

/**
 * The key of a DPoP proof sent to /par (RFC 9449 §10.1), checked as /token checks one, or null without a proof. The
 * code of the pushed request is then bound to that key, as with `dpop_jkt`. A refusal carries the server's nonce.
 */
async function pushedRequestDpopKey(context: AppContext, request: FastifyRequest): Promise<string | null> {
  try {
    const proof = context.oauth.dpop.presented(request);
    if (proof === undefined) return null;
    return (await context.oauth.dpop.check(proof, request, '/par')).jkt;
  } catch (error) {
    if (!(error instanceof DpopRefusal)) throw error;
    const nonce = error.nonce ?? context.oauth.dpop.currentNonce();
    throw new OAuthError(error.error, error.description, nonce === undefined ? {} : { 'dpop-nonce': nonce });
  }
}

/** POST /par: pushed authorization requests (RFC 9126 §2). */
export function registerPushedAuthorizationRoutes(app: App, context: AppContext): void {
  app.post(
    '/par',
    {
      config: { oauthErrors: true, access: 'client' },
      onRequest: allowCrossOriginReads,
      preValidation: requireFormBody,
      schema: {
        tags: ['oauth'],
        summary:
          'Pushed authorization request (RFC 9126): the client authenticates, the request is checked as /authorize checks it and stored for a single use',
        consumes: ['application/x-www-form-urlencoded'],
        body: PushedRequestBody,
        response: {
          201: PushedRequestResponse,
          // RFC 9126 §2.3.
          ...oauthErrorResponses(
            'invalid_request',
            'invalid_request_object',
            'invalid_client',
            'unauthorized_client',
            'invalid_scope',
            'unsupported_response_type',
            'invalid_dpop_proof',
            'use_dpop_nonce',
          ),
        },
      },
    },
    async (request, reply) => {
      const { client } = await authenticateClient(
        context.clients.registry,
        request.headers.authorization,
        request.body,
        'pushed_authorization',
      );
      const dpopJkt = await pushedRequestDpopKey(context, request);
      const body: Record<string, unknown> = { ...request.body };
      if (dpopJkt !== null) {
        // RFC 9449 §10.1: both given, they must name the same key.
        if (body.dpop_jkt !== undefined && body.dpop_jkt !== dpopJkt)
          throw new OAuthError('invalid_dpop_proof', 'dpop_jkt does not match the key of the DPoP proof');
        body.dpop_jkt = dpopJkt;
      }
      const nonce = context.oauth.dpop.currentNonce();
      if (nonce !== undefined) reply.header('dpop-nonce', nonce);
      return noStore(reply)
        .code(201)
        .send(await context.oauth.pushedRequests.push(client, body));
    },
  );
}
