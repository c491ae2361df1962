import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import {
  authorizeAndApprove,
  browserGet,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import type { TestServer } from '../testing/server.js';

/**
 * The one-use values of a FAPI 2.0 client, used at once on two nodes of one deployment (one database): a DPoP proof's
 * `jti` (RFC 9449 §11.1), a `request_uri` (RFC 9126 §7.3), a `private_key_jwt` assertion's `jti` (RFC 7523 §3) and a
 * request object's `jti`. Each is sent in parallel, alternately to each node, several rounds; every round has
 * exactly one success, whichever node wins.
 */

const PARALLEL = 6;
const ROUNDS = 3;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let nodes: TwoNodes;
let issuer: string;
let clientId: string;
let signingKey: oauth.CryptoKey;
const kid = randomUUID();
let user: SignedIn;

beforeAll(async () => {
  nodes = await startTwoNodes({ sharedIssuer: true });
  issuer = nodes.nodeA.config.baseUrl;
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
  clientId = (
    await registerClient(nodes.nodeA, {
      grant_types: ['authorization_code', 'client_credentials'],
      scopes: [
        { scope: 'openid', description: '' },
        { scope: 'accounts', description: 'Accounts' },
      ],
      fapi2_profile: true,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [jwk as Record<string, unknown>] },
    })
  ).clientId;
  user = await signInUser(nodes.nodeA);
}, 120_000);

afterAll(async () => {
  await nodes?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const nodeFor = (index: number): TestServer => (index % 2 === 0 ? nodes.nodeA : nodes.nodeB);

async function assertion(jti = randomUUID()): Promise<string> {
  return new SignJWT({ iss: clientId, sub: clientId, aud: issuer, iat: now(), exp: now() + 60, jti })
    .setProtectedHeader({ alg: 'ES256', kid })
    .sign(signingKey);
}

async function dpopProof(keyPair: oauth.CryptoKeyPair, htm: string, path: string, accessToken?: string) {
  return new SignJWT({
    jti: randomUUID(),
    htm,
    htu: `${issuer}${path}`,
    iat: now(),
    ...(accessToken ? { ath: createHash('sha256').update(accessToken).digest('base64url') } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(keyPair.publicKey) })
    .sign(keyPair.privateKey);
}

async function post(
  node: TestServer,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${node.publicUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A pushed request of the client at node A: its request_uri and the PKCE verifier that redeems its code. */
async function pushed(): Promise<{ requestUri: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const answer = await post(nodes.nodeA, '/par', {
    response_type: 'code',
    redirect_uri: RP_REDIRECT,
    scope: 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await assertion(),
  });
  expect(answer.status).toBe(201);
  return { requestUri: answer.json.request_uri as string, verifier };
}

const authorizePath = (requestUri: string) =>
  `/authorize?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(requestUri)}`;

/** A user's access token bound to `keyPair`: PAR, approval and the code redeemed, all at node A. */
async function userAccessToken(keyPair: oauth.CryptoKeyPair): Promise<string> {
  const { requestUri, verifier } = await pushed();
  const callback = await authorizeAndApprove(nodes.nodeA, user, `${issuer}${authorizePath(requestUri)}`);
  const answer = await post(
    nodes.nodeA,
    '/token',
    {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: RP_REDIRECT,
      code_verifier: verifier,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(),
    },
    { dpop: await dpopProof(keyPair, 'POST', '/token') },
  );
  expect(answer.status).toBe(200);
  return answer.json.access_token as string;
}

/** Runs `attempt` PARALLEL times at once, alternating nodes; the statuses, sorted. */
async function atOnce(attempt: (node: TestServer) => Promise<{ status: number }>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, index) => attempt(nodeFor(index))));
  return answers.map((answer) => answer.status).sort();
}

const oneSuccess = (success: number, failure: number) => [
  success,
  ...Array.from({ length: PARALLEL - 1 }, () => failure),
];

describe('one-use FAPI values on two nodes at once', () => {
  it('one DPoP proof at /token: exactly one token', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const keyPair = (await oauth.generateKeyPair('ES256')) as oauth.CryptoKeyPair;
      const proof = await dpopProof(keyPair, 'POST', '/token');
      // Each request authenticates with its own assertion: only the proof is shared.
      const assertions = await Promise.all(Array.from({ length: PARALLEL }, () => assertion()));
      let next = 0;
      const statuses = await atOnce((node) =>
        post(
          node,
          '/token',
          {
            grant_type: 'client_credentials',
            scope: 'accounts',
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: assertions[next++]!,
          },
          { dpop: proof },
        ),
      );
      expect(statuses).toEqual(oneSuccess(200, 400));
    }
  });

  it('one DPoP proof at /userinfo: exactly one answer', async () => {
    const keyPair = (await oauth.generateKeyPair('ES256')) as oauth.CryptoKeyPair;
    const accessToken = await userAccessToken(keyPair);
    for (let round = 0; round < ROUNDS; round += 1) {
      const proof = await dpopProof(keyPair, 'GET', '/userinfo', accessToken);
      const statuses = await atOnce((node) =>
        fetch(`${node.publicUrl}/userinfo`, {
          headers: { authorization: `DPoP ${accessToken}`, dpop: proof },
        }),
      );
      expect(statuses).toEqual(oneSuccess(200, 401));
    }
  });

  it('one request_uri at /authorize: exactly one browser continues', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { requestUri } = await pushed();
      const statuses = await atOnce((node) =>
        browserGet(`${node.publicUrl}${authorizePath(requestUri)}`, user.cookie),
      );
      expect(statuses).toEqual(oneSuccess(302, 400));
    }
  });

  it('one private_key_jwt assertion at /par: exactly one pushed request', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const shared = await assertion();
      const verifier = oauth.generateRandomCodeVerifier();
      const challenge = await oauth.calculatePKCECodeChallenge(verifier);
      const statuses = await atOnce((node) =>
        post(node, '/par', {
          response_type: 'code',
          redirect_uri: RP_REDIRECT,
          scope: 'openid',
          code_challenge: challenge,
          code_challenge_method: 'S256',
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: shared,
        }),
      );
      expect(statuses).toEqual(oneSuccess(201, 401));
    }
  });

  it('one request object (its jti) at /par: exactly one pushed request', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const verifier = oauth.generateRandomCodeVerifier();
      const requestObject = await new SignJWT({
        iss: clientId,
        aud: issuer,
        client_id: clientId,
        iat: now(),
        exp: now() + 60,
        jti: randomUUID(),
        response_type: 'code',
        redirect_uri: RP_REDIRECT,
        scope: 'openid',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'oauth-authz-req+jwt' })
        .sign(signingKey);
      const assertions = await Promise.all(Array.from({ length: PARALLEL }, () => assertion()));
      let next = 0;
      const statuses = await atOnce((node) =>
        post(node, '/par', {
          request: requestObject,
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: assertions[next++]!,
        }),
      );
      expect(statuses).toEqual(oneSuccess(201, 400));
    }
  });
});
