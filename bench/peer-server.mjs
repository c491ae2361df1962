/**
 * The peer for the benchmark: `oidc-provider` (panva) in its own process on 127.0.0.1, configured like the
 * Tessera bench server — one confidential client (client_secret_basic; authorization_code, refresh_token,
 * client_credentials), introspection and revocation on, ES256 JWT access tokens for client credentials, and the
 * same key set shape Tessera publishes (current and next key for RS256, ES256 and EdDSA).
 *
 * Token formats (see docs/performance.md):
 * - client credentials: JWT (RFC 9068, ES256) via the default resource `urn:tessera-bench:api`;
 * - introspection: oidc-provider refuses to introspect JWTs, so the bench introspects an opaque client-credentials
 *   token (resource `urn:tessera-bench:opaque`), looked up in the in-memory adapter;
 * - userinfo: an opaque access token with a grant, created directly through the provider's models (the same
 *   records its authorization-code flow would save), since userinfo only reads them.
 *
 * Prints one line `BENCH_READY {publicUrl, clientId, clientSecret, userAccessToken, pid}` on stdout.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import Provider from 'oidc-provider';
import { announceReady, exitOnSignal } from './child.mjs';

const require = createRequire(import.meta.url);
/** The installed peer version, reported with the results. */
const PEER_VERSION = /** @type {{ version: string }} */ (require('oidc-provider/package.json')).version;

const API_RESOURCE = 'urn:tessera-bench:api';
const OPAQUE_RESOURCE = 'urn:tessera-bench:opaque';
const REDIRECT_URI = 'https://rp.example/cb';

/**
 * A private JWK for one algorithm, with kid, alg and use as the provider's keystore wants them.
 * @param {'RS256' | 'ES256' | 'EdDSA'} alg
 */
function privateJwk(alg) {
  const { privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : alg === 'ES256'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('ed25519');
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg, use: 'sig' };
}

/** The one bench user, answered from memory (the peer's accounts live wherever its host app keeps them). */
const account = {
  accountId: randomUUID(),
  claims: {
    name: 'Bench User',
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    email_verified: true,
  },
};

/**
 * Starts the peer: listens first (port 0) so the issuer can name the real port, then attaches the provider.
 * @returns {Promise<{ provider: Provider, publicUrl: string, clientId: string, clientSecret: string,
 *   version: string, close: () => Promise<void> }>}
 */
async function startPeer() {
  /** @type {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} */
  let handler = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handler(request, response));
  const host = process.env.BENCH_HOST ?? '127.0.0.1';
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.BENCH_PORT ?? 0), host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const publicUrl = `http://${host}:${address.port}`;

  const clientId = randomBytes(16).toString('base64url');
  const clientSecret = randomBytes(32).toString('base64url');
  const provider = new Provider(publicUrl, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'bench',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        response_types: ['code'],
        redirect_uris: [REDIRECT_URI],
        scope: 'openid profile email api offline_access',
      },
    ],
    jwks: {
      keys: /** @type {const} */ (['RS256', 'RS256', 'ES256', 'ES256', 'EdDSA', 'EdDSA']).map(privateJwk),
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'profile', 'email', 'offline_access', 'api'],
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Client credentials without a `resource` get the API (JWT); user flows keep userinfo-only opaque tokens.
        defaultResource: (ctx) =>
          ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials'
            ? API_RESOURCE
            : undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource === API_RESOURCE) {
            return { scope: 'api', accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
          }
          if (resource === OPAQUE_RESOURCE) return { scope: 'api', accessTokenFormat: 'opaque' };
          throw new Provider.errors.InvalidTarget();
        },
      },
    },
    findAccount: (_ctx, id) =>
      id === account.accountId
        ? { accountId: id, claims: () => ({ sub: id, ...account.claims }) }
        : undefined,
    ttl: { AccessToken: 3600, ClientCredentials: 3600, Grant: 14 * 24 * 3600 },
  });
  handler = provider.callback();

  return {
    provider,
    publicUrl,
    clientId,
    clientSecret,
    version: PEER_VERSION,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * A user access token for userinfo: a grant for the bench user and an opaque access token on it, saved through the
 * provider's own models (what its authorization-code flow would save).
 * @param {Provider} provider
 * @param {string} clientId
 * @returns {Promise<string>}
 */
async function userAccessToken(provider, clientId) {
  const client = await provider.Client.find(clientId);
  const grant = new provider.Grant({ accountId: account.accountId, clientId });
  grant.addOIDCScope('openid profile email');
  const grantId = await grant.save();
  const token = new provider.AccessToken({
    accountId: account.accountId,
    client,
    grantId,
    scope: 'openid profile email',
    gty: 'authorization_code',
  });
  return token.save();
}

const peer = await startPeer();
exitOnSignal(peer.close);
announceReady({
  target: 'peer',
  publicUrl: peer.publicUrl,
  clientId: peer.clientId,
  clientSecret: peer.clientSecret,
  userAccessToken: await userAccessToken(peer.provider, peer.clientId),
  pid: process.pid,
  server: `oidc-provider ${peer.version} (in-memory adapter)`,
  // oidc-provider refuses to introspect JWTs: the introspected token is an opaque client-credentials token.
  introspectionTokenParameters: { resource: OPAQUE_RESOURCE },
});
