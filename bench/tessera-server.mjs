/**
 * Tessera for the benchmark, in its own process on 127.0.0.1: the compiled server (packages/server/dist, built by
 * `npm run build`, or the build named by BENCH_TESSERA_DIST), on PostgreSQL when DATABASE_URL is set, else on a fresh embedded database in a temp dir (the
 * embedded database cannot be shared between processes, so seeding happens here, through the in-process services).
 *
 * Seeds a confidential client (authorization_code, refresh_token, client_credentials; scopes openid profile email
 * api), a user and a signed-in session, then obtains a user access token through the real authorization-code flow
 * over HTTP (authorize → consent approval → token). Access tokens are ES256 JWTs (RFC 9068) for both the client and
 * the user. Self-registration is opened and the sign-in rate limits raised for the sign-in scenario (see seed);
 * the stateful scenarios prepare everything else they need over HTTP (bench/flows.mjs).
 *
 * Prints one line `BENCH_READY {publicUrl, clientId, clientSecret, userAccessToken, pid}` on stdout; logs go to
 * stderr at level `warn`. With BENCH_CPU_PROFILE=<file>, the V8 CPU profile of everything after seeding is written
 * to that file at shutdown.
 *
 * For the capacity, memory and scale-out scripts: BENCH_PROBE=1 counts the SQL statements the node sends, turns the
 * housekeeping and key-maintenance timers off (the scripts run them on demand) and serves a control port
 * (bench/probe.mjs), announced as `probeUrl`. BENCH_SEED=0 skips the seeding: a further node on a PostgreSQL
 * database another node seeded, which then also needs that node's TESSERA_KEK and issuer (TESSERA_BASE_URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceReady, collectGarbageOnSignal, exitOnSignal, startCpuProfile } from './child.mjs';
import { newClientKey } from './key-flows.mjs';
import { countStatements, startProbe } from './probe.mjs';

// The compiled server; BENCH_TESSERA_DIST may name another build of it (to measure a candidate change).
const dist = process.env.BENCH_TESSERA_DIST
  ? pathToFileURL(`${process.env.BENCH_TESSERA_DIST.replace(/\/$/, '')}/`)
  : new URL('../packages/server/dist/', import.meta.url);
/** @type {typeof import('../packages/server/dist/app/logging.js')} */
const { createLogger } = await import(new URL('app/logging.js', dist).href);
/** @type {typeof import('../packages/server/dist/app/server.js')} */
const { startServer } = await import(new URL('app/server.js', dist).href);
/** @type {typeof import('../packages/server/dist/config/config.js')} */
const { loadConfig } = await import(new URL('config/config.js', dist).href);

const HOST = '127.0.0.1';
/**
 * BENCH_PROBE=1 (capacity.mjs, memory.mjs): count SQL statements, run housekeeping and key maintenance only when
 * asked (their timers off, so a measured phase holds nothing else), and serve the counters on a control port.
 */
const probing = process.env.BENCH_PROBE === '1';
const statementCounts = probing ? countStatements(dist) : null;
const REDIRECT_URI = 'https://rp.example/cb';

/**
 * A loopback port that was free a moment ago (the issuer URL must name the port before the server starts).
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Fails with the response body when a step of the code flow answers unexpectedly.
 * @param {Response} response
 * @param {number} expected
 * @param {string} step
 */
async function expectStatus(response, expected, step) {
  if (response.status !== expected) {
    throw new Error(`${step}: expected ${expected}, got ${response.status}: ${await response.text()}`);
  }
}

/**
 * Runs the authorization-code flow (with PKCE and consent) for a signed-in browser and returns the access token.
 * @param {{ publicUrl: string, clientId: string, clientSecret: string, cookie: string, csrfToken: string }} flow
 * @returns {Promise<string>}
 */
async function userAccessTokenByCodeFlow({ publicUrl, clientId, clientSecret, cookie, csrfToken }) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorizeUrl = new URL('/authorize', publicUrl);
  authorizeUrl.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'x',
  }).toString();
  const authorized = await fetch(authorizeUrl, { redirect: 'manual', headers: { cookie } });
  await expectStatus(authorized, 302, 'GET /authorize');
  const location = new URL(/** @type {string} */ (authorized.headers.get('location')), publicUrl);
  if (location.pathname !== '/ui/authorize')
    throw new Error(`GET /authorize: unexpected redirect ${location}`);

  const finalized = await fetch(new URL('/authorize/finalize', publicUrl), {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ request_id: location.searchParams.get('request_id'), decision: 'approve' }),
  });
  await expectStatus(finalized, 200, 'POST /authorize/finalize');
  const { redirect_uri: redirect } = /** @type {{ redirect_uri: string }} */ (await finalized.json());
  const code = new URL(redirect).searchParams.get('code');
  if (!code) throw new Error(`POST /authorize/finalize: no code in ${redirect}`);

  const exchanged = await fetch(new URL('/token', publicUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }).toString(),
  });
  await expectStatus(exchanged, 200, 'POST /token (authorization_code)');
  return /** @type {{ access_token: string }} */ (await exchanged.json()).access_token;
}

