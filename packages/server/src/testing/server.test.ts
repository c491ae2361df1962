import { type AddressInfo, createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loginWithPassword, registerWithPassword } from './opaque-client.js';
import { freePortPair, startTestServer, type TestServer } from './server.js';

describe('startTestServer', () => {
  const held = createServer();
  let server: TestServer | undefined;

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => held.close(resolve));
  });

  it('starts on fresh ports when its first port was taken, opening what the first attempt sealed', async () => {
    // Another process took the public port between the probe and the bind: the first attempt has already sealed the
    // signing keys and the OPAQUE setup into the database when its listen fails.
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const heldPort = (held.address() as AddressInfo).port;
    const tried: number[] = [];
    server = await startTestServer({
      ports: async () => {
        const [fresh, adminPort] = await freePortPair();
        const publicPort = tried.length === 0 ? heldPort : fresh;
        tried.push(publicPort);
        return [publicPort, adminPort];
      },
    });
    expect(tried).toHaveLength(2);
    expect(new URL(server.publicUrl).port).toBe(String(tried[1]));

    const jwks = await fetch(`${server.publicUrl}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    await server.context.settings.set('accounts.self_registration', true);
    const email = 'retried-start@example.test';
    expect((await registerWithPassword(server, email, 'retried start password')).status).toBe(200);
    const user = await server.context.accounts.users.findByEmail(email);
    expect(await server.context.accounts.users.markEmailVerified(user!.id, email)).toBe(true);
    const login = await loginWithPassword(server, email, 'retried start password');
    expect(login.finish?.status).toBe(200);
  });
});
