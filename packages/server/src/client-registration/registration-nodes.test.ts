/**
 * Dynamic Client Registration on two nodes of one database: an initial access token's uses, its revocation and a
 * registered client's deletion hold on both nodes at once, whichever node served the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_COMMAND } from '../audit/change-author.js';
import { eventually, startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import type { TestServer } from '../testing/server.js';

describe('client registration on two nodes', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    nodes = await startTwoNodes({ sharedIssuer: true });
    ({ nodeA, nodeB } = nodes);
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
  });

  async function issue(maxUses: number | null): Promise<{ id: string; token: string }> {
    const { token, plaintext } = await nodeA.context.clientRegistration.initialAccessTokens.issue(
      { description: 'two nodes', expiresInSeconds: 3600, maxUses, createdBy: null },
      BY_COMMAND,
    );
    return { id: token.id, token: plaintext };
  }

  async function call(node: TestServer, method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${node.publicUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  async function clientCredentials(node: TestServer, clientId: string, secret: string): Promise<number> {
    const response = await fetch(`${node.publicUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    await response.arrayBuffer();
    return response.status;
  }

  const SERVICE = {
    client_name: 'Backend service',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'client_secret_basic',
  };

  it('a single-use token registers exactly one client when both nodes race for it', async () => {
    const once = await issue(1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(index % 2 === 0 ? nodeA : nodeB, 'POST', '/register', once.token, {
          ...SERVICE,
          client_name: `Racer ${index}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(401)]);
  });

  it('a token revoked on one node registers nothing on the other', async () => {
    const issued = await issue(null);
    expect((await call(nodeB, 'POST', '/register', issued.token, SERVICE)).status).toBe(201);
    await nodeB.context.clientRegistration.initialAccessTokens.revoke(issued.id, BY_COMMAND);
    expect((await call(nodeA, 'POST', '/register', issued.token, SERVICE)).status).toBe(401);
  });

  it('a client registered on one node works on the other, and its deletion there ends it on both', async () => {
    const issued = await issue(null);
    const registered = await call(nodeA, 'POST', '/register', issued.token, SERVICE);
    expect(registered.status).toBe(201);
    const clientId = registered.json.client_id as string;
    const secret = registered.json.client_secret as string;
    expect(await clientCredentials(nodeA, clientId, secret)).toBe(200);
    expect(await clientCredentials(nodeB, clientId, secret)).toBe(200);

    const read = await call(
      nodeB,
      'GET',
      `/register/${clientId}`,
      registered.json.registration_access_token as string,
    );
    expect(read.status).toBe(200);
    const deleted = await call(
      nodeB,
      'DELETE',
      `/register/${clientId}`,
      read.json.registration_access_token as string,
    );
    expect(deleted.status).toBe(204);
    // Node A had the client cached: the deletion reaches it through the change bus.
    await eventually(async () => (await clientCredentials(nodeA, clientId, secret)) === 401);
    expect(await clientCredentials(nodeB, clientId, secret)).toBe(401);
  });
});
