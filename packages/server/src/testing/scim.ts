import { readFileSync } from 'node:fs';
import { type AdminSession, adminSignIn, installViaApi } from './admin.js';
import type { TestServer } from './server.js';

/** A request body from fixtures/ (the exact bodies Entra ID and Okta send, interop §3). */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../scim/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}

export interface ScimAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  json: Record<string, unknown>;
}

/** A SCIM call as an identity provider makes it. */
export async function scim(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/scim+json',
): Promise<ScimAnswer> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = token.startsWith('tessera_scim_') ? `Bearer ${token}` : token;
  if (body !== undefined) headers['content-type'] = contentType;
  const response = await fetch(`${server.publicUrl}/scim/v2${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    location: response.headers.get('location'),
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** An admin API call with the admin's session and CSRF token. */
export async function admin(
  server: TestServer,
  session: AdminSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.adminUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function installAndSignIn(server: TestServer): Promise<AdminSession> {
  await installViaApi(server, 'root@example.com', 'correct horse battery staple');
  return adminSignIn(server, 'root@example.com', 'correct horse battery staple');
}

/** An organization, a connection into it and a token, through the admin API. */
export async function connectionWithToken(
  server: TestServer,
  session: AdminSession,
  name: string,
  policies: Record<string, unknown> = {},
): Promise<{ organizationId: string; connectionId: string; token: string }> {
  const organization = await server.context.orgs.organizations.create(
    { name },
    { type: 'admin', id: 'test-fixture' },
    null,
  );
  const connection = await admin(server, session, 'POST', '/admin/scim/connections', {
    name: `${name} IdP`,
    organizationId: organization.id,
    ...policies,
  });
  if (connection.status !== 201) throw new Error(`connection: ${JSON.stringify(connection.json)}`);
  const token = await admin(server, session, 'POST', '/admin/scim/tokens', {
    name: `${name} token`,
    connectionId: connection.json.id,
  });
  if (token.status !== 201) throw new Error(`token: ${JSON.stringify(token.json)}`);
  return {
    organizationId: organization.id,
    connectionId: connection.json.id as string,
    token: token.json.token as string,
  };
}

/** PATCHes a user as Entra does (204 expected) and reads the resource back. */
export async function patchUser(
  server: TestServer,
  token: string,
  id: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const patched = await scim(server, token, 'PATCH', `/Users/${id}`, body);
  if (patched.status !== 204) return patched;
  const read = await scim(server, token, 'GET', `/Users/${id}`);
  return { status: patched.status, json: read.json };
}

/** Provisions `count` users as an identity provider does (`{prefix}{n}@{domain}`, a work email each); their ids. */
export async function provisionUsers(
  server: TestServer,
  token: string,
  count: number,
  prefix: string,
  domain: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const address = `${prefix}${index}@${domain}`;
    const created = await scim(server, token, 'POST', '/Users', {
      userName: address,
      emails: [{ type: 'work', primary: true, value: address }],
    });
    if (created.status !== 201) throw new Error(`provisioning ${address}: ${JSON.stringify(created.json)}`);
    ids.push(created.json.id as string);
  }
  return ids;
}
