import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { completeInstall } from './headless-install.js';

let server: TestServer;
afterAll(async () => {
  await server?.close();
});
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

describe('install completion', () => {
  it('is one transaction: a completion that fails part-way leaves the service uninstalled, with token and registration still usable', async () => {
    const token = (await server.context.admin.install.issueToken())!;
    await opaque.ready;
    const password = 'a long admin password';
    const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
    const start = await postJson(`${server.adminUrl}/install/admin/start`, {
      token,
      email: 'root@example.com',
      registration_request: registrationRequest,
    });
    expect(start.status).toBe(200);
    const { registrationRecord } = opaque.client.finishRegistration({
      keyStretching: testKeyStretching(),
      clientRegistrationState,
      registrationResponse: start.json.registration_response as string,
      password,
    });

    // The command's completion step with a product name the setting refuses (the command's own input check is
    // bypassed here): it fails after the admin is created, inside the one transaction.
    const failed = await completeInstall(server.context, {
      registration_id: start.json.registration_id as string,
      registration_record: registrationRecord,
      admin_name: '',
      base_url: null,
      product_name: '',
      self_registration: false,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/product\.name/);
    expect(await server.context.admin.install.installed()).toBe(false);
    expect(await server.context.admin.users.findByEmail('root@example.com')).toBeNull();
    expect(await server.context.audit.list({ action: 'install.completed' }, 10)).toEqual([]);

    const completed = await postJson(`${server.adminUrl}/install/complete`, {
      token,
      registration_id: start.json.registration_id,
      registration_record: registrationRecord,
      product_name: 'Acme ID',
      self_registration: true,
    });
    expect(completed.status).toBe(200);
    expect(await server.context.admin.install.installed()).toBe(true);
    expect(await server.context.admin.users.findByEmail('root@example.com')).toMatchObject({ role: 'write' });
    expect(server.context.settings.get('product.name')).toBe('Acme ID');
    expect(server.context.settings.get('accounts.self_registration')).toBe(true);
    const [entry] = await server.context.audit.list({ action: 'install.completed' }, 10);
    expect(entry?.details).toMatchObject({ via: 'install_page', product_name: 'Acme ID', smtp: false });
  });
});
