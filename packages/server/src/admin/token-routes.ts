import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { adminActor } from '../app/ports/admin-audit.js';
import { adminCaller } from '../app/ports/admin-port.js';
import {
  futureExpiry,
  isoOrNull,
  registerTokenRoutes,
  tokenStatus,
} from '../app/ports/admin-token-routes.js';
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

function tokenView({ token, creator }: AdminTokenWithCreator) {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    createdBy: { id: creator.id, email: creator.email },
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: isoOrNull(token.lastUsedAt),
    expiresAt: isoOrNull(token.expiresAt),
    revokedAt: isoOrNull(token.revokedAt),
    status: tokenStatus(token),
  };
}

/**
 * Admin API tokens (docs/admin-api-tokens.md): listed by any admin, created and revoked by a write admin signed in
 * to the portal. Every change is audited.
 */
export function registerAdminTokenRoutes(app: App, context: AppContext): void {
  const tokens = context.admin.tokens;
  registerTokenRoutes(app, {
    path: '/admin/tokens',
    tag: TAG,
    view: TokenView,
    valueDescription: 'The bearer value, shown once',
    list: {
      summary: 'Lists admin API tokens (metadata only)',
      access: 'session',
      views: async () => (await tokens.list()).map(tokenView),
    },
    issue: {
      summary: 'Creates an admin API token; its value is in this response only',
      body: Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 200 }),
          scopes: Type.Array(Scope, { minItems: 1, maxItems: ADMIN_TOKEN_SCOPES.length, uniqueItems: true }),
          expiresAt: Type.Optional(Timestamp),
        },
        { additionalProperties: false },
      ),
      run: async ({ name, scopes, expiresAt }, request) => {
        const expiry = futureExpiry(expiresAt);
        const admin = adminCaller(request).admin;
        const created = await tokens.issue(
          { name, scopes, expiresAt: expiry, createdBy: admin.id },
          adminActor(request),
        );
        return { view: tokenView({ token: created.token, creator: admin }), value: created.plaintext };
      },
    },
    revoke: {
      summary: 'Revokes an admin API token at once, on every node (its revocation time is kept)',
      run: (tokenId, by) => tokens.revoke(tokenId, by),
      notFound: 'no such admin API token',
    },
  });
}
