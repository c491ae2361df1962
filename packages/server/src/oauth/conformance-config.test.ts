/**
 * The OIDF Config OP plan (oidcc-discovery-endpoint-verification, reference/interop.md §1.3), plus the converse
 * (OpenID Connect Discovery 1.0 §3, RFC 8414 §2): discovery advertises nothing that does not exist. Every
 * endpoint is called with its method and every advertised grant type, response type and mode, client
 * authentication method, signing algorithm, prompt value, scope and claim is exercised here.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_GRANT_TYPE } from '../protocol/oauth/vocabulary.js';
import { authorizeOnce, codeRequest } from '../testing/code-flow.js';
import { decideDevice } from '../testing/device-flow.js';
import {
  allowHttp,
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  browserGet,
  expectErrorRedirect,
  fetchJwks,
  formPost,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  type StrictClient,
  signInUser,
  strictClient,
  type TokenEndpointAuthMethod,
  validateIdToken,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let issuer: string;
let metadata: Record<string, unknown>;
let discoveryResponse: Response;
let confidential: RegisteredClient;
let user: SignedIn;

const ALL_SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'email', description: '' },
  { scope: 'offline_access', description: '' },
  { scope: 'api:read', description: 'Read the API' },
];

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  discoveryResponse = await fetch(`${issuer}/.well-known/openid-configuration`);
  metadata = (await discoveryResponse.clone().json()) as Record<string, unknown>;
  confidential = await registerClient(server, {
    grant_types: [
      'authorization_code',
      'refresh_token',
      'client_credentials',
      DEVICE_CODE_GRANT_TYPE,
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ],
    scopes: ALL_SCOPES,
    token_exchange: { audiences: ['https://api.example.com/'], scopes: ['api:read'] },
  });
  user = await signInUser(server, { name: 'Config Tester', email: 'config@example.com' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const strings = (name: string) => metadata[name] as string[];

/**
 * The members OIDC Discovery 1.0 §3, RFC 8414 §2, RFC 9207 §3, RP-Initiated Logout 1.0 §2.1, RFC 9126 §5 and
 * RFC 9449 §5.1 define.
 */
const REGISTERED_METADATA = new Set([
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'scopes_supported',
  'response_types_supported',
  'response_modes_supported',
  'grant_types_supported',
  'acr_values_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'id_token_encryption_alg_values_supported',
  'id_token_encryption_enc_values_supported',
  'userinfo_signing_alg_values_supported',
  'userinfo_encryption_alg_values_supported',
  'userinfo_encryption_enc_values_supported',
  'request_object_signing_alg_values_supported',
  'request_object_encryption_alg_values_supported',
  'request_object_encryption_enc_values_supported',
  'token_endpoint_auth_methods_supported',
  'token_endpoint_auth_signing_alg_values_supported',
  'display_values_supported',
  'claim_types_supported',
  'claims_supported',
  'service_documentation',
  'claims_locales_supported',
  'ui_locales_supported',
  'claims_parameter_supported',
  'request_parameter_supported',
  'request_uri_parameter_supported',
  'require_request_uri_registration',
  'op_policy_uri',
  'op_tos_uri',
  'revocation_endpoint',
  'revocation_endpoint_auth_methods_supported',
  'revocation_endpoint_auth_signing_alg_values_supported',
  'introspection_endpoint',
  'introspection_endpoint_auth_methods_supported',
  'introspection_endpoint_auth_signing_alg_values_supported',
  'code_challenge_methods_supported',
  'prompt_values_supported',
  'authorization_response_iss_parameter_supported',
  'end_session_endpoint',
  // OIDC Back-Channel Logout 1.0 §2.1.
  'backchannel_logout_supported',
  'backchannel_logout_session_supported',
  // RFC 9126 §5.
  'pushed_authorization_request_endpoint',
  'require_pushed_authorization_requests',
  // RFC 9449 §5.1.
  'dpop_signing_alg_values_supported',
  // RFC 8628 §4.
  'device_authorization_endpoint',
]);

