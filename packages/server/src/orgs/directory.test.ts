import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { addMember } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * The users directory (docs/organizations.md#the-users-directory): `service.users:read` is required; a
 * confidential client granted it sees every active user, a user's token only the active members of its
 * organization context.
 */

const FIXTURE = { type: 'admin', id: 'directory-fixture' } as const;
const DIRECTORY_SCOPE = 'service.users:read';

let server: TestServer;
let app: { clientId: string; clientSecret: string | null };
let acme: string;
let reader: SignedIn; // admin of Acme: holds service.users:read there
let plain: SignedIn; // member of Acme without the permission
let colleague: SignedIn; // member of Acme
let suspended: SignedIn; // suspended member of Acme
let disabled: SignedIn; // member of Acme whose account is disabled
let outsider: SignedIn; // member of another organization only

beforeAll(async () => {
  server = await startTestServer();
  app = await registerClient(server, {
    scopes: ['openid', 'email', DIRECTORY_SCOPE].map((scope) => ({ scope, description: `Allow ${scope}` })),
  });
  const user = (email: string, name: string) => signInUser(server, { email, name });
  reader = await user('dir-reader@example.com', 'Reader');
  plain = await user('dir-plain@example.com', 'Plain');
  colleague = await user('dir-colleague@example.com', 'Colleague');
  suspended = await user('dir-suspended@example.com', 'Suspended');
  disabled = await user('dir-disabled@example.com', 'Disabled');
  outsider = await user('dir-outsider@example.com', 'Outsider');

  acme = (
    await server.context.orgs.organizations.create({ name: 'Acme', slug: 'acme' }, FIXTURE, reader.user.id)
  ).id;
  await addMember(server, acme, plain);
  await addMember(server, acme, colleague);
  const suspendedMember = await addMember(server, acme, suspended);
  await server.context.orgs.organizations.setMemberStatus(acme, suspendedMember, 'suspended');
  await addMember(server, acme, disabled);
  await server.context.accounts.users.setStatus(disabled.user.id, 'disabled');
  const other = await server.context.orgs.organizations.create(
    { name: 'Other', slug: 'other' },
    FIXTURE,
    null,
  );
  await addMember(server, other.id, outsider, ['admin']);
});
afterAll(async () => {
  await server?.close();
});

/** A user's access token from a real authorization-code flow (PKCE, consent approved, code redeemed). */
async function userAccessToken(
  user: SignedIn,
  scope: string,
  organizationId?: string,
): Promise<{ token: string; claims: Record<string, unknown> }> {
  const verifier = randomBytes(32).toString('base64url');
  const callback = await authorizeAndApprove(
    server,
    user,
    authorizeUrl(server, {
      client_id: app.clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      organization_id: organizationId,
    }),
  );
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.href}`);
  const answer = await formPost(
    server,
    '/token',
    { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT, code_verifier: verifier },
    { authorization: basicAuthorization(app.clientId, app.clientSecret!) },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const token = answer.json.access_token as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return { token, claims };
}

/** A client-credentials token of a new confidential client allowed the given scopes. */
async function clientToken(scopes: string[]): Promise<string> {
  const { client, secret } = await server.context.clients.registry.create({
    name: 'Directory service',
    type: 'confidential',
    redirect_uris: [],
    grant_types: ['client_credentials'],
    scopes: scopes.map((scope) => ({ scope, description: scope })),
  });
  const answer = await formPost(
    server,
    '/token',
    { grant_type: 'client_credentials' },
    { authorization: basicAuthorization(client.id, secret!) },
  );
  expect(answer.status).toBe(200);
  return answer.json.access_token as string;
}

async function directory(
  token: string,
  path: string,
): Promise<{ status: number; json: Record<string, unknown>; challenge: string | null }> {
  const response = await fetch(`${server.publicUrl}/api/user/directory/users${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    challenge: response.headers.get('www-authenticate'),
  };
}

const emailsOf = (answer: { json: Record<string, unknown> }) =>
  (answer.json.users as { email: string }[]).map((user) => user.email);

