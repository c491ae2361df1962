import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { adminCaller } from '../app/ports/admin-port.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { ADMIN_TOKEN_SCOPES } from './token-scopes.js';
import type { AdminTokenWithCreator } from './tokens.js';

/** Not an area of admin/token-scopes.ts: API tokens can never create, list or revoke API tokens. */
const TAG = 'admin-tokens';
const Scope = Type.Union(ADMIN_TOKEN_SCOPES.map((scope) => Type.Literal(scope)));
const Timestamp = Type.String({ format: 'date-time' });
const OptionalTimestamp = Type.Union([Timestamp, Type.Null()]);

/** Metadata only: the plaintext appears once, in the create response. */
const TokenView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart' }),
  scopes: Type.Array(Type.String()),
  createdBy: Type.Object({ id: Type.String(), email: Type.String() }),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()], {
    description: 'When the token was last used, to the minute',
  }),
  expiresAt: OptionalTimestamp,
  revokedAt: OptionalTimestamp,
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function tokenView({ token, creator }: AdminTokenWithCreator) {
  const status = token.revokedAt
    ? ('revoked' as const)
    : token.expiresAt && token.expiresAt <= new Date()
      ? ('expired' as const)
      : ('active' as const);
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    createdBy: { id: creator.id, email: creator.email },
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    expiresAt: iso(token.expiresAt),
    revokedAt: iso(token.revokedAt),
    status,
  };
}

const noToken = () => appError('not_found', 'no such admin API token');

/**
 * Admin API tokens (docs/admin-api-tokens.md): listed by any admin, created and revoked by a write admin signed in
 * to the portal. Every change is audited.
 */
export function registerAdminTokenRoutes(app: App, context: AppContext): void {
  const tokens = context.admin.tokens;

  app.get(
    '/admin/tokens',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists admin API tokens (metadata only)',
        response: { 200: Type.Object({ tokens: Type.Array(TokenView) }), ...errorResponses() },
      },
    },
    async () => ({ tokens: (await tokens.list()).map(tokenView) }),
  );

  app.post(
    '/admin/tokens',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Creates an admin API token; its value is in this response only',
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            scopes: Type.Array(Scope, {
              minItems: 1,
              maxItems: ADMIN_TOKEN_SCOPES.length,
              uniqueItems: true,
            }),
            expiresAt: Type.Optional(Timestamp),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            ...TokenView.properties,
            token: Type.String({ description: 'The bearer value, shown once' }),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const { name, scopes, expiresAt } = request.body;
      const expiry = expiresAt === undefined ? null : new Date(expiresAt);
      if (expiry && expiry <= new Date())
        throw appError('invalid_request', 'expiresAt must be in the future');
      const admin = adminCaller(request).admin;
      const created = await auditedAdminChange(
        context,
        request,
        () => tokens.create({ name, scopes, expiresAt: expiry, createdBy: admin.id }),
        (result) => ({
          action: 'admin_token.created',
          target: { type: 'admin_token', id: result.token.id },
          details: { name, scopes, prefix: result.token.prefix, expires_at: expiresAt ?? null },
        }),
      );
      const view = tokenView({ token: created.token, creator: admin });
      return reply.code(201).send({ ...view, token: created.plaintext });
    },
  );

  app.delete(
    '/admin/tokens/:tokenId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary: 'Revokes an admin API token at once, on every node (its revocation time is kept)',
        params: Type.Object({ tokenId: Type.String({ maxLength: 100 }) }),
        response: { 204: noContentResponse('Revoked'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { tokenId } = request.params;
      await auditedAdminChange(
        context,
        request,
        async () => {
          if (!(await tokens.revoke(tokenId))) throw noToken();
        },
        { action: 'admin_token.revoked', target: { type: 'admin_token', id: tokenId } },
      );
      return noContent(reply);
    },
  );
}
