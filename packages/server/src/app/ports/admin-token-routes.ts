import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { type Static, type TObject, Type } from 'typebox';
import type { ChangeAuthor } from '../../audit/change-author.js';
import type { App } from '../app-types.js';
import { appError, type ErrorCode, errorResponses } from '../errors.js';
import { adminActor } from './admin-audit.js';
import { noContent, noContentResponse } from './no-content.js';

/**
 * The admin API of a kind of bearer token an admin issues (admin API tokens, SCIM tokens, initial access tokens):
 * `GET <path>` lists their metadata, `POST <path>` issues one and answers its value this once, `DELETE
 * <path>/:tokenId` revokes one. The slice's service records the issue and the revocation in the audit log.
 */
export interface TokenRoutes<View extends TObject, Body extends TObject, Query extends TObject> {
  path: string;
  tag: string;
  /** The token's metadata, never its value. */
  view: View;
  /** What the issue response says of the value it carries once. */
  valueDescription: string;
  list: {
    summary: string;
    access: 'session' | 'admin-write';
    query?: Query;
    views(query: Static<Query>): Promise<Static<View>[]>;
  };
  issue: {
    summary: string;
    body: Body;
    errors?: readonly ErrorCode[];
    run(body: Static<Body>, request: FastifyRequest): Promise<{ view: Static<View>; value: string }>;
  };
  revoke: {
    summary: string;
    /** Undefined when there is no such token (answered 404 with `notFound`). */
    run(tokenId: string, by: ChangeAuthor): Promise<unknown>;
    notFound: string;
  };
}

export function registerTokenRoutes<View extends TObject, Body extends TObject, Query extends TObject>(
  typed: App,
  routes: TokenRoutes<View, Body, Query>,
): void {
  const { path, tag, view, list, issue, revoke } = routes;
  // The schemas are the caller's generic ones: TypeBox cannot infer through them, the runs are typed instead.
  const app = typed as unknown as FastifyInstance;

  app.get(
    path,
    {
      config: { access: list.access },
      schema: schemaOf({
        tags: [tag],
        summary: list.summary,
        ...(list.query ? { querystring: list.query } : {}),
        response: { 200: Type.Object({ tokens: Type.Array(view) }), ...errorResponses() },
      }),
    },
    async (request) => ({ tokens: await list.views(request.query as Static<Query>) }),
  );

  app.post(
    path,
    {
      config: { access: 'admin-write' },
      schema: schemaOf({
        tags: [tag],
        summary: issue.summary,
        body: issue.body,
        response: {
          201: Type.Object({
            ...view.properties,
            token: Type.String({ description: routes.valueDescription }),
          }),
          ...errorResponses(...(issue.errors ?? [])),
        },
      }),
    },
    async (request, reply) => {
      const issued = await issue.run(request.body as Static<Body>, request);
      return reply.code(201).send({ ...issued.view, token: issued.value });
    },
  );

  app.delete(
    `${path}/:tokenId`,
    {
      config: { access: 'admin-write' },
      schema: schemaOf({
        tags: [tag],
        summary: revoke.summary,
        params: Type.Object({ tokenId: Type.String({ maxLength: 100 }) }),
        response: { 204: noContentResponse('Revoked'), ...errorResponses('not_found') },
      }),
    },
    async (request, reply) => {
      const { tokenId } = request.params as { tokenId: string };
      if (!(await revoke.run(tokenId, adminActor(request)))) throw appError('not_found', revoke.notFound);
      return noContent(reply);
    },
  );
}

/** A token's state from its revocation and expiry times. */
export function tokenStatus(
  token: { revokedAt: Date | null; expiresAt: Date | null },
  now = new Date(),
): 'active' | 'expired' | 'revoked' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt <= now) return 'expired';
  return 'active';
}

/** An optional `expiresAt` of an issue request as a time, refused unless it is in the future. */
export function futureExpiry(expiresAt: string | undefined): Date | null {
  const expiry = expiresAt === undefined ? null : new Date(expiresAt);
  if (expiry && expiry <= new Date()) throw appError('invalid_request', 'expiresAt must be in the future');
  return expiry;
}

/** A nullable time as the API writes it. */
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A route schema as Fastify takes it, without inferring types from the caller's generic schemas. */
const schemaOf = (schema: FastifySchema): FastifySchema => schema;