describe('users directory with a user’s token', () => {
  it('an organization context holding service.users:read sees the active members of that organization only', async () => {
    const { token, claims } = await userAccessToken(reader, `openid ${DIRECTORY_SCOPE}`, acme);
    expect(claims).toMatchObject({ org_id: acme, permissions: [DIRECTORY_SCOPE] });

    const search = await directory(token, '?query=dir-');
    expect(search.status).toBe(200);
    expect(emailsOf(search)).toEqual([
      'dir-colleague@example.com',
      'dir-plain@example.com',
      'dir-reader@example.com',
    ]);
    expect((search.json.users as Record<string, unknown>[])[0]).toEqual({
      id: colleague.user.id,
      email: 'dir-colleague@example.com',
      name: 'Colleague',
    });
    // Names match too, case-insensitively; the limit holds.
    expect(emailsOf(await directory(token, '?query=COLL'))).toEqual(['dir-colleague@example.com']);
    expect(emailsOf(await directory(token, '?query=dir-&limit=1'))).toEqual(['dir-colleague@example.com']);
    expect(emailsOf(await directory(token, '?query=dir-outsider'))).toEqual([]);

    const lookup = await directory(token, `/${colleague.user.id}`);
    expect(lookup).toMatchObject({
      status: 200,
      json: { id: colleague.user.id, email: 'dir-colleague@example.com', name: 'Colleague' },
    });
    // Outside the organization, suspended, disabled or unknown: the same 404, so existence is not revealed.
    for (const userId of [outsider.user.id, suspended.user.id, disabled.user.id, 'no-such-user']) {
      expect(await directory(token, `/${userId}`)).toMatchObject({
        status: 404,
        json: { error: 'not_found', error_description: 'no such user' },
      });
    }
  });

  it('refuses a token without the permission, without the scope, or without an organization context', async () => {
    const member = await userAccessToken(plain, `openid ${DIRECTORY_SCOPE}`, acme);
    expect(member.claims).toMatchObject({ org_id: acme, permissions: [] });
    const notGranted = await userAccessToken(reader, 'openid', acme);
    expect(notGranted.claims).toMatchObject({ org_id: acme, permissions: [] });
    for (const { token } of [member, notGranted]) {
      for (const path of ['?query=dir-', `/${colleague.user.id}`]) {
        const refused = await directory(token, path);
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({
          error: 'insufficient_scope',
          error_description: `${DIRECTORY_SCOPE} is not among this token's organization permissions`,
        });
        expect(refused.challenge).toContain('error="insufficient_scope"');
      }
    }

    const noOrganization = await userAccessToken(reader, `openid ${DIRECTORY_SCOPE}`);
    expect(noOrganization.claims.org_id).toBeUndefined();
    expect(noOrganization.claims.scope).toBe(`openid ${DIRECTORY_SCOPE}`);
    const refused = await directory(noOrganization.token, '?query=dir-');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('insufficient_scope');
    expect(refused.json.error_description).toContain('no organization');
  });

  it('follows a member’s new address and name, and finds one who joined by invitation', async () => {
    const { token } = await userAccessToken(reader, `openid ${DIRECTORY_SCOPE}`, acme);
    const moving = await signInUser(server, { email: 'mover-before@example.com', name: 'Beforehand' });
    await addMember(server, acme, moving);
    expect(emailsOf(await directory(token, '?query=mover-before'))).toEqual(['mover-before@example.com']);

    // The organization's directory matches on copies of the address and the name, kept by the database.
    expect(await server.context.accounts.users.changeEmail(moving.user.id, 'Mover-After@example.com')).toBe(
      true,
    );
    await server.context.accounts.users.setName(moving.user.id, 'Afterwards');
    expect(emailsOf(await directory(token, '?query=mover-before'))).toEqual([]);
    expect(emailsOf(await directory(token, '?query=beforehand'))).toEqual([]);
    expect(emailsOf(await directory(token, '?query=mover-after'))).toEqual(['Mover-After@example.com']);
    expect(emailsOf(await directory(token, '?query=AFTERW'))).toEqual(['Mover-After@example.com']);

    // An invitation has no account yet; accepting it gives the membership its user, and the copies with it.
    const invited = await signInUser(server, { email: 'joiner@example.com', name: 'Invitee' });
    const { token: inviteToken } = await server.context.orgs.invites.create(
      acme,
      { email: 'joiner@example.com' },
      FIXTURE,
    );
    expect(emailsOf(await directory(token, '?query=joiner'))).toEqual([]);
    await server.context.orgs.invites.accept(inviteToken, {
      id: invited.user.id,
      email: 'joiner@example.com',
      emailVerified: true,
    });
    expect(emailsOf(await directory(token, '?query=joiner'))).toEqual(['joiner@example.com']);
    expect(emailsOf(await directory(token, '?query=invitee'))).toEqual(['joiner@example.com']);
  });

  it('stops answering once the caller’s membership ends (the grant is revoked)', async () => {
    const leaving = await signInUser(server, { email: 'leaving@example.com', name: 'Leaving' });
    const memberId = await addMember(server, acme, leaving, ['admin']);
    const { token } = await userAccessToken(leaving, `openid ${DIRECTORY_SCOPE}`, acme);
    expect((await directory(token, '?query=dir-')).status).toBe(200);
    await server.context.orgs.organizations.setMemberStatus(acme, memberId, 'suspended');
    const after = await directory(token, '?query=dir-');
    expect(after.status).toBe(401);
    expect(after.json.error).toBe('invalid_token');
  });
});

