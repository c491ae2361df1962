import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { OAuthError, oauthErrorResponses } from '../protocol/oauth/errors.js';
import { authenticateClient } from './client-authentication.js';
import { allowCrossOriginReads, FormParameter, noStore, requireFormBody } from './form.js';

const TokenParameters = Type.Object(
  {
    token: Type.Optional(FormParameter),
    token_type_hint: Type.Optional(FormParameter),
    client_id: Type.Optional(FormParameter),
    client_secret: Type.Optional(FormParameter),
  },
  { additionalProperties: true },
);

const IntrospectionResponse = Type.Object({
  active: Type.Boolean(),
  scope: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  sub: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  iat: Type.Optional(Type.Integer()),
  iss: Type.Optional(Type.String()),
  aud: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description:
        'The client the token was issued to, or the audience of an exchanged token (RFC 8693 §2.1)',
    }),
  ),
  token_type: Type.Optional(Type.String()),
  cnf: Type.Optional(
    Type.Object({ jkt: Type.String() }, { description: 'RFC 9449 §6.2: the DPoP key the token is bound to' }),
  ),
  act: Type.Optional(
    Type.Object(
      { sub: Type.String(), client_id: Type.String() },
      {
        additionalProperties: true,
        description:
          'RFC 8693 §4.1: the actor of an exchanged token (sub, client_id), earlier actors nested in act',
      },
    ),
  ),
  org_id: Type.Optional(Type.String({ description: 'Access tokens issued in an organization context' })),
  org_slug: Type.Optional(Type.String()),
  roles: Type.Optional(Type.Array(Type.String())),
  permissions: Type.Optional(Type.Array(Type.String())),
});

/** POST /introspect (RFC 7662) and POST /revoke (RFC 7009). */
export function registerBackchannelRoutes(app: App, context: AppContext): void {
  app.post(
    '/introspect',
    {
      config: { oauthErrors: true, access: 'client' },
      preValidation: requireFormBody,
      schema: {
        tags: ['oauth'],
        summary: 'Token introspection (RFC 7662) for confidential clients (client_secret_basic)',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenParameters,
        response: {
          200: IntrospectionResponse,
          // RFC 7662 §2.3.
          ...oauthErrorResponses('invalid_request', 'invalid_client'),
        },
      },
    },
    async (request, reply) => {
      const { client } = await authenticateClient(
        context.clients.registry,
        request.headers.authorization,
        request.body,
        'introspection',
      );
      const token = request.body.token;
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      return noStore(reply).send(
        await context.oauth.introspection.introspect(client, token, request.body.token_type_hint),
      );
    },
  );

  app.post(
    '/revoke',
    {
      config: { oauthErrors: true, access: 'client' },
      onRequest: allowCrossOriginReads,
      preValidation: requireFormBody,
      schema: {
        tags: ['oauth'],
        summary:
          'Token revocation (RFC 7009): refresh tokens are revoked with their whole grant; access and ID tokens are accepted as a no-op',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenParameters,
        response: {
          200: { description: 'Revoked, or nothing to revoke', type: 'null' },
          // RFC 7009 §2.1, §2.2.1: a refresh token of another client is unauthorized_client.
          ...oauthErrorResponses('invalid_request', 'invalid_client', 'unauthorized_client'),
        },
      },
    },
    async (request, reply) => {
      const { client } = await authenticateClient(
        context.clients.registry,
        request.headers.authorization,
        request.body,
        'revocation',
      );
      const token = request.body.token;
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      await context.oauth.revocation.revokeToken(client, token);
      return noStore(reply).code(200).send();
    },
  );
}
