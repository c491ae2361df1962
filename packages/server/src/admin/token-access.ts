import type { FastifyRequest } from 'fastify';
import type { Access, BearerTokenAccess } from '../app/access.js';
import { ApiError } from '../app/errors.js';
import { neededScope, routeArea, scopeAllows } from './token-scopes.js';
import type { AdminTokenService } from './tokens.js';

const invalidToken = () =>
  new ApiError(401, 'admin_token_invalid', 'unknown, expired or revoked admin API token');

/**
 * The admin port's API tokens in its access hook (docs/admin-api-tokens.md): the token's row is read on every call
 * (a revocation holds at once on every node), the route's area (its OpenAPI tag, admin/token-scopes.ts) and method
 * decide the scope it needs, and a change also needs the token's creator to be a write admin still. A route with no
 * area is refused to every token.
 */
export function adminTokenAccess(tokens: AdminTokenService): BearerTokenAccess {
  return {
    async enforce(request: FastifyRequest, access: Access, value: string): Promise<void> {
      const found = await tokens.authenticate(value);
      if (!found) throw invalidToken();
      const area = routeArea(request.routeOptions.schema?.tags, access);
      if (area === null) {
        throw new ApiError(403, 'admin_token_scope_required', 'admin API tokens cannot call this route');
      }
      if (!scopeAllows(found.token.scopes, area, request.method)) {
        throw new ApiError(
          403,
          'admin_token_scope_required',
          `this call needs the scope ${neededScope(area, request.method)}`,
        );
      }
      if (access === 'admin-write' && found.creator.role !== 'write') {
        throw new ApiError(403, 'write_admin_required', 'the token’s creator is no longer a write admin');
      }
      request.adminToken = {
        id: found.token.id,
        name: found.token.name,
        scopes: found.token.scopes,
        createdBy: found.creator.id,
      };
    },
  };
}
