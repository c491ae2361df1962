/**
 * The stateful scenarios' requests, for Tessera and for the peer: what is prepared ahead (users with remembered
 * consent, authorization codes, refresh-token chains) and the measured operations, every answer checked.
 *
 * - code_exchange: POST /token grant_type=authorization_code with a code minted ahead through the real
 *   authorization endpoint (a signed-in browser with remembered consent: GET /authorize answers with the code at
 *   once), each code used once with its PKCE verifier (RFC 7636 §4.5).
 * - refresh: POST /token grant_type=refresh_token on chains opened ahead (one code exchange each); every answer's
 *   new refresh token is the chain's next request, so each token is used exactly once, and a replay would revoke
 *   the chain (reuse detection is on in both servers) and fail every later request of it.
 * - sign_in: a whole sign-in of a returning user with a fresh browser (no cookies). Tessera: GET /authorize → the
 *   hosted UI's OPAQUE login (start, finish: the OPAQUE client runs here, as in the browser; the finish names the
 *   pending request, which is approved with the sign-in since consent is remembered, and answers the redirect with
 *   the code) → POST /token. The peer: GET /auth → GET /interaction/:uid (the login page's data) → POST
 *   /interaction/:uid/login (its trivial password check) → GET /auth/:uid (consent remembered: the code) →
 *   POST /token.
 * Every token answer's ID token is checked: signature against the server's JWKS, iss, aud, exp, sub and nonce.
 */
