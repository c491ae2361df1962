import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionWithToken, installAndSignIn, type ScimAnswer, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * Microsoft's SCIM reference Postman collection (AzureAD/SCIMReferenceCode, PostmanCollection.json), its requests
 * in order with the bodies it sends (fixtures/microsoft-postman-requests.json) and its assertions. Where Tessera
 * answers differently by design, the step says so and asserts our answer:
 * - an account is known by its email, so a second user with the same primary email is a 409 uniqueness (the
 *   collection reuses addresses); the step is then repeated with its own address so the sequence goes on;
 * - only the simple filters of docs/scim.md#protocol are supported: `co`, `sw`, `gt`, `or` and parentheses
 *   are 400 invalidFilter;
 * - a member that is not a user of the connection is refused (400), not silently added;
 * - `/serviceConfiguration` (the reference server's own alias) is not served; `/ServiceProviderConfig` is.
 */
const collection = JSON.parse(
  readFileSync(new URL('./fixtures/microsoft-postman-requests.json', import.meta.url), 'utf8'),
) as { requests: Record<string, { method: string; path: string; body: string }> };

let server: TestServer;
let token: string;
const variables: Record<string, string> = {};
let uuid = 0;
/** The collection's `${__UUID}`: a fresh UUID for each use. */
function nextUuid(): string {
  uuid += 1;
  return `00000000-0000-4000-8000-${String(uuid).padStart(12, '0')}`;
}

beforeAll(async () => {
  server = await startTestServer();
  const session = await installAndSignIn(server);
  // Policy `delete`: the collection deletes users and creates others with the same addresses.
  ({ token } = await connectionWithToken(server, session, 'Microsoft collection', {
    deprovisioning: 'delete',
  }));
});
afterAll(async () => {
  await server?.close();
});

/** Runs one request of the collection, its variables filled in; `edit` adapts the body where noted above. */
async function run(key: string, edit?: (body: string) => string): Promise<ScimAnswer> {
  const request = collection.requests[key];
  if (!request) throw new Error(`no request ${key}`);
  const fill = (text: string) =>
    text
      .replace(/\$\{__UUID\}/g, () => nextUuid())
      .replace(/\{\{(\w+)\}\}/g, (_all, name: string) => variables[name] ?? `missing-${name}`);
  const body = fill(edit ? edit(request.body) : request.body);
  return scim(server, token, request.method, fill(request.path), body);
}

const get = (path: string) => scim(server, token, 'GET', path);
const remove = (path: string) => scim(server, token, 'DELETE', path);

describe("Microsoft's SCIM reference collection", () => {
  it('Endpoint tests', async () => {
    expect((await get('/Users')).status).toBe(200);
    expect((await get('/Groups')).status).toBe(200);
    const types = await get('/ResourceTypes');
    expect(types.status).toBe(200);
    expect((types.json.Resources as { endpoint: string }[])[0]!.endpoint).toBe('/Users');
    const config = await get('/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect((config.json.patch as { supported: boolean }).supported).toBe(true);
    const schemas = await get('/Schemas');
    expect(schemas.status).toBe(200);
    expect(JSON.stringify(schemas.json)).toContain('User Account');
  });

  it('User tests', async () => {
    const first = await run('user0');
    expect(first.status).toBe(201);
    variables.id1 = first.json.id as string;
    const second = await run('user1');
    expect(second.status).toBe(201);
    variables.id2 = second.json.id as string;
    expect((await get(`/Users/${variables.id1}`)).json.id).toBe(variables.id1);
    expect((await get(`/Users/${variables.id2}`)).json.id).toBe(variables.id2);
    const projected = await get('/Users?attributes=userName,emails');
    expect(projected.status).toBe(200);
    expect(JSON.stringify(projected.json)).toContain(variables.id1);
    const filtered = await get('/Users/?filter=DisplayName+eq+%22BobIsAmazing%22');
    expect(JSON.stringify(filtered.json)).toContain(variables.id1);
    expect((await run('user6')).status).toBe(204);
    const renamed = await get(`/Users/${variables.id1}`);
    expect(renamed.json.userName).toBe('ryan3');
    expect((await run('user8')).status).toBe(200);
    expect(((await get(`/Users/${variables.id2}`)).json.name as { formatted: string }).formatted).toBe(
      'NewName',
    );
    expect((await remove(`/Users/${variables.id1}`)).status).toBe(204);
    expect((await remove(`/Users/${variables.id2}`)).status).toBe(204);
  });

  it('Group tests', async () => {
    const group = await run('group0');
    expect(group.status).toBe(201);
    variables.groupid = group.json.id as string;
    const third = await run('group1');
    expect(third.status).toBe(201);
    variables.id3 = third.json.id as string;
    // Same primary email as the user before: 409 here (see above), then with its own address.
    const clash = await run('group2');
    expect(clash.status).toBe(409);
    expect(clash.json.scimType).toBe('uniqueness');
    const fourth = await run('group2', (body) => body.replace('"testing@bob2.com"', '"testing444@bob2.com"'));
    expect(fourth.status).toBe(201);
    variables.id4 = fourth.json.id as string;
    const second = await run('group3');
    expect(second.status).toBe(201);
    variables.groupid2 = second.json.id as string;
    expect((await get('/Groups')).status).toBe(200);
    const third3 = await run('group5');
    expect(third3.status).toBe(201);
    variables.groupid3 = third3.json.id as string;
    expect((await run('group6')).status).toBe(200);
    const put = await get(`/Groups/${variables.groupid3}`);
    expect(put.json.id).toBe(variables.groupid3);
    expect(JSON.stringify(put.json)).toContain(variables.id4);
    await run('group8');
    await run('group9');
    expect((await run('group10')).status).toBe(204);
    const withMember = await get(`/Groups/${variables.groupid}`);
    expect(withMember.json.id).toBe(variables.groupid);
    // The collection looks for the member's "new User" display; we show the member's own name.
    expect((withMember.json.members as { value: string }[]).map((member) => member.value)).toEqual([
      variables.id4,
    ]);
    expect((await run('group12')).status).toBe(204);
    const emptied = await get(`/Groups/${variables.groupid}`);
    expect(emptied.json.members).toEqual([]);
    for (const path of [
      `/Users/${variables.id3}`,
      `/Users/${variables.id4}`,
      `/Groups/${variables.groupid}`,
      `/Groups/${variables.groupid2}`,
      `/Groups/${variables.groupid3}`,
    ]) {
      expect((await remove(path)).status).toBe(204);
    }
  });

  it('User tests with garbage', async () => {
    const omalley = await run('garbageUser0');
    expect(omalley.status).toBe(201);
    expect(omalley.json).toMatchObject({ userName: 'OMalley', active: true });
    variables['1stuserid'] = omalley.json.id as string;
    const emp1 = await run('garbageUser1');
    expect(emp1.status).toBe(201);
    expect(emp1.json.active).toBe(true);
    variables['2nduserid'] = emp1.json.id as string;
    const listed = await get('/Users');
    expect(listed.json.totalResults).toBe(2);
    expect(JSON.stringify(listed.json)).toContain('OMalley');

    const ownAddress = (name: string) => (body: string) =>
      body.replace('"value": "anna33@gmail.com"', `"value": "anna33+${name}@gmail.com"`);
    for (const [key, variable, name] of [
      ['garbageUser3', '3rduserid', 'emp2'],
      ['garbageUser4', '4thuserid', 'emp3'],
    ] as const) {
      expect((await run(key)).status).toBe(409);
      const created = await run(key, ownAddress(name));
      expect(created.status).toBe(201);
      variables[variable] = created.json.id as string;
    }
    expect((await run('garbageUser5')).status).toBe(400);
    expect((await run('garbageUser6')).status).toBe(400);
    for (const key of ['garbageUser7', 'garbageUser8']) {
      const duplicate = await run(key);
      expect(duplicate.status).toBe(409);
      expect(JSON.stringify(duplicate.json)).toContain('detail');
    }
    expect((await run('garbageUser9')).status).toBe(400);
    const typo = await run('garbageUser10');
    expect(typo.status).toBe(200);
    expect(JSON.stringify(typo.json)).not.toContain('Addresses');
    expect((await run('garbageUser11')).status).toBe(409);
    const enterprise = await run('garbageUser11', ownAddress('enterprise'));
    expect(enterprise.status).toBe(201);
    variables.enteruserid = enterprise.json.id as string;
    expect((await run('garbageUser12')).status).toBe(204);
    expect((await run('garbageUser13')).status).toBe(204);
    const patched = await get(`/Users/${variables['1stuserid']}`);
    expect(patched.json).toMatchObject({ userName: 'newusername', active: false });
    const put = await run('garbageUser15');
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ userName: 'OMalley', active: false });
    expect(JSON.stringify(put.json)).toContain('Germany');
    const page = await get('/Users?startIndex=1&count=2');
    expect(page.json).toMatchObject({ totalResults: 5, itemsPerPage: 2 });
    expect((await get('/Users?attributes=userName,emails')).json.totalResults).toBe(5);
    expect((await run('garbageUser18')).status).toBe(409);
    for (const filter of [
      'name.FamilyName eq Employee and (emails.Value co example.com or emails.Value co example.org)',
      'userName sw O',
      'meta.Created gt 2015-10-10T14:38:21.8617979-07:00',
    ]) {
      const answer = await get(`/Users?filter=${encodeURIComponent(filter)}`);
      expect(answer.status).toBe(400);
      expect(answer.json.scimType).toBe('invalidFilter');
    }
  });

  it('Group tests with garbage, and teardown', async () => {
    const group = await run('garbageGroup0');
    expect(group.status).toBe(201);
    variables['1stgroupid'] = group.json.id as string;
    for (const key of ['garbageGroup1', 'garbageGroup2']) {
      const junk = await run(key);
      expect(junk.status).toBe(400);
      expect(junk.json.scimType).toBe('invalidValue');
    }
    expect((await get(`/Groups/${variables['1stgroupid']}`)).status).toBe(200);
    expect((await get(`/Groups/${variables['1stgroupid']}?excludedAttributes=members`)).status).toBe(200);
    const put = await run('garbageGroup5');
    expect(put.status).toBe(200);
    expect(put.json.displayName).toBe('Tiffany Ortiz');

    for (const path of [
      `/Users/${variables['1stuserid']}`,
      `/Users/${variables['2nduserid']}`,
      `/Users/${variables['3rduserid']}`,
      `/Users/${variables['4thuserid']}`,
      `/Users/${variables.enteruserid}`,
      `/Groups/${variables['1stgroupid']}`,
    ]) {
      expect((await remove(path)).status).toBe(204);
    }
    expect((await get('/Users?attributes=userName')).json.Resources).toEqual([]);
    expect((await get('/Groups')).json.Resources).toEqual([]);
  });
});
