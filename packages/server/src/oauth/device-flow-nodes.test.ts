/**
 * Exactly-once issuance of a device code across nodes (RFC 8628 §3.4, docs/device-flow.md#exactly-once): two nodes of
 * one deployment, the device's polls racing on both after the user approved, give one token response, whichever
 * node serves it; every other poll is invalid_grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_GRANT_TYPE } from '../protocol/oauth/vocabulary.js';
import { decideDevice } from '../testing/device-flow.js';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import {
  basicAuthorization,
  formPost,
  type RegisteredClient,
  registerClient,
  signInUser,
} from '../testing/oauth.js';

const POLLS_PER_NODE = 10;

let nodes: TwoNodes;
let device: RegisteredClient;

beforeAll(async () => {
  nodes = await startTwoNodes({ sharedIssuer: true });
  device = await registerClient(nodes.nodeA, {
    redirect_uris: [],
    grant_types: [DEVICE_CODE_GRANT_TYPE, 'refresh_token'],
    scopes: [{ scope: 'openid', description: '' }],
  });
}, 60_000);
afterAll(async () => {
  await nodes?.close();
});

describe('a device code approved once', () => {
  it(`polled ${POLLS_PER_NODE} times at once on each of two nodes: exactly one token response`, async () => {
    const authorization = { authorization: basicAuthorization(device.clientId, device.clientSecret!) };
    const started = await formPost(nodes.nodeA, '/device_authorization', { scope: 'openid' }, authorization);
    expect(started.status).toBe(200);
    const { device_code: deviceCode, user_code: userCode } = started.json as Record<string, string>;
    // The user approves through node B; the device polls both.
    const user = await signInUser(nodes.nodeB);
    await decideDevice(nodes.nodeB, user, userCode!, 'approve');
    const form = { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode! };
    const poll = (node: typeof nodes.nodeA) =>
      fetch(`${node.publicUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...authorization },
        body: new URLSearchParams(form),
      }).then(async (response) => ({
        status: response.status,
        json: (await response.json()) as Record<string, unknown>,
      }));
    const answers = await Promise.all(
      Array.from({ length: POLLS_PER_NODE }, () => [poll(nodes.nodeA), poll(nodes.nodeB)]).flat(),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.json).toMatchObject({
      access_token: expect.any(String),
      id_token: expect.any(String),
    });
    const losers = answers.filter((answer) => answer.status !== 200);
    expect(losers).toHaveLength(2 * POLLS_PER_NODE - 1);
    for (const loser of losers)
      expect(loser).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    // The winner's tokens work on either node; the one refresh token family exists once.
    const refreshed = await formPost(
      nodes.nodeB,
      '/token',
      { grant_type: 'refresh_token', refresh_token: winners[0]!.json.refresh_token as string },
      authorization,
    );
    expect(refreshed.status).toBe(200);
  });
});
