import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { buildDiscoveryDocument } from './discovery.js';

const Jwk = Type.Object(
  {
    kty: Type.String(),
    kid: Type.String(),
    alg: Type.String(),
    use: Type.Literal('sig'),
    crv: Type.Optional(Type.String()),
    x: Type.Optional(Type.String()),
    y: Type.Optional(Type.String()),
    n: Type.Optional(Type.String()),
    e: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
const JwkSet = Type.Object({ keys: Type.Array(Jwk) });

/** Discovery and JWKS: public, cacheable, readable from browser-based relying parties (CORS). */
export function registerDiscoveryRoutes(app: App, context: AppContext): void {
  // The issuer is fixed configuration; only the PAR policy is a setting, so there are two documents at most.
  const documents = new Map<boolean, string>();
  const discoveryJson = () => {
    const requirePushedAuthorizationRequests = context.settings.get(
      'clients.require_pushed_authorization_requests',
    );
    let json = documents.get(requirePushedAuthorizationRequests);
    if (json === undefined) {
      json = JSON.stringify(buildDiscoveryDocument(context.config, { requirePushedAuthorizationRequests }));
      documents.set(requirePushedAuthorizationRequests, json);
    }
    return json;
  };

  app.get(
    '/.well-known/openid-configuration',
    {
      config: { access: 'public' },
      schema: {
        tags: ['oidc'],
        summary: 'OpenID Provider metadata (OIDC Discovery 1.0)',
        response: {
          200: { description: 'Provider metadata', content: { 'application/json': { schema: {} } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .type('application/json')
        .send(discoveryJson()),
  );

  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['oidc'],
        summary: 'Public signing keys (next, current and retired) with kid, alg and use',
        response: {
          200: { description: 'JSON Web Key Set', content: { 'application/json': { schema: JwkSet } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', `public, max-age=${context.settings.get('signing.jwks_max_age_seconds')}`)
        .header('access-control-allow-origin', '*')
        .type('application/json')
        // Serialized once per key-set change from public members only (SigningKeyService.load).
        .send(context.signingKeys.jwks() as never),
  );
}
