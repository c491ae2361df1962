import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import {
  CursorParameter,
  decodeCursorKey,
  encodeCursor,
  NextAfterField,
  pageLimitParameter,
} from '../app/ports/keyset.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { ClientIconView, clientIconView, registerAdminClientIconRoutes } from './admin-icon-routes.js';
import { clientsError } from './errors.js';
import {
  AuthenticationMethodSchema,
  type Client,
  ClientInputSchema,
  type ClientSecretInfo,
  ClientValidationError,
  TokenExchangePolicySchema,
} from './model.js';
import { type ClientListPosition, ClientNotFoundError } from './service.js';

/** Clients per page of `GET /admin/clients` when the caller does not say, and the most it may ask for. */
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** The admin client list's cursors (app/ports/keyset.ts): the last listed client's name and id, the list's order. */
const CLIENTS_LISTING = 'clients';

/** The cursor of the client list page that starts after `position`. */
export function clientListCursor(position: ClientListPosition): string {
  return encodeCursor(CLIENTS_LISTING, position.name, position.id);
}

/** Where a page of the client list starts, from its `after` cursor; `invalid_cursor` for anything else. */
function clientListPosition(after: string): ClientListPosition {
  const [name, id] = decodeCursorKey(CLIENTS_LISTING, after, 2);
  return { name: name!, id: id! };
}

const SecretMetadata = Type.Object({
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  hint: Type.String({ description: 'Last four characters' }),
});

