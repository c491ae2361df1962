import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS } from '../app/modules.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { resealAll } from './kek-rotation.js';
import { keyringFromText, newKekText } from './keyring.js';
import { Sealer } from './seal.js';

let testDatabase: TestDatabase;
let oldNode: TestServer;
const oldKek = newKekText();
const newKek = newKekText();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  oldNode = await startTestServer({ database: await testDatabase.open(), env: { TESSERA_KEK: oldKek } });
});
afterAll(async () => {
  await oldNode?.close();
  await testDatabase?.drop();
});

async function sealedPrefixes(server: TestServer): Promise<string[]> {
  const rows = await server.database.withConnection((connection) =>
    connection.query<{ prefix: string }>(
      "SELECT DISTINCT split_part(private_jwk_sealed, '.', 1) AS prefix FROM signing_keys",
    ),
  );
  return rows.map((row) => row.prefix).sort();
}

describe('KEK rotation', () => {
  it('re-seals every sealed value under the new KEK while nodes keep reading', async () => {
    expect(await sealedPrefixes(oldNode)).toEqual(['v1']);
    const { client, secret } = await oldNode.context.clients.registry.create({
      name: 'Service',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [{ scope: 'api', description: 'API' }],
    });
    // An upstream connection's client secret (endpoints given, so nothing is fetched).
    await oldNode.context.federation.connections.create({
      name: 'Upstream',
      issuer: 'https://idp.example',
      clientId: 'tessera',
      clientSecret: 'upstream secret',
      authorizationEndpoint: 'https://idp.example/authorize',
      tokenEndpoint: 'https://idp.example/token',
      jwksUri: 'https://idp.example/jwks',
    });
    const rotatedSealer = new Sealer(keyringFromText(`v2:${newKek},v1:${oldKek}`));
    const reports = await resealAll(oldNode.database, rotatedSealer, SEALED_COLUMNS);
    expect(reports).toEqual([
      { table: 'signing_keys', column: 'private_jwk_sealed', resealed: 6 },
      // The OPAQUE server setup, the backup-code hashing key and the DPoP nonce key.
      { table: 'server_secrets', column: 'value_sealed', resealed: 3 },
      { table: 'opaque_logins', column: 'state_sealed', resealed: 0 },
      { table: 'client_secrets', column: 'secret_sealed', resealed: 1 },
      { table: 'otp_factors', column: 'secret_sealed', resealed: 0 },
      { table: 'federation_connections', column: 'client_secret_sealed', resealed: 1 },
      { table: 'federation_flows', column: 'secrets_sealed', resealed: 0 },
      { table: 'webhook_endpoints', column: 'secret_sealed', resealed: 0 },
    ]);
    expect(await sealedPrefixes(oldNode)).toEqual(['v2']);
    // Running a second time finds nothing left to do.
    expect((await resealAll(oldNode.database, rotatedSealer, SEALED_COLUMNS))[0]?.resealed).toBe(0);

    // A node restarted with both keys reads everything; one with only the new key too, since nothing is under v1 now.
    for (const kek of [`v2:${newKek},v1:${oldKek}`, `v2:${newKek}`]) {
      const node = await startTestServer({ database: await testDatabase.open(), env: { TESSERA_KEK: kek } });
      try {
        const response = await fetch(`${node.publicUrl}/.well-known/jwks.json`);
        expect(response.status).toBe(200);
        expect(node.context.signingKeys.currentKey('ES256').kid).toBe(
          oldNode.context.signingKeys.currentKey('ES256').kid,
        );
        // The re-sealed client secret still authenticates.
        const token = await fetch(`${node.publicUrl}/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${client.id}:${secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        });
        expect(token.status).toBe(200);
      } finally {
        await node.close();
      }
    }
  });

  it('a node holding only the old KEK cannot open values re-sealed under the new one', async () => {
    await expect(oldNode.context.signingKeys.load()).rejects.toThrow(/unknown KEK version 2/);
  });
});
