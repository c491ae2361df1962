import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { bearerError, readBearerToken } from '../protocol/oauth/bearer.js';
import { oauthErrorResponses, resourceErrorResponses } from '../protocol/oauth/errors.js';
import {
  ClientInformationResponse,
  type ClientMetadata,
  ClientMetadataRequest,
  invalidMetadata,
} from './metadata.js';

const ClientIdParams = Type.Object({ clientId: Type.String({ maxLength: 64 }) });

/** RFC 7591 §3.2.2: metadata of the wrong type is invalid_client_metadata, not a generic invalid_request. */
function validatedMetadata(request: FastifyRequest): ClientMetadata {
  const error = request.validationError;
  // A client_id too long to be one names no client, so no token can be valid for it.
  if (error && error.validationContext !== 'body') throw bearerError('invalid_token', 'no such client');
  if (error) throw invalidMetadata(error.message);
  return request.body as ClientMetadata;
}

/** Responses carrying credentials are never cached (RFC 7591 §3.2.1, RFC 6749 §5.1). */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/**
 * Dynamic Client Registration on the public port (docs/client-registration.md): POST /register (RFC 7591 §3) with
 * an initial access token, or without one when open registration is on; the client configuration endpoint
 * /register/{clientId} (RFC 7592 §2) with the client's registration access token.
 */
export function registerClientRegistrationRoutes(app: App, context: AppContext): void {
  const registrations = context.clientRegistration.registrations;

  app.post(
    '/register',
    {
      config: { access: 'bearer', oauthErrors: true },
      attachValidation: true,
      schema: {
        tags: ['oauth'],
        summary:
          'Registers a client (RFC 7591 §3) with an initial access token as the bearer token, or without one when open registration is on',
        body: ClientMetadataRequest,
        response: {
          201: ClientInformationResponse,
          ...oauthErrorResponses(
            'invalid_redirect_uri',
            'invalid_client_metadata',
            'invalid_software_statement',
          ),
          ...resourceErrorResponses('invalid_token'),
          ...errorResponses('rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const initialAccessToken =
        request.headers.authorization === undefined ? null : readBearerToken(request);
      // Open registration is counted per address before anything else is looked at (docs/client-registration.md).
      if (initialAccessToken === null && context.settings.get('client_registration.open'))
        await context.rateLimits.consume('open-client-registration-ip', request.ip);
      const metadata = validatedMetadata(request);
      const registered = await registrations.register(metadata, initialAccessToken, request);
      return noStore(reply).code(201).send(registered);
    },
  );

  app.get(
    '/register/:clientId',
    {
      config: { access: 'bearer', oauthErrors: true },
      schema: {
        tags: ['oauth'],
        summary:
          'Reads a registered client (RFC 7592 §2.1); the answer carries a new registration access token, which replaces the one presented',
        params: ClientIdParams,
        response: { 200: ClientInformationResponse, ...resourceErrorResponses('invalid_token') },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request);
      return noStore(reply).send(await registrations.read(request.params.clientId, token));
    },
  );

  app.put(
    '/register/:clientId',
    {
      config: { access: 'bearer', oauthErrors: true },
      attachValidation: true,
      schema: {
        tags: ['oauth'],
        summary:
          'Replaces a registered client’s metadata (RFC 7592 §2.2); the answer carries a new registration access token',
        params: ClientIdParams,
        body: ClientMetadataRequest,
        response: {
          200: ClientInformationResponse,
          ...oauthErrorResponses(
            'invalid_redirect_uri',
            'invalid_client_metadata',
            'invalid_software_statement',
          ),
          ...resourceErrorResponses('invalid_token'),
        },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request);
      const metadata = validatedMetadata(request);
      return noStore(reply).send(
        await registrations.update(request.params.clientId, token, metadata, request),
      );
    },
  );

  app.delete(
    '/register/:clientId',
    {
      config: { access: 'bearer', oauthErrors: true },
      schema: {
        tags: ['oauth'],
        summary: 'Deletes a registered client and everything issued to it (RFC 7592 §2.3)',
        params: ClientIdParams,
        response: {
          204: noContentResponse('Deleted'),
          ...resourceErrorResponses('invalid_token'),
        },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request);
      await registrations.remove(request.params.clientId, token, request);
      return noContent(reply);
    },
  );
}
