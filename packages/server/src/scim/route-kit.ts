import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { AuditAction } from '../audit/actions.js';
import type { AuditEventInput } from '../audit/audit-log.js';
import { scimErrorResponses } from './errors.js';
import type { ConnectionRow, TokenRow } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token and its connection, set by the /scim/v2 bearer hook (public-routes.ts). */
    scimCaller?: { token: TokenRow; connection: ConnectionRow };
  }
}

export const TAG = 'scim';

/** Any JSON object; resource.ts reads and checks it attribute by attribute. */
export const Body = Type.Object({}, { additionalProperties: true });
export const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
const Projection = {
  attributes: Type.Optional(Type.String({ maxLength: 1000 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 1000 })),
};
export const ListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 1000 })),
  startIndex: Type.Optional(Type.Integer()),
  count: Type.Optional(Type.Integer()),
  ...Projection,
});
export const ProjectionQuery = Type.Object(Projection);

export function caller(request: FastifyRequest): { token: TokenRow; connection: ConnectionRow } {
  if (!request.scimCaller) throw new Error('SCIM route without its bearer hook');
  return request.scimCaller;
}

/** RFC 7644 §3.4.2.4: 1-based startIndex (below 1 means 1), count (negative means 0) capped by maxResults. */
export function paging(query: { startIndex?: number; count?: number }, maxResults: number) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(Math.max(0, query.count ?? maxResults), maxResults);
  return { startIndex, count, offset: startIndex - 1 };
}

/** What the SCIM route modules share: the base URL, the route config, error responses and the audited change. */
export function scimRouteKit(context: AppContext) {
  return {
    baseUrl: context.config.baseUrl,
    // Every public route declares who may call it; here a SCIM token, which public-routes.ts's onRequest hook
    // enforces. Nothing reads `access` yet; the public port's access declarations (another branch) will type it.
    // SCIM errors are rendered in the RFC 7644 §3.12 shape by the SCIM routes' own error handler.
    config: { access: 'scim-token', ownErrorShape: true } as const,
    errors: (...statuses: number[]) => scimErrorResponses(401, ...statuses),
    maxResults: () => context.settings.get('scim.max_results'),
    /** A SCIM change and its audit entry in one transaction, with the token as the actor. */
    audited<T>(
      request: FastifyRequest,
      action: AuditAction,
      change: () => Promise<T>,
      target: (result: T) => { type: string; id: string; details?: Record<string, unknown> },
    ): Promise<T> {
      const { token, connection } = caller(request);
      return context.audit.recordChange(change, (result): AuditEventInput => {
        const { details, ...subject } = target(result);
        return {
          action,
          outcome: 'success',
          actor: { type: 'system', id: `scim:${token.id}` },
          target: subject,
          details: { connection: connection.id, organization: connection.organizationId, ...details },
          request,
        };
      });
    },
  };
}

export type ScimRouteKit = ReturnType<typeof scimRouteKit>;
