/**
 * The two key-based scenarios of the bench (docs/performance.md): a client-credentials token bound to a DPoP key
 * (RFC 9449; the client authenticates with its secret, the request carries a DPoP proof) and a client-credentials
 * token for a client authenticating with `private_key_jwt` (RFC 7523). Each request carries a one-use value (the
 * proof's `jti`, the assertion's `jti`) that both servers record to refuse a replay, so the requests are made ahead
 * of a measurement (signed in this process, outside the servers' CPU accounting) and each is sent once.
 *
 * Both servers register the key client at start and announce its id and private JWK (bench only: the load
 * generator signs the assertions). JWS signing here is node:crypto's ES256 (IEEE P1363 signatures, RFC 7518 §3.4).
 */
import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';

export const KEY_SCENARIOS = /** @type {const} */ ([
  'client_credentials_dpop',
  'client_credentials_private_key_jwt',
]);

/** A new ES256 key pair as JWKs: the private one (for the load generator) and the public one (registered). */
export function newClientKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
  };
}

const encode = (/** @type {unknown} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * @param {Record<string, unknown>} header
 * @param {Record<string, unknown>} payload
 * @param {import('node:crypto').KeyObject} key
 */
function es256(header, payload, key) {
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * @param {{ publicUrl: string, target: string, clientId: string, clientSecret: string,
 *   keyClientId?: string, keyClientJwk?: Record<string, unknown>, userAccessToken?: string,
 *   introspectionTokenParameters?: Record<string, string> }} ready
 */
export async function prepareKeyFlows(ready) {
  const response = await fetch(`${ready.publicUrl}/.well-known/openid-configuration`);
  const discovery = /** @type {Record<string, unknown>} */ (await response.json());
  const issuer = /** @type {string} */ (discovery.issuer);
  const tokenEndpoint = /** @type {string} */ (discovery.token_endpoint);
  if (!ready.keyClientId || !ready.keyClientJwk) throw new Error(`${ready.target}: no key client announced`);
  const keyClientId = ready.keyClientId;
  const assertionKey = createPrivateKey({
    key: /** @type {import('node:crypto').JsonWebKey} */ (ready.keyClientJwk),
    format: 'jwk',
  });
  const assertionKid = /** @type {string} */ (ready.keyClientJwk.kid);
  // One DPoP key for the run (as a client keeps one), a fresh jti per proof.
  const dpop = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const dpopJwk = dpop.publicKey.export({ format: 'jwk' });
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(ready.clientId)}:${encodeURIComponent(ready.clientSecret)}`).toString('base64')}`;
  const form = 'application/x-www-form-urlencoded';
  // The token the introspection requests ask about: one client-credentials token, as `npm run bench` introspects.
  const introspected = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': form },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'api',
      ...ready.introspectionTokenParameters,
    }).toString(),
  });
  const introspectedToken = /** @type {string} */ ((await introspected.json()).access_token);

  /**
   * A request that must answer 200 with a JSON body passing `check`.
   * @param {import('./http-client.mjs').HttpAnswer} answer
   * @param {(body: Record<string, unknown>) => boolean} check
   * @param {string} what
   * @returns {import('./flow-load.mjs').Outcome}
   */
  const checked = (answer, check, what) =>
    answer.status === 200 && check(JSON.parse(answer.body))
      ? { ok: true }
      : {
          ok: false,
          status: answer.status,
          problem: `${what}: ${answer.status} ${answer.body.slice(0, 200)}`,
        };

  /**
   * @param {import('./http-client.mjs').HttpAnswer} answer
   * @param {string} tokenType
   * @returns {import('./flow-load.mjs').Outcome}
   */
  const outcome = (answer, tokenType) => {
    if (answer.status !== 200)
      return {
        ok: false,
        status: answer.status,
        problem: `POST /token: ${answer.status} ${answer.body.slice(0, 200)}`,
      };
    const body = JSON.parse(answer.body);
    if (typeof body.access_token !== 'string' || String(body.token_type).toLowerCase() !== tokenType)
      return {
        ok: false,
        problem: `POST /token: no ${tokenType} access token: ${answer.body.slice(0, 200)}`,
      };
    return { ok: true };
  };

  return {
    /** `count` DPoP proofs for the token endpoint, made now (RFC 9449 §4.2; `iat` now, so use them within a minute). */
    makeProofs(/** @type {number} */ count) {
      const iat = Math.floor(Date.now() / 1000);
      return Array.from({ length: count }, () =>
        es256(
          { typ: 'dpop+jwt', alg: 'ES256', jwk: dpopJwk },
          { jti: randomUUID(), htm: 'POST', htu: tokenEndpoint, iat },
          dpop.privateKey,
        ),
      );
    },
    /** `count` client assertions (RFC 7523 §3: `aud` the issuer, five minutes to live), made now. */
    makeAssertions(/** @type {number} */ count) {
      const iat = Math.floor(Date.now() / 1000);
      return Array.from({ length: count }, () =>
        es256(
          { alg: 'ES256', kid: assertionKid },
          { iss: keyClientId, sub: keyClientId, aud: issuer, iat, exp: iat + 300, jti: randomUUID() },
          assertionKey,
        ),
      );
    },
    /** Plain client credentials with the secret (`npm run bench`'s autocannon scenario, one request at a time). */
    secretToken: async (/** @type {import('./http-client.mjs').HttpClient} */ client) =>
      outcome(
        await client.send(tokenEndpoint, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': form },
          body: 'grant_type=client_credentials&scope=api',
        }),
        'bearer',
      ),
    /** Introspection of a client-credentials token by its client (RFC 7662 §2.1): the token must be active. */
    introspection: async (/** @type {import('./http-client.mjs').HttpClient} */ client) =>
      checked(
        await client.send(/** @type {string} */ (discovery.introspection_endpoint), {
          method: 'POST',
          headers: { authorization: basic, 'content-type': form },
          body: new URLSearchParams({ token: introspectedToken }).toString(),
        }),
        (body) => body.active === true,
        'POST /introspect',
      ),
    /** UserInfo with the server's seeded user access token (OIDC Core §5.3): the user's `sub` expected. */
    userinfo: async (/** @type {import('./http-client.mjs').HttpClient} */ client) =>
      checked(
        await client.send(/** @type {string} */ (discovery.userinfo_endpoint), {
          headers: { authorization: `Bearer ${ready.userAccessToken}` },
        }),
        (body) => typeof body.sub === 'string',
        'GET /userinfo',
      ),
    /** The published key set (RFC 7517 §5), as relying parties fetch it: at least one key expected. */
    jwks: async (/** @type {import('./http-client.mjs').HttpClient} */ client) =>
      checked(
        await client.send(/** @type {string} */ (discovery.jwks_uri), {}),
        (body) => Array.isArray(body.keys) && body.keys.length > 0,
        'GET jwks_uri',
      ),
    /** The provider metadata (OpenID Connect Discovery 1.0 §4): its issuer expected. */
    discovery: async (/** @type {import('./http-client.mjs').HttpClient} */ client) =>
      checked(
        await client.send(`${ready.publicUrl}/.well-known/openid-configuration`, {}),
        (body) => typeof body.issuer === 'string',
        'GET /.well-known/openid-configuration',
      ),
    /** The measured DPoP request: client credentials with the secret and a proof; a DPoP-bound token expected. */
    dpopToken: async (
      /** @type {import('./http-client.mjs').HttpClient} */ client,
      /** @type {string} */ proof,
    ) =>
      outcome(
        await client.send(tokenEndpoint, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': form, dpop: proof },
          body: 'grant_type=client_credentials&scope=api',
        }),
        'dpop',
      ),
    /** The measured private_key_jwt request: client credentials authenticated by an assertion. */
    assertionToken: async (
      /** @type {import('./http-client.mjs').HttpClient} */ client,
      /** @type {string} */ assertion,
    ) =>
      outcome(
        await client.send(tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': form },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            scope: 'api',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: assertion,
          }).toString(),
        }),
        'bearer',
      ),
  };
}
/** @typedef {Awaited<ReturnType<typeof prepareKeyFlows>>} KeyFlows */
