/**
 * The peer for the benchmark: `oidc-provider` (panva) in its own process on 127.0.0.1, configured like the
 * Tessera bench server — one confidential client (client_secret_basic; authorization_code, refresh_token,
 * client_credentials), introspection and revocation on, ES256 JWT access tokens for client credentials, and the
 * same key set shape Tessera publishes (current and next key for RS256, ES256 and EdDSA).
 *
 * Token formats (see docs/performance.md):
 * - client credentials: JWT (RFC 9068, ES256) via the default resource `urn:tessera-bench:api`;
 * - introspection: oidc-provider refuses to introspect JWTs, so the bench introspects an opaque client-credentials
 *   token (resource `urn:tessera-bench:opaque`), looked up in the in-memory adapter (bench/peer-adapter.mjs);
 * - userinfo: an opaque access token with a grant, created directly through the provider's models (the same
 *   records its authorization-code flow would save), since userinfo only reads them.
 *
 * For the stateful scenarios (code_exchange, refresh, sign_in) it is also the host application oidc-provider needs:
 * - the interaction routes a real deployment writes itself: `GET /interaction/:uid` (what the login page is drawn
 *   from), `POST /interaction/:uid/login` (a trivial password check: a constant-time compare against the account's
 *   password kept in memory) and `POST /interaction/:uid/confirm` (the consent page's approval, creating the grant);
 * - remembered consent, as Tessera has: the grant a user approved once is found again at the next sign-in
 *   (`loadExistingGrant`), so a returning user goes authorize → login → code without a consent page;
 * - refresh tokens for the code flow without `offline_access` (Tessera's policy: issued when the client may use
 *   the refresh_token grant), rotated on every use; a rotated-out token presented again revokes its grant
 *   (oidc-provider does that for every consumed refresh token).
 * The sign-in accounts (BENCH_SIGN_IN_USERS of them, default 50) are announced with their passwords.
 *
 * Two variants make it an honest peer where the in-memory one is a floor (docs/performance.md):
 * - BENCH_PEER_STORE=postgres: every record in PostgreSQL (BENCH_PEER_DATABASE_URL, else DATABASE_URL) through the
 *   persistent adapter of bench/peer-pg-adapter.mjs instead of Maps in this process;
 * - BENCH_PEER_PASSWORD=argon2id: the sign-in's password check verifies an Argon2id hash at OWASP's minimum
 *   parameters (m = 19 MiB, t = 2, p = 1; the hashes made at start), as a password-based provider must store them.
 * BENCH_PEER_TARGET names the variant in the ready line (peer, peer-pg, peer-argon2).
 *
 * Prints one line `BENCH_READY {publicUrl, clientId, clientSecret, userAccessToken, users, pid}` on stdout.
 */
import { generateKeyPairSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import Provider from 'oidc-provider';
import { announceReady, collectGarbageOnSignal, exitOnSignal } from './child.mjs';
import { newClientKey } from './key-flows.mjs';
import { createMapAdapter } from './peer-adapter.mjs';
import { createPostgresAdapter } from './peer-pg-adapter.mjs';

const require = createRequire(import.meta.url);
/** The installed peer version, reported with the results. */
const PEER_VERSION = /** @type {{ version: string }} */ (require('oidc-provider/package.json')).version;

const API_RESOURCE = 'urn:tessera-bench:api';
const OPAQUE_RESOURCE = 'urn:tessera-bench:opaque';
const REDIRECT_URI = 'https://rp.example/cb';

const STORE = process.env.BENCH_PEER_STORE ?? 'memory';
const PASSWORD_CHECK = process.env.BENCH_PEER_PASSWORD ?? 'compare';
if (!['memory', 'postgres'].includes(STORE)) throw new Error(`BENCH_PEER_STORE ${STORE}: memory or postgres`);
if (!['compare', 'argon2id'].includes(PASSWORD_CHECK))
  throw new Error(`BENCH_PEER_PASSWORD ${PASSWORD_CHECK}: compare or argon2id`);
/** OWASP Password Storage Cheat Sheet, Argon2id minimum: 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
const ARGON2ID = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

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

/**
 * @typedef {object} Account a user of the host application, answered from memory (the peer's accounts live
 *   wherever its host app keeps them)
 * @property {string} accountId
 * @property {{ name: string, email: string, email_verified: boolean }} claims
 * @property {Buffer} [password] for the sign-in accounts
 * @property {string} [passwordHash] its Argon2id hash (PHC string), with BENCH_PEER_PASSWORD=argon2id
 */

/** The userinfo scenario's user. @type {Account} */
const account = {
  accountId: randomUUID(),
  claims: {
    name: 'Bench User',
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    email_verified: true,
  },
};

/** The sign-in scenario's users, with passwords. */
const signInUsers = Array.from({ length: Number(process.env.BENCH_SIGN_IN_USERS || 50) }, (_, index) => ({
  accountId: randomUUID(),
  claims: {
    name: `Bench User ${index}`,
    email: `bench-${index}-${randomBytes(4).toString('hex')}@example.com`,
    email_verified: true,
  },
  password: Buffer.from(randomBytes(12).toString('base64url')),
}));
/** Every account by id, and the sign-in accounts by email. */
const accountsById = new Map([account, ...signInUsers].map((entry) => [entry.accountId, entry]));
const accountsByEmail = new Map(signInUsers.map((entry) => [entry.claims.email, entry]));
/** Argon2id hashes of the sign-in passwords, by email (made once at start, as at registration). @type {Map<string, string>} */
const passwordHashes = new Map();
if (PASSWORD_CHECK === 'argon2id') {
  for (const user of signInUsers)
    passwordHashes.set(user.claims.email, await argon2Hash(user.password, ARGON2ID));
}

/**
 * The password check of a sign-in: Argon2id verification of the stored hash, or the floor, a constant-time
 * compare with the password kept in memory.
 * @param {Account | undefined} user
 * @param {Buffer} password
 */
async function passwordMatches(user, password) {
  if (!user?.password) return false;
  if (PASSWORD_CHECK === 'argon2id') {
    const stored = passwordHashes.get(user.claims.email);
    return stored !== undefined && argon2Verify(stored, password);
  }
  return user.password.length === password.length && timingSafeEqual(user.password, password);
}

/**
 * Remembered consent: the grant each account approved (one client here), as a host application keeps it so that a
 * returning user is not asked again after a new sign-in (the provider's default finds a grant through the browser
 * session only).
 * @type {Map<string, string>}
 */
const rememberedGrants = new Map();

/**
 * The host application's interaction routes (oidc-provider leaves them to it). Answers true when it handled the
 * request.
 * @param {Provider} provider
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function interaction(provider, request, response) {
  const match = /^\/interaction\/[\w-]+(?:\/(login|confirm))?$/.exec(request.url ?? '');
  if (!match) return false;
  const action = match[1];
  const answer = (/** @type {number} */ status, /** @type {unknown} */ body) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  };
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET' && !action) {
    // What a login or consent page is drawn from.
    answer(200, { uid: details.uid, prompt: details.prompt.name, client_id: details.params.client_id });
    return true;
  }
  if (request.method !== 'POST' || !action) {
    answer(405, { error: 'method_not_allowed' });
    return true;
  }
  if (action === 'login') {
    if (details.prompt.name !== 'login') {
      answer(400, { error: 'not_a_login' });
      return true;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const user = accountsByEmail.get(form.get('email') ?? '');
    const password = Buffer.from(form.get('password') ?? '');
    if (!(await passwordMatches(user, password))) {
      answer(401, { error: 'invalid_credentials' });
      return true;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: user.accountId } },
      { mergeWithLastSubmission: false },
    );
    return true;
  }
  // The consent page's approval: everything the request asks for that the grant lacks.
  if (details.prompt.name !== 'consent') {
    answer(400, { error: 'not_a_consent' });
    return true;
  }
  const accountId = /** @type {string} */ (details.session?.accountId);
  const grant = details.grantId
    ? /** @type {InstanceType<Provider['Grant']>} */ (await provider.Grant.find(details.grantId))
    : new provider.Grant({ accountId, clientId: /** @type {string} */ (details.params.client_id) });
  const missing = /** @type {{ missingOIDCScope?: string[], missingOIDCClaims?: string[] }} */ (
    details.prompt.details
  );
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  rememberedGrants.set(accountId, grantId);
  await provider.interactionFinished(
    request,
    response,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
  return true;
}

