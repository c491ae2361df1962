import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';
import { runControlOperation } from './operations.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function entries(action: string) {
  return server.context.audit.list({ action }, 10);
}

describe('changes made with the tessera command', () => {
  it('are audited like the admin API’s, by the system, never with the secret', async () => {
    const created = (await runControlOperation(server.context, 'clients.create', {
      name: 'Made on the host',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
    })) as { client_id: string; client_secret: string };
    const rotated = (await runControlOperation(server.context, 'clients.rotate-secret', {
      client_id: created.client_id,
    })) as { client_secret: string };
    await runControlOperation(server.context, 'keys.rotate', { algorithms: ['ES256'] });
    await runControlOperation(server.context, 'kek.rotate', { expected_version: null });

    const [creation] = await entries('client.created');
    expect(creation).toMatchObject({
      actorType: 'system',
      outcome: 'success',
      targetId: created.client_id,
      details: { via: 'cli' },
    });
    const [rotation] = await entries('client.secret_rotated');
    expect(rotation).toMatchObject({
      actorType: 'system',
      targetId: created.client_id,
      details: { via: 'cli' },
    });
    const [keys] = await entries('signing_keys.rotated');
    expect(keys).toMatchObject({ actorType: 'system', details: { via: 'cli', algorithms: ['ES256'] } });

    const [kek] = await entries('kek.rotated');
    expect(kek).toMatchObject({ actorType: 'system', details: { via: 'cli', added_version: null } });

    const logged = JSON.stringify([creation, rotation, keys, kek]);
    expect(logged).not.toContain(created.client_secret);
    expect(logged).not.toContain(rotated.client_secret);
  });
});