import { createHash, createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import * as opaque from '@serenity-kit/opaque';
import { CookieJar } from './http-client.mjs';

const REDIRECT_URI = 'https://rp.example/cb';
const SCOPE = 'openid profile email';
/**
 * The key stretching of the load generator's OPAQUE client. RFC 9807's key stretching function runs in the client
 * only (it hardens the password before the client derives its keys; the server never sees or repeats it), so the
 * server's work per sign-in is the same whatever the client's setting. The hosted UI's default Argon2id costs
 * about 180 ms per sign-in in Node, which would hold the load generator to a few sign-ins a second; the bench's
 * users are registered and sign in with one light pass instead.
 */
const KEY_STRETCHING = /** @type {const} */ ({
  'argon2id-custom': { iterations: 1, memory: 256, parallelism: 1 },
});

/**
 * @typedef {import('./flow-load.mjs').Outcome} Outcome
 * @typedef {import('./http-client.mjs').HttpClient} HttpClient
 * @typedef {import('./http-client.mjs').HttpAnswer} HttpAnswer
 * @typedef {{ code: string, verifier: string, nonce: string, sub: string }} MintedCode
 * @typedef {{ token: string, sub: string }} Chain
 * @typedef {{ email: string, password: string, sub: string, jar: CookieJar }} User a prepared user: signed in
 *   (the jar holds the session that mints codes) and with consent remembered
 */

/** A failed step: the status when it was an unexpected one, and what was wrong. */
class StepFailure extends Error {
  /**
   * @param {string} message
   * @param {number} [status]
   */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * Fails unless the answer has the expected status (one of them).
 * @param {HttpAnswer} answer
 * @param {number | number[]} expected
 * @param {string} step
 */
function expectStatus(answer, expected, step) {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (!allowed.includes(answer.status)) {
    throw new StepFailure(`${step}: ${answer.status} ${answer.body.slice(0, 300)}`, answer.status);
  }
}

/**
 * The JSON body of an answer.
 * @param {HttpAnswer} answer
 * @param {string} step
 * @returns {Record<string, unknown>}
 */
function json(answer, step) {
  try {
    return JSON.parse(answer.body);
  } catch {
    throw new StepFailure(`${step}: not JSON: ${answer.body.slice(0, 200)}`);
  }
}

/**
 * Runs one operation, turning a failed step into an outcome for the load loop; a missing answer (a transport
 * error) is thrown on, to be counted as an error.
 * @param {() => Promise<void>} steps
 * @returns {Promise<Outcome>}
 */
async function outcomeOf(steps) {
  try {
    await steps();
    return { ok: true };
  } catch (error) {
    if (error instanceof StepFailure) return { ok: false, status: error.status, problem: error.message };
    throw error;
  }
}

/** A PKCE pair (RFC 7636 §4.1, §4.2: S256). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * @param {string} clientId
 * @param {string} secret
 */
function basic(clientId, secret) {
  // RFC 6749 §2.3.1: form-encode, then base64.
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/**
 * The verifier of ID tokens from one server: its published keys, and the claims OIDC Core §3.1.3.7 has a client
 * check.
 * @param {{ issuer: string, clientId: string, jwks: { keys: Record<string, unknown>[] } }} options
 */
function idTokenVerifier({ issuer, clientId, jwks }) {
  /** @type {Map<string, import('node:crypto').KeyObject>} */
  const keys = new Map();
  for (const jwk of jwks.keys) {
    if (typeof jwk.kid === 'string') {
      keys.set(
        jwk.kid,
        createPublicKey({ key: /** @type {import('node:crypto').JsonWebKey} */ (jwk), format: 'jwk' }),
      );
    }
  }
  /**
   * @param {unknown} token
   * @param {{ sub: string, nonce?: string }} expected
   * @returns {string | null} the problem, or null when the token is valid
   */
  return (token, expected) => {
    if (typeof token !== 'string') return 'no id_token';
    const parts = token.split('.');
    if (parts.length !== 3) return 'id_token is not a compact JWS';
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const key = keys.get(header.kid);
    if (!key) return `id_token kid ${header.kid} is not in the JWKS`;
    const data = Buffer.from(`${parts[0]}.${parts[1]}`);
    const signature = Buffer.from(parts[2], 'base64url');
    const valid =
      header.alg === 'RS256'
        ? verifySignature('sha256', data, key, signature)
        : header.alg === 'ES256'
          ? verifySignature('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature)
          : header.alg === 'EdDSA'
            ? verifySignature(null, data, key, signature)
            : false;
    if (!valid) return `id_token signature (${header.alg}) does not verify`;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (claims.iss !== issuer) return `id_token iss ${claims.iss}`;
    if (Array.isArray(claims.aud) ? !claims.aud.includes(clientId) : claims.aud !== clientId)
      return `id_token aud ${claims.aud}`;
    if (!(claims.exp > Date.now() / 1000)) return 'id_token expired';
    if (claims.sub !== expected.sub) return `id_token sub ${claims.sub}, expected ${expected.sub}`;
    if (expected.nonce !== undefined && claims.nonce !== expected.nonce) return 'id_token nonce wrong';
    return null;
  };
}

/**
 * Reads the code (and checks state and iss, RFC 9207) from the redirect to the client.
 * @param {string | undefined} location
 * @param {{ issuer: string, state: string, step: string }} expected
 */
function codeFromRedirect(location, { issuer, state, step }) {
  if (!location?.startsWith(`${REDIRECT_URI}?`)) throw new StepFailure(`${step}: redirect to ${location}`);
  const parameters = new URL(location).searchParams;
  const code = parameters.get('code');
  if (!code) throw new StepFailure(`${step}: no code in ${location}`);
  if (parameters.get('state') !== state) throw new StepFailure(`${step}: state not returned`);
  if (parameters.get('iss') !== issuer) throw new StepFailure(`${step}: iss ${parameters.get('iss')}`);
  return code;
}

/**
 * Runs `task` for every index below `count`, `concurrency` at a time, in order of index; with `seconds`, starts
 * no task after that long, and returns the results of those started (a prefix of the indexes).
 * @template T
 * @param {number} count
 * @param {number} concurrency
 * @param {(index: number) => Promise<T>} task
 * @param {number} [seconds]
 * @returns {Promise<T[]>}
 */
async function inParallel(count, concurrency, task, seconds = Number.POSITIVE_INFINITY) {
  /** @type {T[]} */
  const results = new Array(count);
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count && performance.now() < deadline) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results.slice(0, next);
}

/**
 * @typedef {object} FlowReady what run.mjs knows of a bench server (its ready line)
 * @property {string} target `tessera`, or a variant of the peer
 * @property {string} publicUrl
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {{ email: string, password: string, sub: string }[]} [users] the peer's sign-in accounts
 */

/**
 * The stateful scenarios for one server: prepares `userCount` users with remembered consent (registering them
 * first, for Tessera), and returns the minting, chain-opening and measured operations.
 * @param {FlowReady} ready
 * @param {HttpClient} http the client of the set-up (later steps are given theirs)
 * @param {{ userCount: number }} options
 */
export async function prepareFlows(ready, http, { userCount }) {
  const { publicUrl, clientId, clientSecret, target } = ready;
  const discovery = json(
    await http.send(`${publicUrl}/.well-known/openid-configuration`),
    `${target} discovery`,
  );
  const issuer = /** @type {string} */ (discovery.issuer);
  const authorizationEndpoint = /** @type {string} */ (discovery.authorization_endpoint);
  const tokenEndpoint = /** @type {string} */ (discovery.token_endpoint);
  const checkIdToken = idTokenVerifier({
    issuer,
    clientId,
    jwks: /** @type {{ keys: Record<string, unknown>[] }} */ (
      json(await http.send(/** @type {string} */ (discovery.jwks_uri)), `${target} jwks`)
    ),
  });
  const tokenHeaders = {
    authorization: basic(clientId, clientSecret),
    'content-type': 'application/x-www-form-urlencoded',
  };

  /**
   * A new authorization request: its URL and what the answer is checked against.
   */
  function authorizationRequest() {
    const { verifier, challenge } = pkce();
    const state = randomBytes(12).toString('base64url');
    const nonce = randomBytes(12).toString('base64url');
    const url = new URL(authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, verifier, state, nonce };
  }

  /**
   * POST /token with a code: the tokens, each checked, and the refresh token.
   * @param {HttpClient} client
   * @param {MintedCode} minted
   */
  async function exchange(client, minted) {
    const answer = await client.send(tokenEndpoint, {
      method: 'POST',
      headers: tokenHeaders,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: minted.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: minted.verifier,
      }).toString(),
    });
    expectStatus(answer, 200, 'POST /token (authorization_code)');
    const tokens = json(answer, 'POST /token (authorization_code)');
    if (typeof tokens.access_token !== 'string' || String(tokens.token_type).toLowerCase() !== 'bearer')
      throw new StepFailure(`POST /token (authorization_code): no bearer access token`);
    if (typeof tokens.refresh_token !== 'string')
      throw new StepFailure('POST /token (authorization_code): no refresh token');
    const problem = checkIdToken(tokens.id_token, { sub: minted.sub, nonce: minted.nonce });
    if (problem) throw new StepFailure(`POST /token (authorization_code): ${problem}`);
    return tokens.refresh_token;
  }

  /**
   * Mints one code with a signed-in browser whose consent is remembered: the authorization endpoint answers with
   * the code at once.
   * @param {HttpClient} client
   * @param {User} user
   * @returns {Promise<MintedCode>}
   */
  async function mint(client, user) {
    const request = authorizationRequest();
    const answer = await client.send(request.url, { headers: cookieHeaders(user.jar) });
    user.jar.absorb(answer.headers);
    expectStatus(answer, [302, 303], 'GET authorize (signed in)');
    const code = codeFromRedirect(answer.headers.location, {
      issuer,
      state: request.state,
      step: 'GET authorize (signed in)',
    });
    return { code, verifier: request.verifier, nonce: request.nonce, sub: user.sub };
  }

  /**
   * Tessera's sign-in, as the hosted UI runs it for a returning user with a fresh browser. With `approve`, the
   * consent page's approval is expected (the first sign-in, at set-up); otherwise consent must be remembered.
   * @param {HttpClient} client
   * @param {{ email: string, password: string, sub?: string }} user
   * @param {{ approve?: boolean, jar?: CookieJar, csrfToken?: string, nameRequest?: boolean }} [options] a jar
   *   already signed in skips the login; `nameRequest: false` signs in without naming the pending request (nothing
   *   approved: the answer has no code, and none is returned)
   */
  async function tesseraSignIn(client, user, options = {}) {
    const jar = options.jar ?? new CookieJar();
    const send = async (
      /** @type {string} */ url,
      /** @type {Parameters<HttpClient['send']>[1]} */ init = {},
    ) => {
      const answer = await client.send(url, { ...init, headers: { ...init.headers, ...cookieHeaders(jar) } });
      jar.absorb(answer.headers);
      return answer;
    };
    const postJson = (/** @type {string} */ path, /** @type {unknown} */ body, headers = {}) =>
      send(`${publicUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, ...headers },
        body: JSON.stringify(body),
      });
    const request = authorizationRequest();
    const authorized = await send(request.url);
    expectStatus(authorized, 302, 'GET /authorize');
    const location = new URL(authorized.headers.location ?? '', publicUrl);
    const requestId = location.searchParams.get('request_id');
    // A browser without a session is sent to the hosted UI's sign-in page; one signed in, to its consent page.
    if (location.pathname !== (options.jar ? '/ui/authorize' : '/ui/sign-in') || !requestId)
      throw new StepFailure(`GET /authorize: redirect to ${location.href}`);

    let csrfToken = options.csrfToken;
    if (!options.jar) {
      const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password: user.password });
      const started = await postJson('/api/user/login/start', {
        email: user.email,
        start_login_request: startLoginRequest,
      });
      expectStatus(started, 200, 'POST /api/user/login/start');
      const start = json(started, 'POST /api/user/login/start');
      const finished = opaque.client.finishLogin({
        clientLoginState,
        loginResponse: /** @type {string} */ (start.login_response),
        password: user.password,
        keyStretching: KEY_STRETCHING,
      });
      if (!finished) throw new StepFailure('OPAQUE: the server did not prove the password record');
      // The sign-in page names the app's request: with consent remembered it is approved with the sign-in.
      const nameRequest = options.nameRequest !== false;
      const signedIn = await postJson('/api/user/login/finish', {
        login_id: start.login_id,
        finish_login_request: finished.finishLoginRequest,
        ...(nameRequest ? { request_id: requestId } : {}),
      });
      expectStatus(signedIn, 200, 'POST /api/user/login/finish');
      const session = json(signedIn, 'POST /api/user/login/finish');
      if (session.authenticated !== true || session.second_factor_required !== false)
        throw new StepFailure(`POST /api/user/login/finish: ${signedIn.body}`);
      if (!jar.get('tessera_session'))
        throw new StepFailure('POST /api/user/login/finish: no session cookie');
      csrfToken = /** @type {string} */ (session.csrf_token);
      const approved = /** @type {{ redirect_uri: string } | null} */ (session.authorization);
      if (!nameRequest) {
        if (approved)
          throw new StepFailure('POST /api/user/login/finish: approved a request it did not name');
        return { jar, code: '', verifier: request.verifier, nonce: request.nonce };
      }
      if (approved) {
        const code = codeFromRedirect(approved.redirect_uri, {
          issuer,
          state: request.state,
          step: 'POST /api/user/login/finish',
        });
        return { jar, code, verifier: request.verifier, nonce: request.nonce };
      }
      // A returning user's consent is remembered: the sign-in must have approved the request.
      throw new StepFailure(`POST /api/user/login/finish: no authorization: ${signedIn.body}`);
    }

    // Already signed in (the first sign-in at set-up): the hosted UI's consent page asks whether there is anything
    // to ask, then approves.
    const viewed = await send(
      `${publicUrl}/api/user/authorization-requests/${encodeURIComponent(requestId)}`,
    );
    expectStatus(viewed, 200, 'GET /api/user/authorization-requests/:id');
    const view = json(viewed, 'GET /api/user/authorization-requests/:id');
    if (view.login_required !== false || view.refusal !== null)
      throw new StepFailure(`pending request: ${viewed.body}`);
    if (view.consent_required !== Boolean(options.approve))
      throw new StepFailure(`pending request: consent_required ${view.consent_required}`);

    const finalized = await postJson(
      '/authorize/finalize',
      { request_id: requestId, decision: 'approve' },
      { 'x-csrf-token': /** @type {string} */ (csrfToken) },
    );
    expectStatus(finalized, 200, 'POST /authorize/finalize');
    const code = codeFromRedirect(
      /** @type {string} */ (json(finalized, 'POST /authorize/finalize').redirect_uri),
      { issuer, state: request.state, step: 'POST /authorize/finalize' },
    );
    return { jar, code, verifier: request.verifier, nonce: request.nonce };
  }

  /**
   * The peer's sign-in for a returning user with a fresh browser: its login interaction, then the code. With
   * `approve`, the consent interaction is expected and approved (the first sign-in, at set-up).
   * @param {HttpClient} client
   * @param {{ email: string, password: string }} user
   * @param {{ approve?: boolean }} [options]
   */
  async function peerSignIn(client, user, options = {}) {
    const jar = new CookieJar();
    const send = async (
      /** @type {string} */ url,
      /** @type {Parameters<HttpClient['send']>[1]} */ init = {},
    ) => {
      const answer = await client.send(new URL(url, publicUrl), {
        ...init,
        headers: { ...init.headers, ...cookieHeaders(jar) },
      });
      jar.absorb(answer.headers);
      return answer;
    };
    const request = authorizationRequest();
    const authorized = await send(request.url);
    expectStatus(authorized, [302, 303], 'GET /auth');
    const interaction = authorized.headers.location ?? '';
    if (!/^\/interaction\/[\w-]+$/.test(new URL(interaction, publicUrl).pathname))
      throw new StepFailure(`GET /auth: redirect to ${interaction}`);
    const page = await send(interaction);
    expectStatus(page, 200, 'GET /interaction/:uid');
    if (json(page, 'GET /interaction/:uid').prompt !== 'login')
      throw new StepFailure(`GET /interaction/:uid: ${page.body}`);
    const loggedIn = await send(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: user.password }).toString(),
    });
    expectStatus(loggedIn, 303, 'POST /interaction/:uid/login');
    let resumed = await send(loggedIn.headers.location ?? '');
    expectStatus(resumed, [302, 303], 'GET /auth/:uid (after login)');
    if (options.approve) {
      const consent = resumed.headers.location ?? '';
      if (!new URL(consent, publicUrl).pathname.startsWith('/interaction/'))
        throw new StepFailure(`GET /auth/:uid: expected the consent interaction, got ${consent}`);
      const approved = await send(`${consent}/confirm`, { method: 'POST' });
      expectStatus(approved, 303, 'POST /interaction/:uid/confirm');
      resumed = await send(approved.headers.location ?? '');
      expectStatus(resumed, [302, 303], 'GET /auth/:uid (after consent)');
    }
    const code = codeFromRedirect(resumed.headers.location, {
      issuer,
      state: request.state,
      step: 'GET /auth/:uid',
    });
    return { jar, code, verifier: request.verifier, nonce: request.nonce };
  }

  const signIn = target === 'tessera' ? tesseraSignIn : peerSignIn;

  /** @type {User[]} */
  let users;
  if (target === 'tessera') {
    await opaque.ready;
    users = await inParallel(userCount, 4, async (index) => {
      const email = `bench-${index}-${randomBytes(4).toString('hex')}@example.com`;
      const password = randomBytes(12).toString('base64url');
      const jar = new CookieJar();
      const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
      const post = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
        const answer = await http.send(`${publicUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl, ...cookieHeaders(jar) },
          body: JSON.stringify(body),
        });
        jar.absorb(answer.headers);
        expectStatus(answer, 200, `POST ${path}`);
        return json(answer, `POST ${path}`);
      };
      const started = await post('/api/user/register/start', {
        email,
        registration_request: registrationRequest,
      });
      const { registrationRecord } = opaque.client.finishRegistration({
        clientRegistrationState,
        registrationResponse: /** @type {string} */ (started.registration_response),
        password,
        keyStretching: KEY_STRETCHING,
      });
      const finished = await post('/api/user/register/finish', {
        registration_id: started.registration_id,
        registration_record: registrationRecord,
        name: `Bench User ${index}`,
      });
      if (finished.status !== 'signed_in') throw new Error(`registration: ${JSON.stringify(finished)}`);
      // The first sign-in to the client asks for consent; approving it is remembered.
      const first = await tesseraSignIn(
        http,
        { email, password },
        { approve: true, jar, csrfToken: /** @type {string} */ (finished.csrf_token) },
      );
      const sub = await subjectOf(first);
      return { email, password, sub, jar };
    });
  } else {
    const announced = ready.users ?? [];
    if (announced.length < userCount)
      throw new Error(`the peer announced ${announced.length} users, ${userCount} needed`);
    users = await inParallel(userCount, 4, async (index) => {
      const user = announced[index];
      const first = await peerSignIn(http, user, { approve: true });
      const sub = await subjectOf(first);
      if (sub !== user.sub) throw new Error(`peer sign-in: sub ${sub}, expected ${user.sub}`);
      return { ...user, jar: first.jar };
    });
  }

  /**
   * Exchanges a set-up sign-in's code and reads the user's subject from its (verified) ID token.
   * @param {{ code: string, verifier: string, nonce: string }} signedIn
   */
  async function subjectOf(signedIn) {
    const answer = await http.send(tokenEndpoint, {
      method: 'POST',
      headers: tokenHeaders,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: signedIn.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: signedIn.verifier,
      }).toString(),
    });
    expectStatus(answer, 200, 'set-up code exchange');
    const idToken = /** @type {string} */ (json(answer, 'set-up code exchange').id_token);
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')).sub;
    const problem = checkIdToken(idToken, { sub, nonce: signedIn.nonce });
    if (problem) throw new Error(`set-up code exchange: ${problem}`);
    return /** @type {string} */ (sub);
  }

  return {
    users,
    /**
     * Mints `count` codes ahead of a measurement, through the signed-in users' sessions in turn, or as many as
     * `seconds` allow (oldest first).
     * @param {HttpClient} client
     * @param {number} count
     * @param {number} [seconds]
     */
    mintCodes: (client, count, seconds) =>
      inParallel(count, 16, (index) => mint(client, users[index % users.length]), seconds),
    /**
     * Opens `count` refresh-token chains (a code minted and exchanged for each).
     * @param {HttpClient} client
     * @param {number} count
     * @returns {Promise<Chain[]>}
     */
    openChains: (client, count) =>
      inParallel(count, 8, async (index) => {
        const minted = await mint(client, users[index % users.length]);
        return { token: await exchange(client, minted), sub: minted.sub };
      }),
    /**
     * The measured code exchange.
     * @param {HttpClient} client
     * @param {MintedCode} minted
     */
    exchange: (client, minted) => outcomeOf(() => exchange(client, minted).then(() => undefined)),
    /**
     * The measured refresh: the chain moves on to the new token.
     * @param {HttpClient} client
     * @param {Chain} chain
     */
    refresh: (client, chain) =>
      outcomeOf(async () => {
        const answer = await client.send(tokenEndpoint, {
          method: 'POST',
          headers: tokenHeaders,
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: chain.token }).toString(),
        });
        expectStatus(answer, 200, 'POST /token (refresh_token)');
        const tokens = json(answer, 'POST /token (refresh_token)');
        if (typeof tokens.access_token !== 'string')
          throw new StepFailure('POST /token (refresh_token): no access token');
        // Rotation: a new refresh token every time (RFC 9700 §4.14.2).
        if (typeof tokens.refresh_token !== 'string' || tokens.refresh_token === chain.token)
          throw new StepFailure('POST /token (refresh_token): the refresh token was not rotated');
        // OIDC Core §12.2: a refreshed ID token has no nonce to compare; the rest is checked.
        const problem = checkIdToken(tokens.id_token, { sub: chain.sub });
        if (problem) throw new StepFailure(`POST /token (refresh_token): ${problem}`);
        chain.token = tokens.refresh_token;
      }),
    /**
     * Tessera's sign-in without the code exchange, naming the pending request (approved with the sign-in: the answer
     * carries the code) or not (`nameRequest: false`: nothing approved). The two differ by the approval after
     * sign-in alone.
     * @param {HttpClient} client
     * @param {User} user
     * @param {{ nameRequest: boolean }} options
     */
    signInAlone: (client, user, { nameRequest }) =>
      outcomeOf(async () => {
        if (target !== 'tessera') throw new Error('signInAlone is a measurement of Tessera alone');
        await tesseraSignIn(client, user, { nameRequest });
      }),
    /**
     * The measured sign-in, ending with the code exchange and its ID token.
     * @param {HttpClient} client
     * @param {User} user
     */
    signIn: (client, user) =>
      outcomeOf(async () => {
        const signedIn = await signIn(client, user);
        await exchange(client, { ...signedIn, sub: user.sub });
      }),
  };
}

/**
 * The Cookie header of a jar, as headers to spread (none when the jar is empty).
 * @param {CookieJar} jar
 * @returns {Record<string, string>}
 */
function cookieHeaders(jar) {
  const header = jar.header();
  return header ? { cookie: header } : {};
}

/** @typedef {Awaited<ReturnType<typeof prepareFlows>>} Flows */