/** The PostgreSQL store, on BENCH_PEER_DATABASE_URL or DATABASE_URL. */
function postgresStore() {
  const url = process.env.BENCH_PEER_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error('BENCH_PEER_STORE=postgres needs BENCH_PEER_DATABASE_URL or DATABASE_URL');
  return createPostgresAdapter(url);
}

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

  const store =
    STORE === 'postgres' ? await postgresStore() : { adapter: createMapAdapter(), close: async () => {} };
  const clientId = randomBytes(16).toString('base64url');
  const clientSecret = randomBytes(32).toString('base64url');
  const keyClientId = randomBytes(16).toString('base64url');
  const clientKey = newClientKey();
  const provider = new Provider(publicUrl, {
    // In memory, without the development adapter's 1,000-entry limit (bench/peer-adapter.mjs), or in PostgreSQL
    // (bench/peer-pg-adapter.mjs).
    adapter: store.adapter,
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
      // The key scenarios' client (bench/key-flows.mjs), as Tessera registers it.
      {
        client_id: keyClientId,
        client_name: 'bench key client',
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks: { keys: [clientKey.publicJwk] },
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'api',
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
      // RFC 9449, as Tessera accepts it for every client (no server nonce required, as Tessera's default).
      dPoP: { enabled: true },
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
    findAccount: (_ctx, id) => {
      const found = accountsById.get(id);
      return found ? { accountId: id, claims: () => ({ sub: id, ...found.claims }) } : undefined;
    },
    // Remembered consent (see rememberedGrants): the grant of this browser session, else the one the account
    // approved before.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ||
        ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId) ||
        (ctx.oidc.session?.accountId ? rememberedGrants.get(ctx.oidc.session.accountId) : undefined);
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    // Tessera's policy: a refresh token whenever the client may use the grant, rotated on every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 3600,
      ClientCredentials: 3600,
      Grant: 14 * 24 * 3600,
      // Tessera's lifetimes: codes 60 s, refresh families 30 days, ID tokens 10 minutes.
      AuthorizationCode: 60,
      RefreshToken: 30 * 24 * 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 14 * 24 * 3600,
    },
  });
  const callback = provider.callback();
  handler = (request, response) => {
    // Everything but the interaction routes goes straight to the provider, as before.
    if (!request.url?.startsWith('/interaction/')) return callback(request, response);
    interaction(provider, request, response)
      .then((handled) => {
        if (!handled) callback(request, response);
      })
      .catch((error) => {
        console.error('peer interaction failed', error);
        if (!response.headersSent) response.statusCode = 500;
        response.end();
      });
  };

  return {
    provider,
    publicUrl,
    clientId,
    clientSecret,
    keyClientId,
    keyClientJwk: clientKey.privateJwk,
    version: PEER_VERSION,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))).then(() => store.close()),
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
collectGarbageOnSignal();
announceReady({
  target: process.env.BENCH_PEER_TARGET ?? 'peer',
  publicUrl: peer.publicUrl,
  clientId: peer.clientId,
  clientSecret: peer.clientSecret,
  keyClientId: peer.keyClientId,
  keyClientJwk: peer.keyClientJwk,
  userAccessToken: await userAccessToken(peer.provider, peer.clientId),
  users: signInUsers.map((user) => ({
    email: user.claims.email,
    password: user.password.toString('utf8'),
    sub: user.accountId,
  })),
  pid: process.pid,
  server:
    `oidc-provider ${peer.version} (${STORE === 'postgres' ? 'PostgreSQL adapter' : 'in-memory Map adapter'}, ` +
    `${PASSWORD_CHECK === 'argon2id' ? 'Argon2id m=19456 t=2 p=1' : 'constant-time compare'} password check)`,
  // oidc-provider refuses to introspect JWTs: the introspected token is an opaque client-credentials token.
  introspectionTokenParameters: { resource: OPAQUE_RESOURCE },
});