/** A code flow with PKCE for a registered client; returns the token response (validated by oauth4webapi). */
async function codeFlow(
  rp: StrictClient,
  options: { scope?: string; nonce?: string | null; responseMode?: string } = {},
): Promise<oauth.TokenEndpointResponse> {
  const state = oauth.generateRandomState();
  const nonce = options.nonce === undefined ? oauth.generateRandomNonce() : options.nonce;
  const { url, verifier } = await codeRequest(server, rp, {
    response_mode: options.responseMode,
    scope: options.scope ?? 'openid',
    state,
    nonce: nonce ?? undefined,
  });
  const callback = await authorizeAndApprove(server, user, url);
  const parameters = oauth.validateAuthResponse(rp.as, rp.client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    rp.as,
    rp.client,
    rp.auth,
    parameters,
    RP_REDIRECT,
    verifier,
    allowHttp,
  );
  return oauth.processAuthorizationCodeResponse(rp.as, rp.client, response, {
    expectedNonce: nonce ?? oauth.expectNoNonce,
    requireIdToken: (options.scope ?? 'openid').split(' ').includes('openid'),
  });
}

describe('OIDF oidcc-discovery-endpoint-verification', () => {
  it('is served as JSON with status 200', () => {
    expect(discoveryResponse.status).toBe(200);
    expect(discoveryResponse.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof metadata).toBe('object');
  });

  it('issuer is exactly the URL the document was fetched under (Discovery §4.3)', async () => {
    expect(metadata.issuer).toBe(issuer);
    expect(new URL(metadata.issuer as string).href).toBe(new URL(issuer).href);
    // The strictest RP library accepts it, including its issuer comparison.
    const as = await oauth.processDiscoveryResponse(
      new URL(issuer),
      await oauth.discoveryRequest(new URL(issuer), allowHttp),
    );
    expect(as.issuer).toBe(issuer);
  });

  it('has every required member with the right types', () => {
    for (const name of [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'userinfo_endpoint',
    ]) {
      expect(metadata[name], name).toEqual(expect.any(String));
    }
    for (const name of [
      'response_types_supported',
      'subject_types_supported',
      'id_token_signing_alg_values_supported',
      'scopes_supported',
      'grant_types_supported',
      'claims_supported',
      'code_challenge_methods_supported',
      'token_endpoint_auth_methods_supported',
    ]) {
      expect(Array.isArray(metadata[name]), name).toBe(true);
      expect(strings(name).length, name).toBeGreaterThan(0);
      for (const value of strings(name)) expect(value, name).toEqual(expect.any(String));
    }
    for (const name of [
      'claims_parameter_supported',
      'request_parameter_supported',
      'request_uri_parameter_supported',
      'authorization_response_iss_parameter_supported',
    ]) {
      expect(typeof metadata[name], name).toBe('boolean');
    }
  });

  it('scopes include openid, RS256 is offered, and PKCE offers S256 only (no plain)', () => {
    expect(strings('scopes_supported')).toContain('openid');
    expect(strings('id_token_signing_alg_values_supported')).toContain('RS256');
    expect(strings('id_token_signing_alg_values_supported')).not.toContain('none');
    expect(strings('code_challenge_methods_supported')).toEqual(['S256']);
    expect(strings('response_types_supported')).toEqual(['code']);
    expect(strings('subject_types_supported')).toEqual(['public']);
  });

  it('has no members outside the registered metadata names', () => {
    const unknown = Object.keys(metadata).filter((name) => !REGISTERED_METADATA.has(name));
    expect(unknown).toEqual([]);
  });

  it('every endpoint lives under the issuer', () => {
    for (const [name, value] of Object.entries(metadata)) {
      if (name.endsWith('_endpoint') || name === 'jwks_uri') {
        expect(value as string, name).toMatch(new RegExp(`^${issuer}/`));
      }
    }
  });

  it('the JWKS is fetchable JSON with distinct kids, public members only, and an RS256 key', async () => {
    const response = await fetch(metadata.jwks_uri as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(json|jwk-set\+json)/);
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    const kids = jwks.keys.map((key) => key.kid);
    expect(new Set(kids).size).toBe(kids.length);
    for (const key of jwks.keys) {
      expect(key.kid).toEqual(expect.any(String));
      expect(key.use).toBe('sig');
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) {
        expect(key, `${key.kid} ${privateMember}`).not.toHaveProperty(privateMember);
      }
    }
    expect(jwks.keys.some((key) => key.alg === 'RS256' && key.kty === 'RSA')).toBe(true);
    // Every advertised ID token algorithm has a published key.
    for (const alg of strings('id_token_signing_alg_values_supported')) {
      expect(
        jwks.keys.some((key) => key.alg === alg),
        alg,
      ).toBe(true);
    }
  });

  it('end_session_endpoint is advertised (RP-Initiated Logout discovery module)', () => {
    expect(metadata.end_session_endpoint).toBe(`${issuer}/logout`);
  });
});