/** Starts the server on free loopback ports over a fresh data dir (unless the environment names them). */
async function start() {
  const ownedDataDir = process.env.TESSERA_DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  const publicPort = Number(process.env.TESSERA_PUBLIC_PORT || (await freePort()));
  const env = {
    ...process.env,
    TESSERA_PUBLIC_HOST: HOST,
    TESSERA_ADMIN_HOST: HOST,
    TESSERA_PUBLIC_PORT: String(publicPort),
    TESSERA_ADMIN_PORT: process.env.TESSERA_ADMIN_PORT || String(await freePort()),
    // A second node of a scale-out run shares the first one's issuer (TESSERA_BASE_URL) on a port of its own.
    TESSERA_BASE_URL: process.env.TESSERA_BASE_URL || `http://${HOST}:${publicPort}`,
    TESSERA_DATA_DIR: process.env.TESSERA_DATA_DIR || /** @type {string} */ (ownedDataDir),
    TESSERA_KEK: process.env.TESSERA_KEK || randomBytes(32).toString('base64url'),
    TESSERA_LOG_LEVEL: process.env.TESSERA_LOG_LEVEL || 'warn',
  };
  const removeDataDir = () => {
    if (ownedDataDir) rmSync(ownedDataDir, { recursive: true, force: true });
  };
  let server;
  try {
    const config = loadConfig(env);
    // stdout carries the ready line only; logs go to stderr.
    server = await startServer(
      config,
      createLogger(config, process.stderr),
      probing ? { housekeepingMs: 0, keyMaintenanceMs: 0 } : {},
    );
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    server,
    async close() {
      try {
        await server.close();
      } finally {
        removeDataDir();
      }
    },
  };
}

/**
 * Seeds the client, user and session through the in-process services and returns what the load needs.
 * @param {Awaited<ReturnType<typeof start>>['server']} server
 */
async function seed(server) {
  const { context, publicUrl } = server;
  // For the sign-in scenario: the load generator registers its pool of users through the hosted UI's own
  // self-registration (OPAQUE runs in the load generator, as in a browser). All of its sign-ins come from one
  // address, so the per-address and per-account sign-in limits are raised to their maximum (100,000 a minute):
  // the limiter still counts every attempt, and that cost is part of what is measured.
  await context.settings.set('accounts.self_registration', true);
  await context.settings.set('accounts.require_email_verification', false);
  await context.settings.set('rate_limits.registration_per_hour', 100_000);
  await context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await context.settings.set('rate_limits.sign_in_per_minute', 100_000);
  const { client, secret } = await context.clients.registry.create({
    name: 'bench',
    type: 'confidential',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    scopes: [
      { scope: 'openid', description: '' },
      { scope: 'profile', description: '' },
      { scope: 'email', description: '' },
      { scope: 'api', description: 'API' },
    ],
    // One hour, as the peer is configured, so tokens taken at start outlive a long run.
    access_token_ttl_seconds: 3600,
  });
  // The key scenarios' client (bench/key-flows.mjs): private_key_jwt with an ES256 key made here.
  const clientKey = newClientKey();
  const { client: keyClient } = await context.clients.registry.create({
    name: 'bench key client',
    type: 'confidential',
    redirect_uris: [],
    grant_types: ['client_credentials'],
    scopes: [{ scope: 'api', description: 'API' }],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [clientKey.publicJwk] },
    access_token_ttl_seconds: 3600,
  });
  const user = await context.accounts.users.create({
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    name: 'Bench User',
    emailVerified: true,
  });
  const session = await context.accounts.sessions.start(user.id, {
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    authTime: new Date(),
  });
  const userAccessToken = await userAccessTokenByCodeFlow({
    publicUrl,
    clientId: client.id,
    clientSecret: /** @type {string} */ (secret),
    // A browser's session cookie and its browser-binding cookie: /authorize binds the request to the latter.
    cookie: `tessera_session=${session.cookieValue}; tessera_browser=${randomBytes(32).toString('base64url')}`,
    csrfToken: session.csrfToken,
  });
  return {
    clientId: client.id,
    clientSecret: /** @type {string} */ (secret),
    userAccessToken,
    userEmail: user.email,
    keyClientId: keyClient.id,
    keyClientJwk: clientKey.privateJwk,
  };
}

const running = await start();
/** @type {(() => Promise<void>) | null} */
let stopProfile = null;
const probe = probing ? await startProbe({ context: running.server.context, counts: statementCounts }) : null;
exitOnSignal(async () => {
  await stopProfile?.();
  await probe?.close();
  await running.close();
});
// BENCH_SEED=0: a further node of a scale-out run, on the database the first node seeded.
let seeded = {};
try {
  if (process.env.BENCH_SEED !== '0') seeded = await seed(running.server);
} catch (error) {
  await running.close();
  throw error;
}
// BENCH_CPU_PROFILE=<file>: profile from here (set up done) until shutdown.
if (process.env.BENCH_CPU_PROFILE) stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROFILE);
collectGarbageOnSignal();
announceReady({
  target: 'tessera',
  publicUrl: running.server.publicUrl,
  ...seeded,
  pid: process.pid,
  ...(probe ? { probeUrl: probe.url } : {}),
  server: `tessera (${running.server.context.config.databaseUrl ? 'postgres' : 'embedded'} database)`,
});