describe('users directory with a client’s token', () => {
  it('a confidential client granted service.users:read still sees every active user', async () => {
    const token = await clientToken([DIRECTORY_SCOPE]);
    expect(emailsOf(await directory(token, '?query=dir-'))).toEqual([
      'dir-colleague@example.com',
      'dir-outsider@example.com',
      'dir-plain@example.com',
      'dir-reader@example.com',
      'dir-suspended@example.com',
    ]);
    expect((await directory(token, `/${outsider.user.id}`)).status).toBe(200);
    expect((await directory(token, `/${disabled.user.id}`)).status).toBe(404);
    // A prefix of the address or of the name, never a substring; `_` and `%` are themselves, not wildcards.
    await server.context.accounts.users.create({ email: 'dir_under@example.com', name: 'Emile Zola' });
    expect(emailsOf(await directory(token, '?query=dir_'))).toEqual(['dir_under@example.com']);
    expect(emailsOf(await directory(token, '?query=EMILE%20z'))).toEqual(['dir_under@example.com']);
    expect(emailsOf(await directory(token, '?query=zola'))).toEqual([]);
    expect(emailsOf(await directory(token, '?query=under'))).toEqual([]);
    expect(emailsOf(await directory(token, '?query=dir%25under'))).toEqual([]);

    const withoutScope = await directory(await clientToken(['api']), '?query=dir-');
    expect(withoutScope.status).toBe(403);
    expect(withoutScope.challenge).toContain('error="insufficient_scope"');
  });

  it('answers address matches by address, then users matched by name alone by name', async () => {
    const create = (email: string, name: string) => server.context.accounts.users.create({ email, name });
    await create('Ord-B@example.com', 'Bea');
    await create('ord-a@example.com', 'Ord Aaron'); // matches by address and by name: once, as an address
    await create('aaa-ord@example.com', 'Ord Zimmer');
    await create('zzz-ord@example.com', 'Ord Adams');
    const token = await clientToken([DIRECTORY_SCOPE]);
    const everyone = ['ord-a@example.com', 'Ord-B@example.com', 'zzz-ord@example.com', 'aaa-ord@example.com'];
    expect(emailsOf(await directory(token, '?query=ORD'))).toEqual(everyone);
    // The first names by name include the address match, which leaves one fewer for the rest: still enough.
    for (const limit of [1, 2, 3, 4]) {
      expect(emailsOf(await directory(token, `?query=ord&limit=${limit}`))).toEqual(everyone.slice(0, limit));
    }
    expect(emailsOf(await directory(token, '?query=ord%20a'))).toEqual([
      'ord-a@example.com',
      'zzz-ord@example.com',
    ]);
    // Byte by byte, whatever the database's collation (docs/users.md#for-apps).
    const bytewise = ['ann-lee@example.com', 'ann.lee@example.com', 'ann2@example.com', 'ann@example.com'];
    for (const email of [...bytewise].reverse()) await create(email, 'Someone');
    expect(emailsOf(await directory(token, '?query=ann'))).toEqual(bytewise);
  });

  it('refuses a missing or invalid token with 401', async () => {
    const anonymous = await fetch(`${server.publicUrl}/api/user/directory/users?query=dir-`);
    expect(anonymous.status).toBe(401);
    expect((await directory('not-a-token', '?query=dir-')).status).toBe(401);
  });
});