describe('every advertised endpoint answers its method (never 404 or 405)', () => {
  it('authorization_endpoint: GET and POST answer with the error page for an empty request', async () => {
    const get = await browserGet(metadata.authorization_endpoint as string);
    expect(get.status).toBe(400);
    expect(get.body).toMatch(/^<!doctype html>/);
    const post = await fetch(metadata.authorization_endpoint as string, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(post.status).toBe(400);
  });

  it('token_endpoint: POST without credentials is invalid_client', async () => {
    const answer = await formPost(server, new URL(metadata.token_endpoint as string).pathname, {
      grant_type: 'client_credentials',
    });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('invalid_client');
  });

  it('userinfo_endpoint: GET and POST without a token ask for one', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(metadata.userinfo_endpoint as string, { method });
      expect(response.status, method).toBe(401);
      expect(response.headers.get('www-authenticate'), method).toMatch(/^Bearer /);
    }
  });

  it.each(['introspection_endpoint', 'revocation_endpoint'])(
    '%s: POST without credentials is invalid_client',
    async (name) => {
      const answer = await formPost(server, new URL(metadata[name] as string).pathname, { token: 'x' });
      expect(answer.status).toBe(401);
      expect(answer.json.error).toBe('invalid_client');
    },
  );

  it('end_session_endpoint: GET and POST lead to the sign-out page', async () => {
    const get = await browserGet(metadata.end_session_endpoint as string);
    expect(get).toMatchObject({ status: 303, location: '/ui/logout' });
    const post = await fetch(metadata.end_session_endpoint as string, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/ui/logout');
  });
});

