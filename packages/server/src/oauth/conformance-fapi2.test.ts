/**
 * The OIDF FAPI 2.0 Security Profile (Final) authorization server plan (fapi2-security-profile-final-test-plan of the
 * OpenID conformance suite), ported as black-box tests, one per module that applies, named by the module's test
 * name, in the variant Tessera supports: `plain_fapi`, client authentication `private_key_jwt`, sender constraint
 * `dpop`, `openid_connect`, unsigned pushed requests (`fapi_auth_request_method=unsigned`) and plain responses;
 * plus the modules of the Message Signing plan's request-object checks that hold for Tessera's signed request
 * objects (RFC 9101 through /par), and the `fapi_client_credentials_grant` variant's flow. Each test makes the
 * module's requests with the module's changes and expects what the module's checks require (its FAILURE
 * conditions; a module's WARNING-only outcome is named as such).
 *
 * Modules that do not apply, and why:
 * - every `mtls` variant (client authentication `mtls`, sender constraint `mtls`): mutual TLS is not supported;
 *   FAPI 2.0 clients use `private_key_jwt` and DPoP (docs/integration.md#fapi-20-security-profile);
 * - the ecosystem profiles' modules (`openbanking_uk`, `openbanking_brazil` with its DCR plan, `consumerdataright_au`,
 *   `connectid_au`, `cbuae`, `ksa`): FAPI2SPFinalEnsureServerHandlesNonMatchingIntentId,
 *   FAPI2SPFinalTestEssentialAcrScaClaim, FAPI2SPFinalBrazilEnsureBadPaymentSignatureFails, FAPI2SPFinalAustraliaConnectId*;
 * - FAPI2SPFinalTestClaimsParameterIdentityClaims: the `claims` parameter is not supported (discovery says
 *   `claims_parameter_supported: false`, and the module then skips);
 * - FAPI2SPFinalTolerateUnregisteredRedirectUri: optional (RFC 9126 §2.4); Tessera requires registered redirect URIs
 *   through /par too, which FAPI2SPFinalEnsureRegisteredRedirectUri checks;
 * - the Message Signing plan's request-object lifetime modules (FAPI2SPFinalEnsureRequestObjectWithoutNbfFails,
 *   ...WithExpOver60Fails, ...WithNbfOver60Fails) and FAPI2SPFinalEnsureUnsignedRequestAtParEndpointFails: they
 *   check FAPI 2.0 Message Signing §5.3.1 (a required `nbf`, a 60-minute lifetime, signed requests required), a
 *   profile Tessera does not claim; JARM (`response_mode=jwt`) is not supported either;
 * - FAPI2SPFinalPAREnsureServerAcceptsReusedRequestUriBeforeAuthenticationCompletion: a recommendation (the module
 *   only warns, FAPI 2.0 SP §5.3.2.2 note 3). Tessera uses a `request_uri` up at the first /authorize visit; the
 *   request it parks there continues through sign-in (the hosted UI's request_id), but a second visit of the same
 *   `request_uri` is refused: the test below pins that behaviour.
 */
import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWK,
  SignJWT,
} from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../crypto/tokens.js';
import {
  allowHttp,
  authorizeAndApprove,
  browserGet,
  finalize,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { authorizationCodes, pushedAuthorizationRequests } from './tables.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let server: TestServer;
let issuer: string;
let as: oauth.AuthorizationServer;
let user: SignedIn;

interface FapiClient {
  clientId: string;
  privateKey: oauth.CryptoKey;
  kid: string;
}
/** The plan's first client, and its second (registered with keys of its own). */
let client1: FapiClient;
let client2: FapiClient;

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'offline_access', description: '' },
  { scope: 'accounts', description: 'Read accounts' },
];

