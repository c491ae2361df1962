import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_REDIRECT, registerClient } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * A FAPI 2.0 client's `jwks_uri` at registration (docs/integration.md#fapi-20-security-profile): https only (not the
 * loopback `http` other clients may use in development), and fetched at once through the outbound policy, which
 * refuses private and loopback addresses; a client is not registered with keys it could never use.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const fapiClient = (jwksUri: string) => ({
  grant_types: ['authorization_code' as const],
  redirect_uris: [RP_REDIRECT],
  fapi2_profile: true,
  token_endpoint_auth_method: 'private_key_jwt' as const,
  jwks_uri: jwksUri,
});

describe('a FAPI 2.0 client’s jwks_uri', () => {
  it('must be https, even on the loopback interface where other clients may use http', async () => {
    await expect(registerClient(server, fapiClient('http://127.0.0.1:8443/jwks.json'))).rejects.toThrow(
      'fapi2_profile: jwks_uri must be an https URL',
    );
    // The same URL is accepted for a client outside the profile (development on the loopback interface).
    const open = await registerClient(server, {
      grant_types: ['client_credentials'],
      redirect_uris: [],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: 'http://127.0.0.1:8443/jwks.json',
    });
    expect(open.clientId).toBeTruthy();
  });

  it('is fetched at registration through the outbound policy: a loopback or private address is refused', async () => {
    for (const uri of [
      'https://127.0.0.1:8443/jwks.json',
      'https://10.0.0.1/jwks.json',
      'https://[::1]/jwks.json',
    ]) {
      await expect(registerClient(server, fapiClient(uri)), uri).rejects.toThrow(
        "fapi2_profile: jwks_uri: the client's jwks_uri could not be fetched",
      );
    }
    // Nothing was registered, and turning the profile on for an existing client is checked the same way.
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const existing = await registerClient(server, {
      grant_types: ['authorization_code'],
      redirect_uris: [RP_REDIRECT],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] },
    });
    await expect(
      server.context.clients.registry.update(existing.clientId, {
        name: 'Relying Party',
        type: 'confidential',
        ...fapiClient('https://127.0.0.1:8443/jwks.json'),
      }),
    ).rejects.toThrow('could not be fetched');
    expect((await server.context.clients.registry.find(existing.clientId))?.fapi2Profile).toBe(false);
  });
});
