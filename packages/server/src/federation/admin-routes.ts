import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { registerConnectionRoutes } from '../app/ports/admin-connection-routes.js';
import type { Connection, ConnectionInput } from './connections.js';
import { challengeRecord } from './domains.js';
import { federationError } from './errors.js';
import { CALLBACK_PATH } from './services.js';

const TAG = 'admin-federation';
const Url = Type.String({ minLength: 1, maxLength: 2000 });
const Id = Type.String({ maxLength: 100 });
const LinkingPolicy = Type.Union(
  [Type.Literal('disabled'), Type.Literal('email_verified'), Type.Literal('email')],
  {
    description:
      'Linking to an existing account by email: email_verified (recommended) or email; both need a verified upstream email in a verified domain of the connection',
  },
);
const ClaimName = Type.String({ minLength: 1, maxLength: 100 });
const ClaimMapping = Type.Object(
  {
    email: Type.Optional(ClaimName),
    name: Type.Optional(ClaimName),
    emailVerified: Type.Optional(ClaimName),
  },
  { additionalProperties: false, description: 'Upstream claim names for email, name and email_verified' },
);

/** The connection payload (the secret write-only). */
const ConnectionBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    issuer: Url,
    clientId: Type.String({ minLength: 1, maxLength: 500 }),
    clientSecret: Type.Optional(
      Type.String({ maxLength: 2000, description: 'Write-only; replaces the stored secret; "" removes it' }),
    ),
    discoveryUrl: Type.Optional(Type.Union([Url, Type.Null()])),
    authorizationEndpoint: Type.Optional(Url),
    tokenEndpoint: Type.Optional(Url),
    jwksUri: Type.Optional(Url),
    userinfoEndpoint: Type.Optional(Type.Union([Url, Type.Null()])),
    scopes: Type.Optional(
      Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,100}$' }), {
        minItems: 1,
        maxItems: 20,
      }),
    ),
    claimMapping: Type.Optional(ClaimMapping),
    accountLinkingPolicy: Type.Optional(LinkingPolicy),
    jitProvisioning: Type.Optional(
      Type.Boolean({
        description: 'Create an account at the first sign-in (verified email in a verified domain)',
      }),
    ),
    trustUpstreamMfa: Type.Optional(
      Type.Boolean({ description: 'An upstream amr containing mfa stands for the second factor' }),
    ),
    allowLocalAccounts: Type.Optional(
      Type.Boolean({
        description:
          'Addresses in the verified domains may also register, be created or be changed to locally (off: only through this connection)',
      }),
    ),
    domains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 50 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const DomainView = Type.Object({
  domain: Type.String(),
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  verifiedBy: Type.Union([Type.Literal('dns'), Type.Literal('admin'), Type.Null()]),
  txtRecordName: Type.String({ description: 'Publish a TXT record with this name...' }),
  txtRecordValue: Type.String({ description: '...holding this value, then ask for verification' }),
});