async function registerFapiClient(): Promise<FapiClient> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const { clientId } = await registerClient(server, {
    name: 'FAPI client',
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    scopes: SCOPES,
    fapi2_profile: true,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [jwk as Record<string, unknown>] },
  });
  return { clientId, privateKey, kid };
}

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), allowHttp),
  );
  client1 = await registerFapiClient();
  client2 = await registerFapiClient();
  user = await signInUser(server, { name: 'Ada Lovelace' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** A client assertion (RFC 7523 §3) as the plan's private_key_jwt client signs it; claims may be changed or removed. */
async function assertion(
  client: FapiClient = client1,
  claims: Record<string, unknown> = {},
  options: { alg?: string; key?: oauth.CryptoKey } = {},
): Promise<string> {
  const payload: Record<string, unknown> = {
    iss: client.clientId,
    sub: client.clientId,
    aud: issuer,
    iat: now(),
    exp: now() + 60,
    jti: randomUUID(),
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: client.kid })
    .sign(options.key ?? client.privateKey);
}

async function clientAuthentication(client: FapiClient = client1, claims: Record<string, unknown> = {}) {
  return { client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion(client, claims) };
}

/** A DPoP proof (RFC 9449 §4.2): a valid ES256 proof of `keyPair` unless claims or header say otherwise. */
async function proof(
  keyPair: oauth.CryptoKeyPair,
  htm: string,
  path: string,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
  signWith: oauth.CryptoKey = keyPair.privateKey,
): Promise<string> {
  const payload: Record<string, unknown> = {
    jti: randomUUID(),
    htm,
    htu: `${issuer}${path}`,
    iat: now(),
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  const protectedHeader: Record<string, unknown> = {
    alg: 'ES256',
    typ: 'dpop+jwt',
    jwk: await exportJWK(keyPair.publicKey),
    ...header,
  };
  for (const [name, value] of Object.entries(protectedHeader))
    if (value === undefined) delete protectedHeader[name];
  return new SignJWT(payload).setProtectedHeader(protectedHeader as { alg: string }).sign(signWith);
}

const dpopKey = () => oauth.generateKeyPair('ES256') as Promise<oauth.CryptoKeyPair>;
const ath = (token: string) => createHash('sha256').update(token).digest('base64url');
const thumbprint = async (keyPair: oauth.CryptoKeyPair) =>
  calculateJwkThumbprint(await exportJWK(keyPair.publicKey), 'sha256');

async function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.publicUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type') ?? '',
    json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

/** The authorization parameters of the plan's request: code, PKCE S256, state and nonce, scope openid. */
function requestParameters(
  verifier: string,
  challenge: string,
  extra: Record<string, string | undefined> = {},
) {
  const parameters: Record<string, string | undefined> = {
    response_type: 'code',
    redirect_uri: RP_REDIRECT,
    scope: 'openid profile offline_access',
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) form[name] = value;
  void verifier;
  return form;
}

interface Pushed {
  status: number;
  json: Record<string, unknown>;
  verifier: string;
  parameters: Record<string, string>;
}

/** POST /par as the plan's client does (private_key_jwt); `extra` changes the request, `dpop` adds a proof. */
async function push(
  options: {
    client?: FapiClient;
    extra?: Record<string, string | undefined>;
    dpop?: oauth.CryptoKeyPair;
    assertionClaims?: Record<string, unknown>;
  } = {},
): Promise<Pushed> {
  const client = options.client ?? client1;
  const verifier = oauth.generateRandomCodeVerifier();
  const parameters = requestParameters(
    verifier,
    await oauth.calculatePKCECodeChallenge(verifier),
    options.extra,
  );
  const answer = await post(
    '/par',
    { ...parameters, ...(await clientAuthentication(client, options.assertionClaims)) },
    options.dpop ? { dpop: await proof(options.dpop, 'POST', '/par') } : {},
  );
  return { status: answer.status, json: answer.json, verifier, parameters };
}

function authorizeUrl(requestUri: string, client: FapiClient = client1, extra: Record<string, string> = {}) {
  const url = new URL('/authorize', issuer);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('request_uri', requestUri);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.href;
}

/** A pushed request approved by the signed-in user: the callback and what redeems its code. */
async function authorized(
  options: Parameters<typeof push>[0] = {},
): Promise<{ callback: URL; code: string; verifier: string; parameters: Record<string, string> }> {
  const pushed = await push(options);
  if (pushed.status !== 201)
    throw new Error(`/par answered ${pushed.status}: ${JSON.stringify(pushed.json)}`);
  const callback = await authorizeAndApprove(
    server,
    user,
    authorizeUrl(pushed.json.request_uri as string, options.client),
  );
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  return { callback, code, verifier: pushed.verifier, parameters: pushed.parameters };
}

/** The code redeemed at /token with private_key_jwt and a DPoP proof of `keyPair` (none when null). */
async function redeem(
  code: string,
  verifier: string | undefined,
  keyPair: oauth.CryptoKeyPair | null,
  options: {
    client?: FapiClient;
    form?: Record<string, string>;
    assertionClaims?: Record<string, unknown>;
  } = {},
) {
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: RP_REDIRECT,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
    ...(await clientAuthentication(options.client ?? client1, options.assertionClaims)),
    ...options.form,
  };
  return post('/token', form, keyPair ? { dpop: await proof(keyPair, 'POST', '/token') } : {});
}

/** The happy flow's tokens, bound to `keyPair`. */
async function tokens(keyPair: oauth.CryptoKeyPair, options: Parameters<typeof push>[0] = {}) {
  const { code, verifier } = await authorized(options);
  const answer = await redeem(code, verifier, keyPair, { client: options.client });
  if (answer.status !== 200)
    throw new Error(`/token answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json as { access_token: string; refresh_token: string; id_token: string; token_type: string };
}

/** GET /userinfo, the plan's protected resource, with the DPoP scheme and a proof of `keyPair`. */
async function resource(
  accessToken: string,
  keyPair: oauth.CryptoKeyPair,
  options: {
    claims?: Record<string, unknown>;
    header?: Record<string, unknown>;
    scheme?: string;
    proofs?: string[];
    signWith?: oauth.CryptoKey;
  } = {},
) {
  const headers = new Headers({ authorization: `${options.scheme ?? 'DPoP'} ${accessToken}` });
  const proofs = options.proofs ?? [
    await proof(
      keyPair,
      'GET',
      '/userinfo',
      { ath: ath(accessToken), ...options.claims },
      options.header,
      options.signWith,
    ),
  ];
  for (const one of proofs) headers.append('dpop', one);
  const response = await fetch(`${server.publicUrl}/userinfo`, { headers });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: await response.text(),
  };
}

/** A pushed request refused with this error (pinned as expectTokenRefused's are). */
async function expectParRefused(pushed: Pushed, error = 'invalid_request') {
  expect(pushed.status, JSON.stringify(pushed.json)).toBe(400);
  expect(pushed.json.error).toBe(error);
}

/**
 * A token request refused with this error and its status. The OIDF modules accept any of several errors for some
 * refusals; Tessera's answer to each is fixed, so each is pinned here.
 */
function expectTokenRefused(
  answer: Awaited<ReturnType<typeof post>>,
  error: string,
  status = error === 'invalid_client' ? 401 : 400,
) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.json.error).toBe(error);
}

describe('OIDF fapi2-security-profile-final-test-plan (plain_fapi, private_key_jwt, dpop)', () => {
  it('fapi2-security-profile-final-discovery-end-point-verification: what a FAPI 2.0 client needs is advertised', () => {
    expect(as.issuer).toBe(issuer);
    expect(as.pushed_authorization_request_endpoint).toBe(`${issuer}/par`);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.grant_types_supported).toContain('authorization_code');
    expect(as.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    // FAPI 2.0 §5.4.1: PS256, ES256 or EdDSA; never RS256, none or a MAC.
    for (const list of [
      as.token_endpoint_auth_signing_alg_values_supported,
      as.request_object_signing_alg_values_supported,
      as.dpop_signing_alg_values_supported,
    ]) {
      expect(list?.length).toBeGreaterThan(0);
      for (const alg of list ?? []) expect(['PS256', 'ES256', 'EdDSA', 'Ed25519']).toContain(alg);
    }
    expect(as.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256']));
    expect(as.scopes_supported).toContain('openid');
  });

  it('fapi2-security-profile-final: PAR, the code, DPoP-bound tokens, an ES256 ID token and the resource (happy flow)', async () => {
    const keyPair = await dpopKey();
    const { callback, code, verifier, parameters } = await authorized();
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(callback.searchParams.get('state')).toBe(parameters.state);
    const answer = await redeem(code, verifier, keyPair);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = answer.json as {
      access_token: string;
      id_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(body.token_type).toBe('DPoP');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(decodeJwt(body.access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });
    expect(decodeProtectedHeader(body.id_token).alg).toBe('ES256');
    const idToken = decodeJwt(body.id_token);
    expect(idToken).toMatchObject({
      iss: issuer,
      aud: client1.clientId,
      nonce: parameters.nonce,
      sub: user.user.id,
    });
    const answered = await resource(body.access_token, keyPair);
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ sub: user.user.id });
  });

  it('every flow’s ID token check (FAPI2ValidateIdTokenSigningAlg): a FAPI client cannot choose RS256 ID tokens', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    await expect(
      registerClient(server, {
        grant_types: ['authorization_code'],
        scopes: SCOPES,
        fapi2_profile: true,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] },
        id_token_signed_response_alg: 'RS256',
      }),
    ).rejects.toThrow(/RS256/);
    const registered = await server.context.clients.registry.find(client1.clientId);
    expect(registered?.idTokenSignedResponseAlg).toBe('ES256');
  });

  it('fapi2-security-profile-final-user-rejects-authentication: access_denied at the redirect URI, with state and iss', async () => {
    // prompt=consent: the user approved this client before, in the tests above.
    const pushed = await push({ extra: { prompt: 'consent' } });
    const first = await browserGet(authorizeUrl(pushed.json.request_uri as string), user.cookie);
    expect(first.location).toMatch(/^\/ui\/authorize\?request_id=/);
    const requestId = new URL(first.location!, issuer).searchParams.get('request_id')!;
    const denied = await finalize(server, user, { request_id: requestId, decision: 'deny' });
    expect(denied.status).toBe(200);
    const callback = new URL(denied.json.redirect_uri as string);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(pushed.parameters.state);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['fapi2-security-profile-final-ensure-authorization-request-without-state-success', { state: undefined }],
    ['fapi2-security-profile-final-ensure-authorization-request-without-nonce-success', { nonce: undefined }],
    [
      'fapi2-security-profile-final-ensure-authorization-request-with-64-char-nonce-success',
      { nonce: 'n'.repeat(64) },
    ],
    [
      'fapi2-security-profile-final-ensure-other-scope-order-succeeds',
      { scope: 'offline_access profile openid' },
    ],
    ['fapi2-security-profile-final-ensure-authorization-request-with-long-nonce', { nonce: 'n'.repeat(384) }],
    ['fapi2-security-profile-final-ensure-authorization-request-with-long-state', { state: 's'.repeat(384) }],
  ])('%s', async (_module, changes) => {
    const extra: Record<string, string | undefined> = changes;
    const keyPair = await dpopKey();
    const { callback, code, verifier } = await authorized({ extra });
    if (extra.state === undefined && 'state' in extra) expect(callback.searchParams.has('state')).toBe(false);
    else if (extra.state) expect(callback.searchParams.get('state')).toBe(extra.state);
    const answer = await redeem(code, verifier, keyPair);
    expect(answer.status).toBe(200);
    const idToken = decodeJwt(answer.json.id_token as string);
    if ('nonce' in extra) expect(idToken.nonce).toBe(extra.nonce);
    expect((await resource(answer.json.access_token as string, keyPair)).status).toBe(200);
  });

  it('fapi2-security-profile-final-access-token-type-header-case-sensitivity: the scheme is case-insensitive', async () => {
    const keyPair = await dpopKey();
    const { access_token } = await tokens(keyPair);
    expect((await resource(access_token, keyPair, { scheme: 'dPoP' })).status).toBe(200);
    expect((await resource(access_token, keyPair, { scheme: 'dpop' })).status).toBe(200);
  });

  it('fapi2-security-profile-final-check-dpop-proof-nbf-exp: proofs with nbf and exp (now, +5 min) are accepted', async () => {
    const keyPair = await dpopKey();
    const { code, verifier } = await authorized();
    const answer = await post(
      '/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        code_verifier: verifier,
        ...(await clientAuthentication()),
      },
      { dpop: await proof(keyPair, 'POST', '/token', { nbf: now(), exp: now() + 300 }) },
    );
    expect(answer.status).toBe(200);
    const accessToken = answer.json.access_token as string;
    expect((await resource(accessToken, keyPair, { claims: { nbf: now(), exp: now() + 300 } })).status).toBe(
      200,
    );
  });

  it.each([
    ['fapi2-security-profile-final-ensure-dpop-proof-with-iat-10-seconds-before-succeeds', -10],
    ['fapi2-security-profile-final-ensure-dpop-proof-with-iat-10-seconds-after-succeeds', 10],
  ])('%s', async (_module, skew) => {
    const keyPair = await dpopKey();
    const { code, verifier } = await authorized();
    const answer = await post(
      '/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        code_verifier: verifier,
        ...(await clientAuthentication()),
      },
      { dpop: await proof(keyPair, 'POST', '/token', { iat: now() + skew }) },
    );
    expect(answer.status).toBe(200);
    const accessToken = answer.json.access_token as string;
    expect((await resource(accessToken, keyPair, { claims: { iat: now() + skew } })).status).toBe(200);
  });

  it('fapi2-security-profile-final-ensure-dpopproof-at-par-endpoint-binding-success: the PAR proof key redeems the code', async () => {
    const keyPair = await dpopKey();
    const { access_token } = await tokens(keyPair, { dpop: keyPair });
    expect(decodeJwt(access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });
  });

  it('fapi2-security-profile-final-ensure-dpop-auth-code-binding-success: dpop_jkt at /par, the same key at /token', async () => {
    const keyPair = await dpopKey();
    const { access_token } = await tokens(keyPair, { extra: { dpop_jkt: await thumbprint(keyPair) } });
    expect(decodeJwt(access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });
  });

  it('fapi2-security-profile-final-ensure-mismatched-dpop-jkt-fails: dpop_jkt of another key than the PAR proof', async () => {
    const pushed = await push({
      dpop: await dpopKey(),
      extra: { dpop_jkt: await thumbprint(await dpopKey()) },
    });
    await expectParRefused(pushed, 'invalid_dpop_proof');
  });

  it.each([
    ['fapi2-security-profile-final-ensure-token-endpoint-fails-with-mismatched-dpop-proof-jkt', 'proof'],
    ['fapi2-security-profile-final-ensure-token-endpoint-fails-with-mismatched-dpop-jkt', 'dpop_jkt'],
  ])(
    '%s: the code is bound to the key named at /par; another key cannot redeem it',
    async (_module, binding) => {
      const parKey = await dpopKey();
      const { code, verifier } = await authorized(
        binding === 'proof' ? { dpop: parKey } : { extra: { dpop_jkt: await thumbprint(parKey) } },
      );
      expectTokenRefused(await redeem(code, verifier, await dpopKey()), 'invalid_grant');
      // The refusal did not use the code up: its key still redeems it (RFC 9449 §10).
      expect((await redeem(code, verifier, parKey)).status).toBe(200);
    },
  );

  it('fapi2-security-profile-final-ensure-registered-redirect-uri: an unregistered redirect_uri is refused at /par', async () => {
    await expectParRefused(await push({ extra: { redirect_uri: 'https://rp.example.com/other' } }));
    await expectParRefused(await push({ extra: { redirect_uri: `${RP_REDIRECT}?x=1` } }));
  });

  it('fapi2-security-profile-final-ensure-redirect-uri-in-authorization-request: /par refuses a request without redirect_uri', async () => {
    // Of the outcomes the module permits, Tessera's: redirect_uri is required (FAPI 2.0 SP §5.3.2.2 item 6).
    await expectParRefused(await push({ extra: { redirect_uri: undefined } }));
  });

  it('fapi2-security-profile-final-ensure-unsigned-authorization-request-without-using-par-fails: a plain request is refused', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL('/authorize', issuer);
    url.searchParams.set('client_id', client1.clientId);
    for (const [name, value] of Object.entries(
      requestParameters(verifier, await oauth.calculatePKCECodeChallenge(verifier)),
    ))
      url.searchParams.set(name, value);
    const answer = await browserGet(url.href, user.cookie);
    // An error page, never a redirect to the client (which could carry a code).
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toContain('/par');
  });

  it.each([
    ['fapi2-security-profile-final-ensure-response-type-code-idtoken-fails', 'code id_token'],
    ['fapi2-security-profile-final-ensure-response-type-token-fails', 'token'],
  ])('%s', async (_module, responseType) => {
    const pushed = await push({ extra: { response_type: responseType } });
    expect(pushed.status).toBe(400);
    expect(pushed.json.error).toBe('unsupported_response_type');
  });

  it('fapi2-security-profile-final-ensure-client-id-in-token-endpoint: the second client cannot redeem the first one’s code', async () => {
    const { code, verifier } = await authorized();
    // client_id and an assertion of client 2, signed with client 1's key.
    const answer = await post(
      '/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        code_verifier: verifier,
        client_id: client2.clientId,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertion(client2, {}, { key: client1.privateKey }),
      },
      { dpop: await proof(await dpopKey(), 'POST', '/token') },
    );
    expectTokenRefused(answer, 'invalid_client');
  });

  it('fapi2-security-profile-final-ensure-holder-of-key-required: /token without a DPoP proof is refused', async () => {
    const { code, verifier } = await authorized();
    expectTokenRefused(await redeem(code, verifier, null), 'invalid_dpop_proof');
  });

  it('fapi2-security-profile-final-ensure-authorization-code-is-bound-to-client: client 2 cannot use client 1’s code', async () => {
    const { code, verifier } = await authorized();
    expectTokenRefused(await redeem(code, verifier, await dpopKey(), { client: client2 }), 'invalid_grant');
  });

  it('fapi2-security-profile-final-attempt-reuse-authorisation-code-after-one-second: refused, and the first tokens end', async () => {
    const keyPair = await dpopKey();
    const { code, verifier } = await authorized();
    const first = await redeem(code, verifier, keyPair);
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expectTokenRefused(await redeem(code, verifier, keyPair), 'invalid_grant');
    // RFC 6749 §4.1.2 (a SHOULD the module checks as a warning): the tokens issued for the code are revoked.
    expect((await resource(first.json.access_token as string, keyPair)).status).toBe(401);
  });

  it('fapi2-security-profile-final-attempt-to-use-expired-auth-code: a code lives 60 s at most, and not after', async () => {
    const { code, verifier } = await authorized();
    const byHash = eq(authorizationCodes.codeHash, hashToken(code));
    const [row] = await server.database.db.select().from(authorizationCodes).where(byHash);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60_000);
    await server.database.db
      .update(authorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(byHash);
    expectTokenRefused(await redeem(code, verifier, await dpopKey()), 'invalid_grant');
  });

  it('fapi2-security-profile-final-ensure-signed-client-assertion-with-RS256-fails', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const { code, verifier } = await authorized();
    const answer = await post(
      '/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        code_verifier: verifier,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertion(client1, {}, { alg: 'RS256', key: privateKey }),
      },
      { dpop: await proof(await dpopKey(), 'POST', '/token') },
    );
    expectTokenRefused(answer, 'invalid_client');
  });

  it('fapi2-security-profile-final-ensure-client-assertion-in-token-endpoint: no assertion, no tokens', async () => {
    const { code, verifier } = await authorized();
    const answer = await post(
      '/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        code_verifier: verifier,
        client_id: client1.clientId,
      },
      { dpop: await proof(await dpopKey(), 'POST', '/token') },
    );
    expectTokenRefused(answer, 'invalid_client');
  });

  it.each([
    [
      'fapi2-security-profile-final-ensure-client-assertion-with-exp-is-5-minutes-in-past-fails',
      () => ({ exp: now() - 300, iat: now() - 360 }),
    ],
    [
      'fapi2-security-profile-final-ensure-client-assertion-with-wrong-aud-fails',
      () => ({ aud: 'https://other.example.com' }),
    ],
    ['fapi2-security-profile-final-ensure-client-assertion-with-no-sub-fails', () => ({ sub: undefined })],
  ])('%s', async (_module, claims) => {
    const { code, verifier } = await authorized();
    expectTokenRefused(
      await redeem(code, verifier, await dpopKey(), { assertionClaims: claims() }),
      'invalid_client',
    );
  });

  it('fapi2-security-profile-final-refresh-token: refresh with private_key_jwt and DPoP; the new access token works', async () => {
    const keyPair = await dpopKey();
    const issued = await tokens(keyPair);
    const refreshed = await post(
      '/token',
      { grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...(await clientAuthentication()) },
      { dpop: await proof(keyPair, 'POST', '/token') },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.token_type).toBe('DPoP');
    expect(decodeJwt(refreshed.json.access_token as string).cnf).toEqual({ jkt: await thumbprint(keyPair) });
    expect((await resource(refreshed.json.access_token as string, keyPair)).status).toBe(200);
    // A refresh without a proof is refused (the client is registered for DPoP-bound tokens).
    const bare = await post('/token', {
      grant_type: 'refresh_token',
      refresh_token: (refreshed.json.refresh_token as string | undefined) ?? issued.refresh_token,
      ...(await clientAuthentication()),
    });
    expectTokenRefused(bare, 'invalid_dpop_proof');
  });

  it('fapi2-security-profile-final-par-attempt-reuse-request_uri: a request_uri is used once', async () => {
    const pushed = await push();
    const url = authorizeUrl(pushed.json.request_uri as string);
    const callback = await authorizeAndApprove(server, user, url);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const again = await browserGet(url, user.cookie);
    expect(again.status).toBe(400);
    expect(again.location).toBeNull();
  });

  it('fapi2-security-profile-final-par-ensure-reused-request-uri-prior-to-auth-completion-succeeds (warning only): the parked request completes', async () => {
    const pushed = await push();
    const url = authorizeUrl(pushed.json.request_uri as string);
    // The first visit, before the user signs in, parks the request for the hosted UI's sign-in page.
    const first = await browserGet(url);
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^\/ui\/sign-in\?request_id=/);
    // Tessera's deviation from the recommendation: a second visit of the same request_uri is refused.
    expect((await browserGet(url, user.cookie)).status).toBe(400);
  });

  it('fapi2-security-profile-final-par-attempt-to-use-expired-request_uri', async () => {
    const pushed = await push();
    expect(pushed.json.expires_in).toBeLessThanOrEqual(600);
    const requestUri = pushed.json.request_uri as string;
    const id = requestUri.slice('urn:ietf:params:oauth:request_uri:'.length);
    await server.database.db
      .update(pushedAuthorizationRequests)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(pushedAuthorizationRequests.idHash, hashToken(id)));
    const answer = await browserGet(authorizeUrl(requestUri), user.cookie);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it.each([
    [
      'fapi2-security-profile-final-par-ensure-jwt-client-assertion-with-iat-nbf-8-seconds-in-the-future-is-accepted',
      8,
      201,
    ],
    [
      'fapi2-security-profile-final-par-ensure-jwt-client-assertion-with-iat-nbf-over-60-seconds-in-the-future-fails',
      70,
      401,
    ],
  ])('%s', async (_module, ahead, status) => {
    const pushed = await push({ assertionClaims: { iat: now() + ahead, nbf: now() + ahead } });
    expect(pushed.status).toBe(status);
    if (status !== 201) expect(pushed.json.error).toBe('invalid_client');
  });

  it('fapi2-security-profile-final-par-ensure-request-uri-is-bound-to-client: client 2 cannot use client 1’s request_uri', async () => {
    const pushed = await push();
    const requestUri = pushed.json.request_uri as string;
    const stolen = await browserGet(authorizeUrl(requestUri, client2), user.cookie);
    expect(stolen.status).toBe(400);
    expect(stolen.location).toBeNull();
  });

  it('fapi2-security-profile-final-par-reject-request-uri-in-par-authorization-form-params', async () => {
    await expectParRefused(await push({ extra: { request_uri: 'urn:ietf:params:oauth:request_uri:abc' } }));
  });

  it('fapi2-security-profile-final-par-reject-invalid-http-verb: GET /par is not a pushed request', async () => {
    const answer = await fetch(`${server.publicUrl}/par`);
    expect(answer.status).toBe(405);
  });

  it('fapi2-security-profile-final-par-ensure-pkce-required: a pushed request without code_challenge', async () => {
    await expectParRefused(
      await push({ extra: { code_challenge: undefined, code_challenge_method: undefined } }),
    );
  });

  it('fapi2-security-profile-final-par-ensure-plain-pkce-rejected', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    await expectParRefused(
      await push({ extra: { code_challenge: verifier, code_challenge_method: 'plain' } }),
    );
  });

  it('fapi2-security-profile-final-par-ensure-pkce-code-verifier-required: /token without code_verifier', async () => {
    const { code } = await authorized();
    expectTokenRefused(await redeem(code, undefined, await dpopKey()), 'invalid_grant');
  });

  it('fapi2-security-profile-final-par-incorrect-pkce-code-verifier-rejected', async () => {
    const { code } = await authorized();
    expectTokenRefused(
      await redeem(code, oauth.generateRandomCodeVerifier(), await dpopKey()),
      'invalid_grant',
    );
  });

  it('fapi2-security-profile-final-par-without-duplicate-parameters: client_id and request_uri alone suffice', async () => {
    const pushed = await push();
    const callback = await authorizeAndApprove(server, user, authorizeUrl(pushed.json.request_uri as string));
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(pushed.parameters.state);
  });

  it.each([
    [
      'fapi2-security-profile-final-par-pushed-authorization-url-as-audience-for-client-assertion-fails',
      () => `${issuer}/par`,
    ],
    [
      'fapi2-security-profile-final-par-pushed-authorization-url-in-array-as-audience-for-client-assertion-fails',
      () => [`${issuer}/par`],
    ],
    [
      'fapi2-security-profile-final-par-token-endpoint-url-as-audience-for-client-assertion-fails',
      () => `${issuer}/token`,
    ],
  ])('%s: the assertion’s aud is the issuer alone', async (_module, aud) => {
    const pushed = await push({ assertionClaims: { aud: aud() } });
    expect(pushed.status).toBe(401);
    expect(pushed.json.error).toBe('invalid_client');
  });
});

describe('OIDF fapi2-security-profile-final-dpop-negative-tests (at the protected resource)', () => {
  let keyPair: oauth.CryptoKeyPair;
  let accessToken: string;
  beforeAll(async () => {
    keyPair = await dpopKey();
    accessToken = (await tokens(keyPair)).access_token;
  });

  it('accepts a DPoP header name in capitals (HTTP field names are case-insensitive)', async () => {
    const response = await fetch(`${server.publicUrl}/userinfo`, {
      headers: {
        Authorization: `DPoP ${accessToken}`,
        DPOP: await proof(keyPair, 'GET', '/userinfo', { ath: ath(accessToken) }),
      },
    });
    expect(response.status).toBe(200);
  });

  it('refuses two DPoP headers (RFC 9449 §4.3 step 1)', async () => {
    const proofs = [
      await proof(keyPair, 'GET', '/userinfo', { ath: ath(accessToken) }),
      await proof(keyPair, 'GET', '/userinfo', { ath: ath(accessToken) }),
    ];
    // Two header lines, as the attacker sends them: fetch would join them into one value, which fails as a
    // malformed proof before the count is checked.
    const answer = await new Promise<{ status: number; challenge: string | undefined }>((resolve, reject) => {
      const url = new URL('/userinfo', server.publicUrl);
      const request = httpRequest(url, {
        // Headers as a list: Node.js then adds no Host header of its own.
        headers: [
          'Host',
          url.host,
          'Authorization',
          `DPoP ${accessToken}`,
          'DPoP',
          proofs[0]!,
          'DPoP',
          proofs[1]!,
        ],
      });
      request.on('response', (response) => {
        response.resume();
        const challenge = response.headers['www-authenticate'];
        response.on('end', () => resolve({ status: response.statusCode ?? 0, challenge }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(
      /^DPoP error="invalid_dpop_proof", error_description="send one DPoP header"/,
    );
  });

  it.each([
    ['a proof that is not a well-formed JWT', async () => ({ proofs: ['not.a.jwt'] })],
    ['typ missing', async () => ({ header: { typ: undefined } })],
    ['an invalid typ', async () => ({ header: { typ: 'JWT' } })],
    ['jwk missing', async () => ({ header: { jwk: undefined } })],
    ['jti missing', async () => ({ claims: { jti: undefined } })],
    ['htm missing', async () => ({ claims: { htm: undefined } })],
    ['htu missing', async () => ({ claims: { htu: undefined } })],
    ['iat missing', async () => ({ claims: { iat: undefined } })],
    ['ath missing', async () => ({ claims: { ath: undefined } })],
    ['ath incorrect', async () => ({ claims: { ath: ath('another token') } })],
    ['an incorrect htm', async () => ({ claims: { htm: 'POST' } })],
    ['htu a different URL', async () => ({ claims: { htu: `${issuer}/token` } })],
    ['iat one hour in the future', async () => ({ claims: { iat: now() + 3600 } })],
    ['iat one hour in the past', async () => ({ claims: { iat: now() - 3600 } })],
    [
      'a jwk holding the private key',
      async () => ({
        header: { jwk: await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey) },
      }),
    ],
    ['an invalid signature', async () => ({ signWith: (await dpopKey()).privateKey })],
    ['the none alg', async () => ({ proofs: [unsignedProof()] })],
    [
      'RS256',
      async () => {
        const rsa = await generateKeyPair('RS256', { extractable: true });
        return {
          proofs: [
            await new SignJWT({
              jti: randomUUID(),
              htm: 'GET',
              htu: `${issuer}/userinfo`,
              iat: now(),
              ath: ath(accessToken),
            })
              .setProtectedHeader({ alg: 'RS256', typ: 'dpop+jwt', jwk: await exportJWK(rsa.publicKey) })
              .sign(rsa.privateKey),
          ],
        };
      },
    ],
    [
      'a proof signed with a key other than the bound one',
      async () => {
        const other = await dpopKey();
        return { proofs: [await proof(other, 'GET', '/userinfo', { ath: ath(accessToken) })] };
      },
    ],
  ])('refuses %s', async (_name, change) => {
    const answer = await resource(accessToken, keyPair, await change());
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(/^DPoP /);
  });

  function unsignedProof(): string {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'dpop+jwt' })}.${encode({
      jti: randomUUID(),
      htm: 'GET',
      htu: `${issuer}/userinfo`,
      iat: now(),
      ath: ath(accessToken),
    })}.`;
  }

  it('ignores a query and fragment in htu (RFC 9449 §4.3 step 9)', async () => {
    expect(
      (await resource(accessToken, keyPair, { claims: { htu: `${issuer}/userinfo?a=b#c` } })).status,
    ).toBe(200);
  });

  it('accepts a proof once and refuses it replayed (jti)', async () => {
    const once = await proof(keyPair, 'GET', '/userinfo', { ath: ath(accessToken) });
    expect((await resource(accessToken, keyPair, { proofs: [once] })).status).toBe(200);
    const replayed = await resource(accessToken, keyPair, { proofs: [once] });
    expect(replayed.status).toBe(401);
    expect(replayed.challenge).toMatch(/^DPoP error="invalid_dpop_proof"/);
  });

  it('ignores extra claims and header parameters', async () => {
    const answer = await resource(accessToken, keyPair, {
      claims: { extra: 'claim' },
      header: { extra: 'header' },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses the token without a proof, and as a bearer token', async () => {
    const withoutProof = await fetch(`${server.publicUrl}/userinfo`, {
      headers: { authorization: `DPoP ${accessToken}` },
    });
    expect(withoutProof.status).toBe(401);
    const bearer = await fetch(`${server.publicUrl}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(bearer.status).toBe(401);
  });

  it('still accepts a correct proof', async () => {
    expect((await resource(accessToken, keyPair)).status).toBe(200);
  });
});

describe('OIDF fapi2-message-signing-final-test-plan: request objects pushed to /par', () => {
  async function requestObject(
    claims: Record<string, unknown> = {},
    options: { alg?: string; key?: oauth.CryptoKey; typ?: string | undefined } = {},
  ): Promise<{ jwt: string; verifier: string; state: string }> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const payload: Record<string, unknown> = {
      iss: client1.clientId,
      aud: issuer,
      client_id: client1.clientId,
      iat: now(),
      nbf: now(),
      exp: now() + 300,
      jti: randomUUID(),
      ...requestParameters(verifier, await oauth.calculatePKCECodeChallenge(verifier), { state }),
      ...claims,
    };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    const header: Record<string, unknown> = {
      alg: options.alg ?? 'ES256',
      kid: client1.kid,
      typ: 'typ' in options ? options.typ : 'oauth-authz-req+jwt',
    };
    if (header.typ === undefined) delete header.typ;
    const jwt = await new SignJWT(payload)
      .setProtectedHeader(header as { alg: string })
      .sign(options.key ?? client1.privateKey);
    return { jwt, verifier, state };
  }

  const pushObject = async (jwt: string, outside: Record<string, string> = {}) =>
    post('/par', { request: jwt, ...outside, ...(await clientAuthentication()) });

  it('fapi2-security-profile-final-ensure-server-accepts-request-object-with-multiple-aud', async () => {
    const { jwt } = await requestObject({ aud: [issuer, 'https://other.example.com'] });
    expect((await pushObject(jwt)).status).toBe(201);
  });

  it('fapi2-security-profile-final-ensure-request-object-with-nbf-8-seconds-in-the-future-is-accepted', async () => {
    const { jwt } = await requestObject({ nbf: now() + 8 });
    expect((await pushObject(jwt)).status).toBe(201);
  });

  it.each([
    [
      'fapi2-security-profile-final-ensure-request-object-without-exp-fails',
      () => requestObject({ exp: undefined }),
    ],
    [
      'fapi2-security-profile-final-ensure-expired-request-object-fails',
      () => requestObject({ exp: now() - 120, iat: now() - 400, nbf: now() - 400 }),
    ],
    [
      'fapi2-security-profile-final-ensure-request-object-with-bad-aud-fails',
      () => requestObject({ aud: 'https://other.example.com' }),
    ],
    [
      'fapi2-security-profile-final-ensure-signed-request-object-with-RS256-fails',
      async () => requestObject({}, { alg: 'RS256', key: (await generateKeyPair('RS256')).privateKey }),
    ],
    [
      'fapi2-security-profile-final-ensure-request-object-signature-algorithm-is-not-none',
      async () => {
        const { jwt, ...rest } = await requestObject();
        const [, payload] = jwt.split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'oauth-authz-req+jwt' })).toString(
          'base64url',
        );
        return { jwt: `${header}.${payload}.`, ...rest };
      },
    ],
    [
      'fapi2-security-profile-final-ensure-request-object-with-invalid-signature-fails',
      async () => requestObject({}, { key: (await generateKeyPair('ES256')).privateKey }),
    ],
    [
      'fapi2-security-profile-final-par-reject-request-uri-in-par-authorization-request',
      () => requestObject({ request_uri: 'urn:ietf:params:oauth:request_uri:abc' }),
    ],
    ['a request object of another typ (RFC 9101 §10.8)', () => requestObject({}, { typ: 'dpop+jwt' })],
  ])('%s: invalid_request_object', async (_module, make) => {
    const { jwt } = await make();
    const answer = await pushObject(jwt);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('invalid_request_object');
  });

  it('accepts a request object without typ, and one with the media type spelled in full', async () => {
    expect((await pushObject((await requestObject({}, { typ: undefined })).jwt)).status).toBe(201);
    expect(
      (await pushObject((await requestObject({}, { typ: 'application/oauth-authz-req+jwt' })).jwt)).status,
    ).toBe(201);
  });

  it('refuses a FAPI client’s request object replayed (its jti), on the second push', async () => {
    const { jwt } = await requestObject();
    expect((await pushObject(jwt)).status).toBe(201);
    const again = await pushObject(jwt);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_request_object');
    expect(String(again.json.error_description)).toContain('jti');
  });

  it.each([
    ['fapi2-security-profile-final-ensure-different-state-inside-and-outside-request-object', 'state'],
    ['fapi2-security-profile-final-ensure-different-nonce-inside-and-outside-request-object', 'nonce'],
    ['fapi2-security-profile-final-state-only-outside-request-object-not-used', 'state-outside-only'],
  ])('%s: only the request object’s parameters count', async (_module, variant) => {
    const keyPair = await dpopKey();
    const inside = variant === 'state-outside-only' ? { state: undefined } : {};
    const { jwt, verifier, state } = await requestObject(inside);
    const pushed = await pushObject(jwt, { state: 'outside-state', nonce: 'outside-nonce' });
    expect(pushed.status).toBe(201);
    const callback = await authorizeAndApprove(server, user, authorizeUrl(pushed.json.request_uri as string));
    if (variant === 'state-outside-only') expect(callback.searchParams.has('state')).toBe(false);
    else expect(callback.searchParams.get('state')).toBe(state);
    const answer = await redeem(callback.searchParams.get('code')!, verifier, keyPair);
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.json.id_token as string).nonce).not.toBe('outside-nonce');
  });

  it('fapi2-security-profile-final-ensure-request-object-without-redirect-uri-fails', async () => {
    const { jwt } = await requestObject({ redirect_uri: undefined });
    const answer = await pushObject(jwt);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('invalid_request');
  });
});

describe('OIDF fapi2-security-profile-final-test-plan, fapi_client_credentials_grant variant', () => {
  it('fapi2-security-profile-final: a DPoP-bound client-credentials token with private_key_jwt', async () => {
    const keyPair = await dpopKey();
    const answer = await post(
      '/token',
      { grant_type: 'client_credentials', scope: 'accounts', ...(await clientAuthentication()) },
      { dpop: await proof(keyPair, 'POST', '/token') },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.token_type).toBe('DPoP');
    expect(decodeJwt(answer.json.access_token as string).cnf).toEqual({ jkt: await thumbprint(keyPair) });
    expect(answer.json.refresh_token).toBeUndefined();
  });

  it('fapi2-security-profile-final-ensure-holder-of-key-required: no proof, no token', async () => {
    const answer = await post('/token', {
      grant_type: 'client_credentials',
      scope: 'accounts',
      ...(await clientAuthentication()),
    });
    expectTokenRefused(answer, 'invalid_dpop_proof');
  });
});
