import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { solidPng } from '../testing/images.js';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import { authorizeUrl, browserGet, RP_REDIRECT, type SignedIn, signInUser } from '../testing/oauth.js';
import type { TestServer } from '../testing/server.js';

let nodes: TwoNodes;
/** Two nodes sharing one database: icons change on one and must show on the other (client cache invalidation). */
let nodeA: TestServer;
let nodeB: TestServer;
let writer: AdminSession;
let reader: AdminSession;
let user: SignedIn;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ nodeA, nodeB } = nodes);
  await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await installViaApi(nodeA, 'root@example.com', 'icon admin password');
  writer = await adminSignIn(nodeA, 'root@example.com', 'icon admin password');
  await createAdmin(nodeA, writer, 'reader@example.com', 'icon reader password', 'read');
  reader = await adminSignIn(nodeA, 'reader@example.com', 'icon reader password');
  user = await signInUser(nodeB);
});
afterAll(async () => {
  await nodes?.close();
});

const PNG = solidPng(16, 16, [200, 30, 60]);
const OTHER_PNG = solidPng(8, 8, [10, 120, 200]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);

async function createClient(name: string): Promise<string> {
  const created = await adminFetch(nodeA, writer, 'POST', '/admin/clients', {
    name,
    type: 'public',
    redirect_uris: [RP_REDIRECT],
    grant_types: ['authorization_code'],
    app_url: 'https://rp.example.com/',
  });
  expect(created.status).toBe(201);
  return (created.json.client as { client_id: string }).client_id;
}

