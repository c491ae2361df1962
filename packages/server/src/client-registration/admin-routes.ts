import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { adminActor } from '../app/ports/admin-audit.js';
import { actingAdminId } from '../app/ports/admin-port.js';
import { isoOrNull, registerTokenRoutes } from '../app/ports/admin-token-routes.js';
import {
  CursorParameter,
  decodeCursorKey,
  encodeCursor,
  NextAfterField,
  pageLimitParameter,
} from '../app/ports/keyset.js';
import { initialAccessTokenStatus } from './initial-access-tokens.js';
import type { ClientRegistrationRow, InitialAccessTokenRow, RegistrationPosition } from './store.js';

const TAG = 'admin-clients';

/** The most clients one registrations request may ask about: the client list's largest page (docs/admin.md). */
const MAX_REGISTRATIONS_ASKED = 200;

/** Registrations per page of `GET /admin/client-registrations` when the caller does not say, and the most. */
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** The registration listing's cursors (app/ports/keyset.ts): the last one's registration time and client id. */
const REGISTRATIONS_LISTING = 'client-registrations';

/**
 * A registration time as the listing's cursor carries it: UTC, to the microsecond, as PostgreSQL keeps it (year 1
 * onwards: PostgreSQL has no year 0).
 */
const MICROSECOND_TIME = /^((?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;

/** Where a page of the registration listing starts, from its `after` cursor; `invalid_cursor` for anything else. */
function registrationPosition(after: string): RegistrationPosition {
  const [registeredAt, clientId] = decodeCursorKey(REGISTRATIONS_LISTING, after, 2) as [string, string];
  const milliseconds = MICROSECOND_TIME.exec(registeredAt)?.[1];
  // A time no row could have (a 30th of February, a 25th hour) is refused here, not by the database as a 500.
  const real =
    milliseconds !== undefined &&
    !Number.isNaN(Date.parse(`${milliseconds}Z`)) &&
    new Date(`${milliseconds}Z`).toISOString() === `${milliseconds}Z`;
  if (!real)
    throw appError(
      'invalid_cursor',
      'after is not a cursor of this listing: pass the next_after of its previous page',
    );
  return { registeredAt, clientId };
}

/** Metadata only; the plaintext appears once, in the create response. */
const InitialAccessTokenView = Type.Object({
  id: Type.String(),
  description: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart' }),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  max_uses: Type.Union([Type.Integer(), Type.Null()], { description: 'Null: unlimited until it expires' }),
  uses: Type.Integer(),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Union([
    Type.Literal('active'),
    Type.Literal('expired'),
    Type.Literal('revoked'),
    Type.Literal('used_up'),
  ]),
});

const RegistrationView = Type.Object({
  client_id: Type.String(),
  method: Type.Union([Type.Literal('initial_access_token'), Type.Literal('open')], {
    description: 'Registered with an initial access token, or by open registration',
  }),
  initial_access_token: Type.Union(
    [Type.Object({ id: Type.String(), description: Type.String(), prefix: Type.String() }), Type.Null()],
    { description: 'The initial access token it was registered with (null for open registration)' },
  ),
  software_id: Type.Union([Type.String(), Type.Null()]),
  software_version: Type.Union([Type.String(), Type.Null()]),
  registered_at: Type.String({ format: 'date-time' }),
  registered_from: Type.Union([Type.String(), Type.Null()], { description: 'The IP address it came from' }),
});

function tokenView(token: InitialAccessTokenRow) {
  return {
    id: token.id,
    description: token.description,
    prefix: token.prefix,
    created_by: token.createdBy,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    max_uses: token.maxUses,
    uses: token.uses,
    last_used_at: isoOrNull(token.lastUsedAt),
    revoked_at: isoOrNull(token.revokedAt),
    status: initialAccessTokenStatus(token),
  };
}

/**
 * Admin API for Dynamic Client Registration (docs/client-registration.md): initial access tokens, and how a client
 * was registered. Issuing and revoking tokens is for write admins; both are audited.
 */
export function registerAdminClientRegistrationRoutes(app: App, context: AppContext): void {
  const { initialAccessTokens, registrations } = context.clientRegistration;

  const registrationView = async (
    registration: ClientRegistrationRow,
    tokens?: Map<string, InitialAccessTokenRow>,
  ) => {
    const tokenId = registration.initialAccessTokenId;
    const token =
      tokenId === null ? undefined : (tokens?.get(tokenId) ?? (await initialAccessTokens.find(tokenId)));
    return {
      client_id: registration.clientId,
      method: registration.method as 'initial_access_token' | 'open',
      initial_access_token: token
        ? { id: token.id, description: token.description, prefix: token.prefix }
        : null,
      software_id: registration.softwareId,
      software_version: registration.softwareVersion,
      registered_at: registration.registeredAt.toISOString(),
      registered_from: registration.registeredFrom,
    };
  };

  registerTokenRoutes(app, {
    path: '/admin/initial-access-tokens',
    tag: TAG,
    view: InitialAccessTokenView,
    valueDescription: 'The bearer token, shown once',
    list: {
      summary: 'Lists initial access tokens for Dynamic Client Registration (metadata, never the tokens)',
      access: 'session',
      views: async () => (await initialAccessTokens.list()).map(tokenView),
    },
    issue: {
      summary: 'Issues an initial access token (RFC 7591 §3); the token is returned this once',
      body: Type.Object(
        {
          description: Type.String({ minLength: 1, maxLength: 200 }),
          expires_in_seconds: Type.Optional(
            Type.Integer({
              minimum: 60,
              maximum: 365 * 86_400,
              description: 'How long it stays valid; default 7 days',
            }),
          ),
          max_uses: Type.Optional(
            Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], {
              description: 'How many clients it may register; null or absent: unlimited until it expires',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      run: async ({ description, expires_in_seconds, max_uses }, request) => {
        const created = await initialAccessTokens.issue(
          {
            description,
            expiresInSeconds: expires_in_seconds,
            maxUses: max_uses ?? null,
            createdBy: actingAdminId(request),
          },
          adminActor(request),
        );
        return { view: tokenView(created.token), value: created.plaintext };
      },
    },
    revoke: {
      summary: 'Revokes an initial access token; clients it registered stay',
      run: (tokenId, by) => initialAccessTokens.revoke(tokenId, by),
      notFound: 'no such initial access token',
    },
  });

  app.get(
    '/admin/client-registrations',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          'Lists the dynamically registered clients and how each was registered, newest first; with client_id, ' +
          'only those clients; page with after=<next_after>',
        querystring: Type.Object({
          client_id: Type.Optional(
            Type.Array(Type.String({ maxLength: 64 }), {
              minItems: 1,
              maxItems: MAX_REGISTRATIONS_ASKED,
              description:
                'Repeatable: answer for these clients only (a page of the client list), those that registered ' +
                'themselves; without it, every registration, a page at a time',
            }),
          ),
          after: Type.Optional(CursorParameter),
          limit: Type.Optional(pageLimitParameter('Registrations', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
        }),
        response: {
          200: Type.Object({
            registrations: Type.Array(RegistrationView),
            next_after: NextAfterField,
          }),
          ...errorResponses('invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { client_id: asked, after, limit = DEFAULT_PAGE_SIZE } = request.query;
      const page = await registrations.pageRegistrations({
        clientIds: asked ?? null,
        after: after === undefined ? null : registrationPosition(after),
        limit,
      });
      // The few initial access tokens this page's registrations name, not every token.
      const tokenIds = [...new Set(page.entries.flatMap((row) => row.initialAccessTokenId ?? []))];
      const found = await Promise.all(tokenIds.map((id) => initialAccessTokens.find(id)));
      const tokens = new Map(found.flatMap((token) => (token ? [[token.id, token] as const] : [])));
      return {
        registrations: await Promise.all(page.entries.map((row) => registrationView(row, tokens))),
        next_after: page.next
          ? encodeCursor(REGISTRATIONS_LISTING, page.next.registeredAt, page.next.clientId)
          : null,
      };
    },
  );

  app.get(
    '/admin/clients/:clientId/registration',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Whether a client registered itself (Dynamic Client Registration), and how',
        params: Type.Object({ clientId: Type.String({ maxLength: 64 }) }),
        response: {
          200: Type.Object({
            dynamically_registered: Type.Boolean({
              description:
                'false for a client an administrator created (it has no registration access token)',
            }),
            registration: Type.Union([RegistrationView, Type.Null()]),
          }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      if (!(await context.clients.registry.find(clientId))) throw appError('not_found', 'no such client');
      const registration = await registrations.registrationOf(clientId);
      return {
        dynamically_registered: registration !== undefined,
        registration: registration ? await registrationView(registration) : null,
      };
    },
  );
}
