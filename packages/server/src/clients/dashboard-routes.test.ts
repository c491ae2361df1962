import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_REDIRECT, type SignedIn, signInUser } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { MAX_DASHBOARD_APPS } from './dashboard-routes.js';
import type { ClientInput } from './model.js';

interface Apps {
  apps: {
    client_id: string;
    name: string;
    logo_uri: string | null;
    icon_url: string | null;
    app_url: string;
  }[];
}

const app: ClientInput = {
  name: 'app',
  type: 'public',
  redirect_uris: [RP_REDIRECT],
  grant_types: ['authorization_code'],
};

let server: TestServer;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  user = await signInUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function apps(): Promise<Apps['apps']> {
  const answer = await fetch(`${server.publicUrl}/api/user/apps`, { headers: { cookie: user.cookie } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as Apps).apps;
}

describe('GET /api/user/apps', () => {
  it('lists exactly the clients shown on the dashboard with an app URL, by name then client ID', async () => {
    const registry = server.context.clients.registry;
    // Lowercase names and ids sort alike in every collation; two apps share a name.
    await registry.create({ ...app, name: 'zulu', client_id: 'zulu', app_url: 'https://zulu.example/' });
    await registry.create({
      ...app,
      name: 'alpha',
      client_id: 'alpha-b',
      app_url: 'https://b.alpha.example/',
      logo_uri: 'https://alpha.example/logo.png',
    });
    await registry.create({
      ...app,
      name: 'alpha',
      client_id: 'alpha-a',
      app_url: 'https://a.alpha.example/',
    });
    await registry.create({
      ...app,
      name: 'hidden',
      client_id: 'hidden',
      app_url: 'https://hidden.example/',
      show_on_dashboard: false,
    });
    await registry.create({ ...app, name: 'bravo', client_id: 'no-app-url' });
    await registry.create({ ...app, name: 'charlie', client_id: 'empty-app-url', app_url: '' });

    expect(await apps()).toEqual([
      {
        client_id: 'alpha-a',
        name: 'alpha',
        logo_uri: null,
        icon_url: null,
        app_url: 'https://a.alpha.example/',
      },
      {
        client_id: 'alpha-b',
        name: 'alpha',
        logo_uri: 'https://alpha.example/logo.png',
        icon_url: null,
        app_url: 'https://b.alpha.example/',
      },
      { client_id: 'zulu', name: 'zulu', logo_uri: null, icon_url: null, app_url: 'https://zulu.example/' },
    ]);

    // Hidden later, shown later: the next answer follows.
    await registry.update('zulu', {
      ...app,
      name: 'zulu',
      app_url: 'https://zulu.example/',
      show_on_dashboard: false,
    });
    await registry.update('hidden', { ...app, name: 'hidden', app_url: 'https://hidden.example/' });
    expect((await apps()).map((entry) => entry.client_id)).toEqual(['alpha-a', 'alpha-b', 'hidden']);
  });

  it(`answers the first ${MAX_DASHBOARD_APPS} apps in that order, however many are shown`, async () => {
    // Written in bulk, as many clients as the answer's bound and more.
    await server.database.withConnection((connection) =>
      connection.exec(`
        insert into clients (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, app_url)
        select 'bulk-' || lpad(g::text, 3, '0'), 'bulk' || lpad(g::text, 3, '0'), 'public', '[]', '[]',
               '["authorization_code"]', '[]', 'https://bulk.example/' || g
        from generate_series(1, ${MAX_DASHBOARD_APPS + 20}) g`),
    );
    const listed = (await apps()).map((entry) => entry.client_id);
    expect(listed).toHaveLength(MAX_DASHBOARD_APPS);
    const bulk = Array.from(
      { length: MAX_DASHBOARD_APPS - 2 },
      (_, n) => `bulk-${String(n + 1).padStart(3, '0')}`,
    );
    expect(listed).toEqual(['alpha-a', 'alpha-b', ...bulk]);
  });

  it('requires a signed-in user', async () => {
    const answer = await fetch(`${server.publicUrl}/api/user/apps`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'not_signed_in' });
  });
});
