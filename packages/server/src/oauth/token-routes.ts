import { Type } from 'typebox';
import type { App } from '../app/build.js';
import type { AppContext } from '../app/context.js';
import { OAuthError, oauthErrorResponses } from '../app/errors.js';
import { authenticateClient } from './client-authentication.js';
import { FormParameter, noStore, requireFormBody } from './form.js';

const TokenRequest = Type.Object(
  {
    grant_type: FormParameter,
    code: Type.Optional(FormParameter),
    redirect_uri: Type.Optional(FormParameter),
    code_verifier: Type.Optional(FormParameter),
    refresh_token: Type.Optional(FormParameter),
    scope: Type.Optional(FormParameter),
    client_id: Type.Optional(FormParameter),
    client_secret: Type.Optional(FormParameter),
  },
  { additionalProperties: true },
);

const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
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

/** POST /token (RFC 6749 §3.2). */
export function registerTokenRoutes(app: App, context: AppContext): void {
  app.post(
    '/token',
    {
      config: { oauthErrors: true },
      preValidation: requireFormBody,
      schema: {
        tags: ['oauth'],
        summary: 'Token endpoint: authorization_code (with PKCE), refresh_token, client_credentials',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: { 200: TokenResponseSchema, ...oauthErrorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { client } = await authenticateClient(context.clients, request.headers.authorization, body, {
        allowPost: true,
        allowPublic: true,
      });
      let response: Awaited<ReturnType<typeof context.tokens.authorizationCode>>;
      switch (body.grant_type) {
        case 'authorization_code':
          response = await context.tokens.authorizationCode(client, body);
          break;
        case 'refresh_token':
          response = await context.tokens.refreshToken(client, body);
          break;
        case 'client_credentials':
          response = context.tokens.clientCredentials(client, body.scope);
          break;
        default:
          throw new OAuthError('unsupported_grant_type', `grant_type '${body.grant_type}' is not supported`);
      }
      return noStore(reply).send(response);
    },
  );
}
