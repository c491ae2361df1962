import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { solidPng } from '../testing/images.js';
import { authorizeUrl, browserGet, RP_REDIRECT, registerClient } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';

let server: TestServer;
let writer: AdminSession;
let reader: AdminSession;
const smtp = new SmtpCapture();

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await installViaApi(server, 'root@example.com', 'brand admin password');
  writer = await adminSignIn(server, 'root@example.com', 'brand admin password');
  await createAdmin(server, writer, 'reader@example.com', 'brand reader password', 'read');
  reader = await adminSignIn(server, 'reader@example.com', 'brand reader password');
  await smtp.start();
  await smtp.configure(server);
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const LOGO = solidPng(32, 16, [10, 127, 90]);
const DARK_LOGO = solidPng(32, 16, [230, 240, 235]);
const ORG_LOGO = solidPng(24, 24, [120, 20, 160]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);

async function upload(
  kind: string,
  bytes: Buffer,
  contentType: string,
  options: { session?: AdminSession; organizationId?: string } = {},
) {
  const query = options.organizationId ? `?organization_id=${options.organizationId}` : '';
  const session = options.session ?? writer;
  const response = await fetch(`${server.adminUrl}/admin/branding/images/${kind}${query}`, {
    method: 'PUT',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': contentType },
    body: bytes,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function publicBrand(requestId?: string) {
  const query = requestId ? `?request_id=${encodeURIComponent(requestId)}` : '';
  const response = await fetch(`${server.publicUrl}/api/user/branding${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string | null>;
}

async function auditOf(action: string) {
  const audit = await adminFetch(server, reader, 'GET', `/admin/audit?action=${action}`);
  expect(audit.status).toBe(200);
  return audit.json.events as {
    action: string;
    target_type: string | null;
    target_id: string | null;
    details: Record<string, unknown>;
  }[];
}

/** A pending authorization request as a relying party starts it, without a session: the sign-in page's request id. */
async function pendingRequest(clientId: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const started = await browserGet(
    authorizeUrl(server, {
      client_id: clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: 'state-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...extra,
    }),
  );
  expect(started.status).toBe(302);
  return new URL(started.location!, server.publicUrl).searchParams.get('request_id')!;
}

describe('brand images', () => {
  it('are refused unless a raster image of the declared type within the limit, and only from write admins', async () => {
    expect((await upload('logo', SVG, 'image/svg+xml')).json.error).toBe('unsupported_image_type');
    expect((await upload('logo', SVG, 'image/png')).json.error).toBe('image_type_mismatch');
    expect((await upload('logo', Buffer.alloc(0), 'image/png')).json.error).toBe('image_empty');
    const huge = Buffer.concat([LOGO, randomBytes(300 * 1024)]);
    const tooLarge = await upload('logo', huge, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toBe('image_too_large');
    const byReader = await upload('logo', LOGO, 'image/png', { session: reader });
    expect(byReader.status).toBe(403);
    expect((await fetch(`${server.publicUrl}/branding/logo`)).status).toBe(404);
    expect(await auditOf('branding.image_uploaded')).toEqual([]);
  });

  it('are served from the public port byte for byte with cache validators and a policy that runs nothing', async () => {
    const stored = await upload('logo', LOGO, 'image/png');
    expect(stored.status).toBe(200);
    expect((await upload('logo-dark', DARK_LOGO, 'image/png')).status).toBe(200);
    const brand = await publicBrand();
    expect(brand.logo).toBe(stored.json.url);
    expect(brand.logo).toMatch(/^\/branding\/logo\?v=[A-Za-z0-9_-]{16}$/);

    const versioned = await fetch(`${server.publicUrl}${brand.logo}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('content-type')).toBe('image/png');
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await versioned.arrayBuffer()).equals(LOGO)).toBe(true);

    const plain = await fetch(`${server.publicUrl}/branding/logo`);
    expect(plain.headers.get('cache-control')).toBe('public, no-cache');
    const etag = plain.headers.get('etag')!;
    const revalidated = await fetch(`${server.publicUrl}/branding/logo`, {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);

    const audit = await auditOf('branding.image_uploaded');
    expect(audit.map((entry) => entry.details.kind).sort()).toEqual(['logo', 'logo-dark']);
    expect(audit.find((entry) => entry.details.kind === 'logo')).toMatchObject({
      target_type: 'brand',
      target_id: 'global',
      details: { content_type: 'image/png', size_bytes: LOGO.length, sha256: stored.json.etag },
    });
    expect(JSON.stringify(audit)).not.toContain(LOGO.toString('base64'));
  });
});