describe('everything advertised works', () => {
  it('grant_types_supported: each grant type is exercised and succeeds', async () => {
    const rp = await strictClient(server, confidential);
    const exercised: Record<string, () => Promise<void>> = {
      authorization_code: async () => {
        const tokens = await codeFlow(rp);
        expect(tokens.id_token).toEqual(expect.any(String));
      },
      refresh_token: async () => {
        const tokens = await codeFlow(rp);
        const response = await oauth.refreshTokenGrantRequest(
          rp.as,
          rp.client,
          rp.auth,
          tokens.refresh_token!,
          allowHttp,
        );
        const refreshed = await oauth.processRefreshTokenResponse(rp.as, rp.client, response);
        expect(refreshed.access_token).toEqual(expect.any(String));
      },
      client_credentials: async () => {
        const response = await oauth.clientCredentialsGrantRequest(
          rp.as,
          rp.client,
          rp.auth,
          { scope: 'api:read' },
          allowHttp,
        );
        const tokens = await oauth.processClientCredentialsResponse(rp.as, rp.client, response);
        expect(tokens.scope).toBe('api:read');
      },
      [DEVICE_CODE_GRANT_TYPE]: async () => {
        const authorization = await oauth.processDeviceAuthorizationResponse(
          rp.as,
          rp.client,
          await oauth.deviceAuthorizationRequest(rp.as, rp.client, rp.auth, { scope: 'openid' }, allowHttp),
        );
        await decideDevice(server, user, authorization.user_code, 'approve');
        const tokens = await oauth.processDeviceCodeResponse(
          rp.as,
          rp.client,
          await oauth.deviceCodeGrantRequest(rp.as, rp.client, rp.auth, authorization.device_code, allowHttp),
        );
        expect(tokens.id_token).toEqual(expect.any(String));
      },
      'urn:ietf:params:oauth:grant-type:token-exchange': async () => {
        const user = await codeFlow(rp, { scope: 'openid api:read' });
        const response = await oauth.genericTokenEndpointRequest(
          rp.as,
          rp.client,
          rp.auth,
          'urn:ietf:params:oauth:grant-type:token-exchange',
          {
            subject_token: user.access_token,
            subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
            resource: 'https://api.example.com/',
          },
          allowHttp,
        );
        const tokens = await oauth.processGenericTokenEndpointResponse(rp.as, rp.client, response);
        expect(tokens.issued_token_type).toBe('urn:ietf:params:oauth:token-type:access_token');
      },
    };
    expect(Object.keys(exercised).sort()).toEqual([...strings('grant_types_supported')].sort());
    for (const grant of strings('grant_types_supported')) await exercised[grant]!();
    // And one that is not advertised is refused.
    const answer = await formPost(
      server,
      '/token',
      { grant_type: 'password', username: 'a', password: 'b' },
      { authorization: basicAuthorization(confidential.clientId, confidential.clientSecret!) },
    );
    expect(answer.json.error).toBe('unsupported_grant_type');
  });

  it('response_types_supported and response_modes_supported: each works; others are refused', async () => {
    const rp = await strictClient(server, confidential);
    for (const mode of strings('response_modes_supported')) {
      expect((await codeFlow(rp, { responseMode: mode })).access_token).toEqual(expect.any(String));
    }
    for (const [parameter, value, error] of [
      ['response_type', 'token', 'unsupported_response_type'],
      ['response_type', 'id_token', 'unsupported_response_type'],
      ['response_type', 'code id_token', 'unsupported_response_type'],
      ['response_mode', 'form_post', 'invalid_request'],
      ['response_mode', 'fragment', 'invalid_request'],
    ] as const) {
      const url = authorizeUrl(server, {
        client_id: confidential.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 's',
        [parameter]: value,
      });
      expectErrorRedirect(server, await browserGet(url, user.cookie), { error, state: 's' });
    }
  });

  it('token_endpoint_auth_methods_supported: each method works', async () => {
    const publicClient = await registerClient(server, {
      type: 'public',
      grant_types: ['authorization_code'],
    });
    const advertised = strings('token_endpoint_auth_methods_supported');
    expect(advertised.sort()).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'none',
      'private_key_jwt',
    ]);
    // private_key_jwt is proven with oauth4webapi's PrivateKeyJwt in private-key-jwt.test.ts and par.test.ts.
    for (const method of advertised.filter(
      (name) => name !== 'private_key_jwt',
    ) as TokenEndpointAuthMethod[]) {
      const rp = await strictClient(server, method === 'none' ? publicClient : confidential, method);
      const tokens = await codeFlow(rp);
      expect(tokens.access_token, method).toEqual(expect.any(String));
      // A client without the refresh_token grant gets no refresh token from its code (RFC 6749 §5.1: optional).
      if (method === 'none') expect(tokens.refresh_token).toBeUndefined();
      else expect(tokens.refresh_token, method).toEqual(expect.any(String));
    }
  });

  it('introspection and revocation auth methods: the advertised ones work, client_secret_post is refused', async () => {
    expect(strings('introspection_endpoint_auth_methods_supported')).toEqual([
      'client_secret_basic',
      'private_key_jwt',
    ]);
    expect(strings('revocation_endpoint_auth_methods_supported').sort()).toEqual([
      'client_secret_basic',
      'none',
      'private_key_jwt',
    ]);
    const rp = await strictClient(server, confidential);
    const tokens = await codeFlow(rp);
    const basic = { authorization: basicAuthorization(confidential.clientId, confidential.clientSecret!) };
    const posted = { client_id: confidential.clientId, client_secret: confidential.clientSecret! };
    const introspected = await formPost(server, '/introspect', { token: tokens.access_token }, basic);
    expect(introspected.json.active).toBe(true);
    const postIntrospection = await formPost(server, '/introspect', {
      token: tokens.access_token,
      ...posted,
    });
    expect(postIntrospection).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const postRevocation = await formPost(server, '/revoke', { token: tokens.refresh_token!, ...posted });
    expect(postRevocation).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    expect((await formPost(server, '/revoke', { token: tokens.refresh_token! }, basic)).status).toBe(200);
    // Public clients revoke with their client_id ('none').
    const publicClient = await registerClient(server, {
      type: 'public',
      grant_types: ['authorization_code'],
    });
    const revokedByPublic = await formPost(server, '/revoke', {
      token: 'unknown',
      client_id: publicClient.clientId,
    });
    expect(revokedByPublic.status).toBe(200);
  });

  it('id_token_signing_alg_values_supported: an ID token can be had, and verified, with each', async () => {
    for (const alg of strings('id_token_signing_alg_values_supported')) {
      const registered = await registerClient(server, {
        id_token_signed_response_alg: alg as 'RS256' | 'ES256' | 'EdDSA',
      });
      const rp = await strictClient(server, registered);
      rp.client.id_token_signed_response_alg = alg;
      const tokens = await codeFlow(rp, { nonce: 'n-0S6_WzA2Mj' });
      expect(decodeProtectedHeader(tokens.id_token!).alg, alg).toBe(alg);
      await validateIdToken(server, tokens.id_token!, {
        clientId: registered.clientId,
        nonce: 'n-0S6_WzA2Mj',
        alg,
        accessToken: tokens.access_token,
      });
    }
  });

  it('subject_types_supported public: the same sub for every client', async () => {
    const first = await codeFlow(await strictClient(server, confidential));
    const second = await codeFlow(await strictClient(server, await registerClient(server)));
    const sub = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
    expect(sub(first.id_token!)).toBe(user.user.id);
    expect(sub(second.id_token!)).toBe(user.user.id);
  });

  it('prompt_values_supported: each value is accepted', async () => {
    const rp = await strictClient(server, confidential);
    await codeFlow(rp);
    for (const prompt of strings('prompt_values_supported')) {
      const { answer } = await authorizeOnce(server, user, confidential, { prompt });
      expect(answer.status, prompt).toBe(302);
      // none completes silently; the others send the browser to the hosted UI: login to its sign-in page, the
      // rest to its consent page.
      if (prompt === 'none') expect(answer.location, prompt).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
      else if (prompt === 'login') expect(answer.location, prompt).toMatch(/^\/ui\/sign-in\?request_id=/);
      else expect(answer.location, prompt).toMatch(/^\/ui\/authorize\?request_id=/);
    }
  });

  it('scopes_supported: each scope is granted when the client may use it; offline_access yields a refresh token', async () => {
    const rp = await strictClient(server, confidential);
    for (const scope of strings('scopes_supported')) {
      const tokens = await codeFlow(rp, { scope: scope === 'openid' ? 'openid' : `openid ${scope}` });
      expect(tokens.scope?.split(' '), scope).toContain(scope);
      if (scope === 'offline_access') expect(tokens.refresh_token).toEqual(expect.any(String));
    }
  });

  it('claims_supported: each claim appears in the ID token or at userinfo', async () => {
    const rp = await strictClient(server, confidential);
    const tokens = await codeFlow(rp, { scope: 'openid profile email', nonce: 'claims-check' });
    const idToken = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString());
    const response = await oauth.userInfoRequest(rp.as, rp.client, tokens.access_token, allowHttp);
    const info = await oauth.processUserInfoResponse(rp.as, rp.client, user.user.id, response);
    const seen = new Set([...Object.keys(idToken), ...Object.keys(info)]);
    const missing = strings('claims_supported').filter((claim) => !seen.has(claim));
    expect(missing).toEqual([]);
  });

  it('the published keys verify what the service signs, and a key the service does not hold verifies nothing', async () => {
    const rp = await strictClient(server, confidential);
    const tokens = await codeFlow(rp, { nonce: null });
    const jwks = await fetchJwks(server);
    const { kid } = decodeProtectedHeader(tokens.id_token!);
    expect(jwks.keys.filter((key) => key.kid === kid)).toHaveLength(1);
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    const substituted = {
      keys: jwks.keys.map((key) => (key.kid === kid ? { ...foreign, kid, alg: 'RS256', use: 'sig' } : key)),
    };
    await expect(jwtVerify(tokens.id_token!, createLocalJWKSet(substituted))).rejects.toThrow();
    await expect(jwtVerify(tokens.id_token!, createLocalJWKSet(jwks))).resolves.toBeTruthy();
  });
});
