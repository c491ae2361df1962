import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { oauthErrorResponses } from '../protocol/oauth/errors.js';
import { authenticateClient } from './client-authentication.js';
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
          ...oauthErrorResponses('invalid_request', 'invalid_client', 'unauthorized_client', 'invalid_scope'),
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
      return noStore(reply)
        .code(201)
        .send(await context.oauth.pushedRequests.push(client, request.body));
    },
  );
}