describe('the custom stylesheet', () => {
  it('is refused when it could load from elsewhere, and nothing is stored or served', async () => {
    for (const css of [
      '@import url("https://evil.example/x.css");',
      'body { background: url(https://evil.example/t.png) }',
      'body { background: u\\72l(https://evil.example/t.png) }',
      'a { behavior: url(/branding/logo) }',
      'a{} </style><script>alert(1)</script>',
    ]) {
      const refused = await adminFetch(server, writer, 'PATCH', '/admin/branding', { custom_css: css });
      expect(refused.status, css).toBe(400);
      expect(refused.json.error).toBe('unsafe_stylesheet');
    }
    const served = await fetch(`${server.publicUrl}/branding/custom.css`);
    expect(await served.text()).not.toContain('evil');
    expect(await auditOf('branding.updated')).toEqual([]);
  });

  it('serves the colour and the checked stylesheet as a file, audited', async () => {
    const changed = await adminFetch(server, writer, 'PATCH', '/admin/branding', {
      product_name: 'Acme ID',
      primary_color: '#0A7F5A',
      custom_css: '/* note */ .site-header { border-bottom: 3px solid #0a7f5a }',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ product_name: 'Acme ID', primary_color: '#0a7f5a' });
    const brand = await publicBrand();
    expect(brand).toMatchObject({ product_name: 'Acme ID', primary_color: '#0a7f5a' });
    const css = await fetch(`${server.publicUrl}${brand.stylesheet}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await css.text();
    expect(text).toContain('--color-accent: #0a7f5a;');
    expect(text).toContain('.site-header { border-bottom: 3px solid #0a7f5a }');
    expect(text).not.toContain('note');

    const [entry] = await auditOf('branding.updated');
    expect(entry).toMatchObject({
      target_type: 'brand',
      target_id: 'global',
      details: {
        changes: {
          productName: { from: null, to: 'Acme ID' },
          primaryColor: { from: null, to: '#0a7f5a' },
          customCss: { from_bytes: 0 },
        },
      },
    });
    const byReader = await adminFetch(server, reader, 'PATCH', '/admin/branding', { product_name: 'Nope' });
    expect(byReader.status).toBe(403);
  });
});

describe('an organization’s brand', () => {
  it('applies only to a sign-in whose authorization request names that organization', async () => {
    const created = await adminFetch(server, writer, 'POST', '/admin/organizations', { name: 'Globex' });
    expect(created.status).toBe(201);
    const organizationId = created.json.id as string;
    expect(
      (
        await adminFetch(server, writer, 'PATCH', `/admin/branding?organization_id=${organizationId}`, {
          product_name: 'Globex Login',
          primary_color: '#7a1fa0',
        })
      ).status,
    ).toBe(200);
    expect((await upload('logo', ORG_LOGO, 'image/png', { organizationId })).status).toBe(200);
    const unknown = await adminFetch(server, writer, 'PATCH', '/admin/branding?organization_id=no-such-org', {
      product_name: 'Ghost',
    });
    expect(unknown.status).toBe(404);

    const { clientId } = await registerClient(server);
    const hinted = await publicBrand(await pendingRequest(clientId, { organization_id: organizationId }));
    expect(hinted).toMatchObject({
      product_name: 'Globex Login',
      primary_color: '#7a1fa0',
      organization_id: organizationId,
    });
    const logo = await fetch(`${server.publicUrl}${hinted.logo}`);
    expect(Buffer.from(await logo.arrayBuffer()).equals(ORG_LOGO)).toBe(true);
    // The organization sets no dark logo: the deployment's shows.
    expect(hinted.logo_dark).toMatch(/^\/branding\/logo-dark\?v=/);
    const orgCss = await (await fetch(`${server.publicUrl}${hinted.stylesheet}`)).text();
    expect(orgCss).toContain('--color-accent: #7a1fa0;');

    const plain = await publicBrand(await pendingRequest(clientId));
    expect(plain).toMatchObject({ product_name: 'Acme ID', primary_color: '#0a7f5a', organization_id: null });
    expect(await publicBrand('not-a-request')).toMatchObject({
      product_name: 'Acme ID',
      organization_id: null,
    });

    const audit = await auditOf('branding.updated');
    expect(
      audit.some((entry) => entry.target_type === 'organization' && entry.target_id === organizationId),
    ).toBe(true);
  });
});

describe('pages and emails wear the brand', () => {
  it('the error page of a bad /authorize request links the brand’s files, with no inline style', async () => {
    const page = await browserGet(
      authorizeUrl(server, { client_id: 'no-such-client', redirect_uri: RP_REDIRECT, response_type: 'code' }),
    );
    expect(page.status).toBe(400);
    const brand = await publicBrand();
    expect(page.body).toContain('<title>This app is not known here – Acme ID</title>');
    expect(page.body).toContain(`<link rel="stylesheet" href="${brand.stylesheet!.replace('&', '&amp;')}">`);
    expect(page.body).toContain(`src="${brand.logo}"`);
    expect(page.body).not.toMatch(/style=|<style/i);
    const pageCss = await fetch(`${server.publicUrl}/branding/page.css`);
    expect(pageCss.status).toBe(200);
    expect(pageCss.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('an email carries the brand’s name, colour and logo link', async () => {
    await server.context.email.mailer.send({
      to: 'someone@example.com',
      template: 'password_reset',
      variables: { email: 'someone@example.com', link: `${server.config.baseUrl}/ui/reset#t` },
    });
    const mail = smtp.messages.at(-1)!;
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('Subject: Reset your Acme ID password');
    expect(raw).toContain(`src="${server.config.baseUrl}/branding/logo?v=`);
    expect(raw).toContain('color:#0a7f5a');
  });
});