const ClientView = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  logo_uri: Type.Union([Type.String(), Type.Null()]),
  app_url: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal('public'), Type.Literal('confidential')]),
  redirect_uris: Type.Array(Type.String()),
  post_logout_redirect_uris: Type.Array(Type.String()),
  grant_types: ClientInputSchema.properties.grant_types,
  scopes: Type.Array(Type.Object({ scope: Type.String(), description: Type.String() })),
  require_pkce: Type.Boolean(),
  id_token_signed_response_alg: Type.String(),
  access_token_ttl_seconds: Type.Union([Type.Integer(), Type.Null()]),
  id_token_ttl_seconds: Type.Union([Type.Integer(), Type.Null()]),
  refresh_token_ttl_seconds: Type.Union([Type.Integer(), Type.Null()]),
  first_party: Type.Boolean(),
  organization_required: Type.Boolean(),
  zk_delivery: Type.String(),
  zk_required: Type.Boolean(),
  dpop_bound_access_tokens: Type.Boolean(),
  zk_key_scope: Type.Union([Type.Literal('client'), Type.Literal('organization')]),
  show_on_dashboard: Type.Boolean(),
  token_endpoint_auth_method: AuthenticationMethodSchema,
  jwks: Type.Union([
    Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
    Type.Null(),
  ]),
  jwks_uri: Type.Union([Type.String(), Type.Null()]),
  require_pushed_authorization_requests: Type.Boolean(),
  fapi2_profile: Type.Boolean(),
  backchannel_logout_uri: Type.Union([Type.String(), Type.Null()]),
  backchannel_logout_session_required: Type.Boolean(),
  logout_ends_offline_access: Type.Boolean(),
  token_exchange: Type.Union([TokenExchangePolicySchema, Type.Null()], {
    description: 'The token-exchange policy (RFC 8693), or null when the client may not exchange tokens',
  }),
  icon: Type.Union([ClientIconView, Type.Null()], {
    description: 'The uploaded icon (PUT/DELETE /admin/clients/{clientId}/icon), or null',
  }),
  secret: Type.Union([SecretMetadata, Type.Null()], {
    description: 'Metadata only; the secret itself is never returned here',
  }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const ClientWithSecret = Type.Object({
  client: ClientView,
  client_secret: Type.Union([Type.String(), Type.Null()], { description: 'Shown once, on creation only' }),
});

const ClientIdParams = Type.Object({ clientId: Type.String({ maxLength: 64 }) });

/**
 * Admin API for clients (docs/admin.md#daily-tasks): the secret in plaintext exactly once, then metadata
 * only.
 */
export function registerAdminClientRoutes(app: App, context: AppContext): void {
  const view = async (client: Client) =>
    viewWith(
      client,
      client.type === 'confidential' ? await context.clients.registry.secretInfo(client.id) : null,
    );
  const viewWith = (client: Client, secret: ClientSecretInfo | null) => {
    return {
      client_id: client.id,
      name: client.name,
      description: client.description,
      logo_uri: client.logoUri,
      app_url: client.appUrl,
      type: client.type,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      grant_types: client.grantTypes,
      scopes: client.scopes,
      require_pkce: client.requirePkce,
      id_token_signed_response_alg: client.idTokenSignedResponseAlg,
      access_token_ttl_seconds: client.accessTokenTtlSeconds,
      id_token_ttl_seconds: client.idTokenTtlSeconds,
      refresh_token_ttl_seconds: client.refreshTokenTtlSeconds,
      first_party: client.firstParty,
      organization_required: client.organizationRequired,
      zk_delivery: client.zkDelivery,
      zk_required: client.zkRequired,
      dpop_bound_access_tokens: client.dpopBoundAccessTokens,
      zk_key_scope: client.zkKeyScope,
      show_on_dashboard: client.showOnDashboard,
      token_endpoint_auth_method: client.tokenEndpointAuthMethod,
      jwks: client.jwks,
      jwks_uri: client.jwksUri,
      require_pushed_authorization_requests: client.requirePushedAuthorizationRequests,
      fapi2_profile: client.fapi2Profile,
      backchannel_logout_uri: client.backchannelLogoutUri,
      backchannel_logout_session_required: client.backchannelLogoutSessionRequired,
      logout_ends_offline_access: client.logoutEndsOfflineAccess,
      token_exchange: client.tokenExchange
        ? {
            audiences: client.tokenExchange.audiences,
            scopes: client.tokenExchange.scopes,
            subject_clients: client.tokenExchange.subjectClients,
          }
        : null,
      icon: client.icon ? clientIconView(client.id, client.icon) : null,
      secret: secret
        ? {
            created_at: secret.createdAt.toISOString(),
            last_used_at: secret.lastUsedAt?.toISOString() ?? null,
            hint: secret.hint,
          }
        : null,
      created_at: client.createdAt.toISOString(),
      updated_at: client.updatedAt.toISOString(),
    };
  };
  const translate = (error: unknown): never => {
    if (error instanceof ClientValidationError) throw clientsError('invalid_client_metadata', error.message);
    if (error instanceof ClientNotFoundError) throw appError('not_found', 'no such client');
    throw error;
  };

  app.get(
    '/admin/clients',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Lists clients by name, then client ID (secret metadata only); page with after=<next_after>',
        querystring: Type.Object({
          query: Type.Optional(
            Type.String({
              maxLength: 200,
              description:
                'Only clients whose name or client ID contains this text (any case; % and _ literal)',
            }),
          ),
          after: Type.Optional(CursorParameter),
          limit: Type.Optional(pageLimitParameter('Clients', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
        }),
        response: {
          200: Type.Object({
            clients: Type.Array(ClientView),
            next_after: NextAfterField,
          }),
          ...errorResponses('invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { query, after, limit = DEFAULT_PAGE_SIZE } = request.query;
      const position = after === undefined ? null : clientListPosition(after);
      const page = await context.clients.registry.page({
        search: query?.trim() ?? '',
        after: position,
        limit,
      });
      return {
        clients: page.entries.map(({ client, secret }) => viewWith(client, secret)),
        next_after: page.next ? clientListCursor(page.next) : null,
      };
    },
  );

  app.get(
    '/admin/clients/:clientId',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Reads one client (secret metadata only)',
        params: ClientIdParams,
        response: { 200: ClientView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const client = await context.clients.registry.find(request.params.clientId);
      if (!client) throw appError('not_found', 'no such client');
      return view(client);
    },
  );

  app.post(
    '/admin/clients',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Registers a client; a confidential client’s secret is returned here once',
        body: ClientInputSchema,
        response: { 201: ClientWithSecret, ...errorResponses('invalid_client_metadata') },
      },
    },
    async (request, reply) => {
      const created = await auditedAdminChange(
        context,
        request,
        () => context.clients.registry.create(request.body).catch(translate),
        ({ client }) => ({
          action: 'client.created',
          target: { type: 'client', id: client.id },
          details: { changes: request.body },
        }),
      );
      return reply.code(201).send({ client: await view(created.client), client_secret: created.secret });
    },
  );

  app.put(
    '/admin/clients/:clientId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Updates a client (its type cannot change)',
        params: ClientIdParams,
        body: ClientInputSchema,
        response: { 200: ClientView, ...errorResponses('invalid_client_metadata', 'not_found') },
      },
    },
    async (request) => {
      const updated = await auditedAdminChange(
        context,
        request,
        () => context.clients.registry.update(request.params.clientId, request.body).catch(translate),
        {
          action: 'client.updated',
          target: { type: 'client', id: request.params.clientId },
          details: { changes: request.body },
        },
      );
      return view(updated);
    },
  );

  app.delete(
    '/admin/clients/:clientId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Deletes a client and everything issued to it',
        params: ClientIdParams,
        response: { 204: noContentResponse('Deleted'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      await auditedAdminChange(
        context,
        request,
        () => context.clients.registry.delete(request.params.clientId).catch(translate),
        { action: 'client.deleted', target: { type: 'client', id: request.params.clientId } },
      );
      return noContent(reply);
    },
  );

  app.post(
    '/admin/clients/:clientId/secret',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-clients'],
        summary:
          'Rotates a confidential client’s secret: the new one is returned once, the old one stops working',
        params: ClientIdParams,
        response: {
          200: Type.Object({ client_id: Type.String(), client_secret: Type.String() }),
          ...errorResponses('invalid_client_metadata', 'not_found'),
        },
      },
    },
    async (request) => {
      const secret = await auditedAdminChange(
        context,
        request,
        () => context.clients.registry.rotateSecret(request.params.clientId).catch(translate),
        { action: 'client.secret_rotated', target: { type: 'client', id: request.params.clientId } },
      );
      return { client_id: request.params.clientId, client_secret: secret };
    },
  );

  registerAdminClientIconRoutes(app, context);
}