const ConnectionView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  hasClientSecret: Type.Boolean(),
  discoveryUrl: Type.Union([Type.String(), Type.Null()]),
  authorizationEndpoint: Type.String(),
  tokenEndpoint: Type.String(),
  jwksUri: Type.String(),
  userinfoEndpoint: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  claimMapping: ClaimMapping,
  accountLinkingPolicy: LinkingPolicy,
  jitProvisioning: Type.Boolean(),
  trustUpstreamMfa: Type.Boolean(),
  allowLocalAccounts: Type.Boolean(),
  domains: Type.Array(Type.String()),
  domainVerification: Type.Array(DomainView),
  enabled: Type.Boolean(),
  redirectUri: Type.String({ description: 'The redirect URI to register at the provider' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const DiscoveryView = Type.Object({
  issuer: Type.String(),
  authorizationEndpoint: Type.String(),
  tokenEndpoint: Type.String(),
  jwksUri: Type.String(),
  userinfoEndpoint: Type.Union([Type.String(), Type.Null()]),
  scopesSupported: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

/** What an audit entry may say about a change: never the secret, only whether one was given. */
function auditedChanges(body: ConnectionInput): Record<string, unknown> {
  const { clientSecret, ...rest } = body;
  return { ...rest, ...(clientSecret === undefined ? {} : { clientSecretReplaced: true }) };
}

/** Admin API for upstream connections (docs/federation.md#admin-api-admin-port); every change is audited. */
export function registerAdminFederationRoutes(app: App, context: AppContext): void {
  const redirectUri = `${context.config.baseUrl.replace(/\/$/, '')}${CALLBACK_PATH}`;
  const view = ({ row, domains }: Connection) => ({
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed !== null,
    discoveryUrl: row.discoveryUrl,
    authorizationEndpoint: row.authorizationEndpoint,
    tokenEndpoint: row.tokenEndpoint,
    jwksUri: row.jwksUri,
    userinfoEndpoint: row.userinfoEndpoint,
    scopes: row.scopes,
    claimMapping: row.claimMapping,
    accountLinkingPolicy: row.accountLinkingPolicy as ConnectionInput['accountLinkingPolicy'] & string,
    jitProvisioning: row.jitProvisioning,
    trustUpstreamMfa: row.trustUpstreamMfa,
    allowLocalAccounts: row.allowLocalAccounts,
    domains: domains.map((domain) => domain.domain),
    domainVerification: domains.map((domain) => {
      const record = challengeRecord(domain);
      return {
        domain: domain.domain,
        verified: domain.verifiedAt !== null,
        verifiedAt: domain.verifiedAt?.toISOString() ?? null,
        verifiedBy: domain.verifiedBy as 'dns' | 'admin' | null,
        txtRecordName: record.name,
        txtRecordValue: record.value,
      };
    }),
    enabled: row.enabled,
    redirectUri,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const upstreamErrors = ['invalid_upstream_metadata', 'upstream_refused', 'upstream_unavailable'] as const;
  const connection = registerConnectionRoutes(app, context, {
    path: '/admin/federation/connections',
    idParam: 'id',
    tag: TAG,
    view: ConnectionView,
    toView: view,
    idOf: ({ row }) => row.id,
    notFound: 'no such federation connection',
    audit: {
      target: 'federation_connection',
      created: 'federation.connection.created',
      updated: 'federation.connection.updated',
      deleted: 'federation.connection.deleted',
    },
    list: {
      summary: 'Lists upstream connections (never their secrets)',
      rows: () => context.federation.connections.list(),
    },
    get: { summary: 'Reads one connection', row: (id) => context.federation.connections.find(id) },
    create: {
      summary: 'Creates a connection; endpoints left out are filled by discovery from the issuer',
      body: ConnectionBody,
      errors: upstreamErrors,
      run: (body) => context.federation.connections.create(body),
      details: (body) => auditedChanges(body),
    },
    update: {
      method: 'PUT',
      summary:
        'Updates a connection; a clientSecret given replaces the stored one; domains kept stay verified',
      body: ConnectionBody,
      errors: ['not_found', ...upstreamErrors],
      run: (id, body) => context.federation.connections.update(id, body),
      details: (body) => auditedChanges(body),
    },
    delete: {
      summary: 'Deletes a connection, its domains and its links (the accounts stay)',
      run: (id) => context.federation.connections.delete(id),
    },
  });

  app.post(
    '/admin/federation/connections/:id/domains/:domain/verify',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Verifies a domain of the connection: by its DNS TXT challenge (method dns), or by the admin’s decision (method admin)',
        params: Type.Object({ id: Id, domain: Type.String({ minLength: 1, maxLength: 253 }) }),
        body: Type.Object(
          { method: Type.Union([Type.Literal('dns'), Type.Literal('admin')]) },
          { additionalProperties: false },
        ),
        response: {
          200: ConnectionView,
          ...errorResponses('not_found', 'unknown_domain', 'domain_not_verified', 'domain_taken'),
        },
      },
    },
    async (request) => {
      const { id, domain } = request.params;
      const { method } = request.body;
      if (!(await context.federation.connections.find(id))) throw connection.notFound();
      const listed = await context.federation.connections.findDomain(id, domain);
      if (!listed) throw federationError('unknown_domain', 'this connection does not list that domain');
      if (method === 'dns' && !(await context.federation.domains.challengeHolds(listed))) {
        const record = challengeRecord(listed);
        throw federationError(
          'domain_not_verified',
          `no TXT record ${record.name} holding the challenge value was found`,
        );
      }
      await auditedAdminChange(
        context,
        request,
        () => context.federation.connections.markDomainVerified(id, listed.domain, method),
        connection.action('federation.domain.verified', id, { domain: listed.domain, method }),
      );
      return view((await context.federation.connections.find(id))!);
    },
  );

  app.get(
    '/admin/federation/domain-route',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Previews domain routing: which connection an email address or domain signs in through',
        querystring: Type.Object(
          {
            email: Type.String({ minLength: 1, maxLength: 320, description: 'An email address or a domain' }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            domain: Type.String(),
            route: Type.Union([Type.Literal('federation'), Type.Literal('local')]),
            connection: Type.Union([
              Type.Object({ id: Type.String(), name: Type.String(), enabled: Type.Boolean() }),
              Type.Null(),
            ]),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const { domain, route } = await context.federation.domains.preview(request.query.email);
      return {
        domain,
        route: route?.enabled ? ('federation' as const) : ('local' as const),
        connection: route ? { id: route.id, name: route.name, enabled: route.enabled } : null,
      };
    },
  );

  app.get(
    '/admin/federation/oidc/discovery',
    {
      // An outbound request on the admin's behalf: write admins only (the outbound policy applies as well).
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Fetches an issuer’s public HTTPS OpenID discovery metadata (to fill a connection’s endpoints)',
        querystring: Type.Object({ issuer: Url }, { additionalProperties: false }),
        response: { 200: DiscoveryView, ...errorResponses(...upstreamErrors) },
      },
    },
    async (request) => context.federation.upstream.discover(request.query.issuer),
  );
}
