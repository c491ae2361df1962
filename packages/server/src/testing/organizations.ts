import type { SignedIn } from './oauth.js';
import type { TestServer } from './server.js';

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** A call to the public port as a signed-in browser would make it (session cookie, CSRF header, same Origin). */
export async function call(
  server: TestServer,
  as: SignedIn | null,
  method: string,
  path: string,
  body?: unknown,
  options: { csrf?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: new URL(server.config.baseUrl).origin };
  if (as) headers.cookie = as.cookie;
  if (as && options.csrf !== false) headers['x-csrf-token'] = as.csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.publicUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Creates an organization through POST /organizations (the setting must allow it); returns its id. */
export async function createOrganization(
  server: TestServer,
  owner: SignedIn,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(server, owner, 'POST', '/organizations', { name, ...extra });
  if (created.status !== 201) throw new Error(`creating ${name} failed: ${JSON.stringify(created.json)}`);
  return created.json.id as string;
}

/** Adds a user as an active member directly through the service (a fixture; invitations are tested on their own). */
export async function addMember(
  server: TestServer,
  organizationId: string,
  user: SignedIn,
  roles: string[] = ['member'],
): Promise<string> {
  const member = await server.context.organizations.addMember(organizationId, user.user.id, roles, {
    type: 'admin',
    id: 'test-fixture',
  });
  return member.id;
}

/** The caller's member id in an organization, read through GET /organizations/{id}. */
export async function memberIdOf(
  server: TestServer,
  user: SignedIn,
  organizationId: string,
): Promise<string> {
  const answer = await call(server, user, 'GET', `/organizations/${organizationId}`);
  if (answer.status !== 200) throw new Error(`not a member: ${JSON.stringify(answer.json)}`);
  return answer.json.member_id as string;
}