/** Uploads raw bytes the way the portal does: the image itself as the body, with its declared type. */
async function uploadIcon(
  clientId: string,
  bytes: Buffer,
  contentType: string,
  session: AdminSession = writer,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${nodeA.adminUrl}/admin/clients/${encodeURIComponent(clientId)}/icon`, {
    method: 'PUT',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': contentType },
    body: bytes,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function iconOf(clientId: string): Promise<Record<string, unknown> | null> {
  const read = await adminFetch(nodeA, reader, 'GET', `/admin/clients/${encodeURIComponent(clientId)}`);
  expect(read.status).toBe(200);
  return read.json.icon as Record<string, unknown> | null;
}

/** The client as the consent page (hosted UI) reads it on node B, for a fresh pending request. */
async function consentClient(clientId: string): Promise<{ icon_url: string | null; name: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const first = await browserGet(
    authorizeUrl(nodeB, {
      client_id: clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope: 'openid profile',
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }),
    user.cookie,
  );
  expect(first.status).toBe(302);
  expect(first.location).toMatch(/^\/ui\/authorize\?/);
  const requestId = new URL(first.location!, nodeB.publicUrl).searchParams.get('request_id')!;
  const view = await fetch(`${nodeB.publicUrl}/api/user/authorization-requests/${requestId}`, {
    headers: { cookie: user.cookie },
  });
  expect(view.status).toBe(200);
  return ((await view.json()) as { client: { icon_url: string | null; name: string } }).client;
}

/** Waits (up to a second) until node B's consent read shows the expected icon URL. */
async function consentIconUrlOnNodeB(clientId: string, expected: (url: string | null) => boolean) {
  const deadline = Date.now() + 1000;
  for (;;) {
    const { icon_url: url } = await consentClient(clientId);
    if (expected(url)) return url;
    expect(Date.now(), `node B still shows ${url}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('client icons', () => {
  it('an uploaded icon is served back byte for byte from the public origin with safe headers', async () => {
    const clientId = await createClient('Icon App');
    // Node B caches the client before the upload: the change must still reach it.
    expect((await consentClient(clientId)).icon_url).toBeNull();

    const uploaded = await uploadIcon(clientId, PNG, 'image/png');
    expect(uploaded.status).toBe(200);
    const etag = createHash('sha256').update(PNG).digest('base64url');
    expect(uploaded.json).toMatchObject({ content_type: 'image/png', size_bytes: PNG.length, etag });
    expect(await iconOf(clientId)).toMatchObject({ content_type: 'image/png', size_bytes: PNG.length, etag });

    const iconUrl = await consentIconUrlOnNodeB(clientId, (url) => url !== null);
    expect(iconUrl).toBe(uploaded.json.url);
    expect(iconUrl).toMatch(new RegExp(`^/api/user/clients/${clientId}/icon\\?v=[A-Za-z0-9_-]{16}$`));

    const served = await fetch(new URL(iconUrl!, nodeB.publicUrl));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(served.headers.get('etag')).toBe(`"${etag}"`);
    // The versioned URL names these bytes for good; the bare one is revalidated.
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bare = await fetch(`${nodeB.publicUrl}/api/user/clients/${clientId}/icon`);
    expect(bare.headers.get('cache-control')).toBe('public, no-cache');

    // The admin port serves the same bytes for the portal's preview, to admins only.
    const preview = await fetch(`${nodeA.adminUrl}/admin/clients/${clientId}/icon`, {
      headers: { cookie: reader.cookie },
    });
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${nodeA.adminUrl}/admin/clients/${clientId}/icon`)).status).toBe(401);

    // The apps dashboard lists the same URL.
    const apps = await fetch(`${nodeB.publicUrl}/api/user/apps`, { headers: { cookie: user.cookie } });
    const listed = ((await apps.json()) as { apps: { client_id: string; icon_url: string | null }[] }).apps;
    expect(listed.find((app) => app.client_id === clientId)?.icon_url).toBe(iconUrl);
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the new icon', async () => {
    const clientId = await createClient('Cached App');
    const first = await uploadIcon(clientId, PNG, 'image/png');
    const url = `${nodeB.publicUrl}${first.json.url as string}`;
    const etag = (await fetch(url)).headers.get('etag')!;
    for (const validator of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await fetch(url, { headers: { 'if-none-match': validator } });
      expect(revalidated.status, validator).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
    }

    const replaced = await uploadIcon(clientId, OTHER_PNG, 'image/png');
    expect(replaced.status).toBe(200);
    expect(replaced.json.url).not.toBe(first.json.url);
    await consentIconUrlOnNodeB(clientId, (current) => current === replaced.json.url);
    const fresh = await fetch(`${nodeB.publicUrl}/api/user/clients/${clientId}/icon`, {
      headers: { 'if-none-match': etag },
    });
    expect(fresh.status).toBe(200);
    expect(Buffer.from(await fresh.arrayBuffer()).equals(OTHER_PNG)).toBe(true);
  });

  it('accepts JPEG and refuses SVG, a mismatched type, an oversized file and an empty one, changing nothing', async () => {
    const clientId = await createClient('Strict App');
    expect((await uploadIcon(clientId, JPEG, 'image/jpeg')).status).toBe(200);
    const before = await iconOf(clientId);
    expect(before).toMatchObject({ content_type: 'image/jpeg' });

    const svg = await uploadIcon(clientId, SVG, 'image/svg+xml');
    expect(svg.status).toBe(415);
    expect(svg.json.error).toBe('unsupported_icon_type');
    expect(svg.json.message).toMatch(/SVG/);

    const mismatch = await uploadIcon(clientId, PNG, 'image/jpeg');
    expect(mismatch.status).toBe(415);
    expect(mismatch.json.error).toBe('icon_type_mismatch');
    // An SVG document declared as PNG is caught by its bytes too.
    expect((await uploadIcon(clientId, SVG, 'image/png')).json.error).toBe('icon_type_mismatch');
    expect((await uploadIcon(clientId, PNG, 'text/html')).json.error).toBe('unsupported_icon_type');

    const huge = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    const tooLarge = await uploadIcon(clientId, huge, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ error: 'icon_too_large', message: 'icons may be at most 256 KiB' });

    const empty = await uploadIcon(clientId, Buffer.alloc(0), 'image/png');
    expect(empty.status).toBe(415);
    expect(empty.json.error).toBe('icon_empty');

    expect(await iconOf(clientId)).toEqual(before);
  });

  it('is for write admins only, with the CSRF token, on a client that exists', async () => {
    const clientId = await createClient('Guarded App');
    const asReader = await uploadIcon(clientId, PNG, 'image/png', reader);
    expect(asReader.status).toBe(403);
    expect(asReader.json.error).toBe('write_admin_required');
    const withoutCsrf = await uploadIcon(clientId, PNG, 'image/png', { ...writer, csrf: 'wrong' });
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf.json.error).toBe('csrf_failed');
    expect(await iconOf(clientId)).toBeNull();

    const unknown = await uploadIcon('no-such-client', PNG, 'image/png');
    expect(unknown.status, JSON.stringify(unknown.json)).toBe(404);
    expect((await adminFetch(nodeA, writer, 'DELETE', '/admin/clients/no-such-client/icon')).status).toBe(
      404,
    );
    expect((await fetch(`${nodeB.publicUrl}/api/user/clients/no-such-client/icon`)).status).toBe(404);
  });

  it('removal brings back the initial: 404 for the icon, no URL at consent, audited without the bytes', async () => {
    const clientId = await createClient('Removed App');
    const uploaded = await uploadIcon(clientId, PNG, 'image/png');
    await consentIconUrlOnNodeB(clientId, (url) => url === uploaded.json.url);

    const asReader = await adminFetch(nodeA, reader, 'DELETE', `/admin/clients/${clientId}/icon`);
    expect(asReader.status).toBe(403);
    const removed = await adminFetch(nodeA, writer, 'DELETE', `/admin/clients/${clientId}/icon`);
    expect(removed.status).toBe(204);
    expect(await iconOf(clientId)).toBeNull();
    await consentIconUrlOnNodeB(clientId, (url) => url === null);
    const gone = await fetch(`${nodeB.publicUrl}${uploaded.json.url as string}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()) as Record<string, unknown>).toMatchObject({ error: 'not_found' });
    const again = await adminFetch(nodeA, writer, 'DELETE', `/admin/clients/${clientId}/icon`);
    expect(again.status).toBe(404);

    const audit = await adminFetch(nodeA, reader, 'GET', `/admin/audit?target=${clientId}`);
    const events = (audit.json.events as { action: string; details: Record<string, unknown> }[]).filter(
      (event) => event.action.startsWith('client.icon_'),
    );
    expect(events.map((event) => event.action).sort()).toEqual([
      'client.icon_removed',
      'client.icon_uploaded',
    ]);
    const upload = events.find((event) => event.action === 'client.icon_uploaded')!;
    expect(upload.details).toEqual({
      content_type: 'image/png',
      size_bytes: PNG.length,
      sha256: uploaded.json.etag,
    });
    expect(JSON.stringify(audit.json)).not.toContain(PNG.toString('base64'));
  });

  it('goes with its client: deleting the client deletes the icon', async () => {
    const clientId = await createClient('Deleted App');
    await uploadIcon(clientId, PNG, 'image/png');
    expect((await adminFetch(nodeA, writer, 'DELETE', `/admin/clients/${clientId}`)).status).toBe(204);
    expect((await fetch(`${nodeA.publicUrl}/api/user/clients/${clientId}/icon`)).status).toBe(404);
    const rows = await nodeA.database.withConnection((connection) =>
      connection.query<{ n: number }>('SELECT count(*)::int AS n FROM client_icons WHERE client_id = $1', [
        clientId,
      ]),
    );
    expect(rows[0]?.n).toBe(0);
  });
});
