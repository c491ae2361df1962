import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { connectionWithToken, fixture, installAndSignIn, patchUser, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * PATCH as Microsoft Entra ID and Okta send it (interop §3.1, §3.2; docs/scim.md "Protocol"), and the attribute
 * rules behind it: externalId, the enterprise extension given whole, attributes Tessera does not keep, `active` that
 * may not be removed, malformed multi-valued entries, and the /Schemas documents a client discovers them from.
 */

let server: TestServer;
let session: AdminSession;
let token: string;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
  ({ token } = await connectionWithToken(server, session, 'Fabrikam'));
});
afterAll(async () => {
  await server?.close();
});

const patch = (...Operations: Record<string, unknown>[]) => ({ schemas: [PATCH_OP], Operations });

/** POSTs Entra's own create-user body (fixtures/entra-create-user.json) under a fresh name. */
async function entraUser(name: string, extra: Record<string, unknown> = {}) {
  const email = `${name}@fabrikam.example`;
  const created = await scim(server, token, 'POST', '/Users', {
    ...fixture('entra-create-user'),
    externalId: `${name}-object-id`,
    userName: email,
    emails: [{ primary: true, type: 'work', value: email }],
    ...extra,
  });
  expect(created.status).toBe(201);
  return { id: created.json.id as string, email };
}

function expectScimError(answer: { status: number; json: Record<string, unknown> }, scimType: string) {
  expect(answer.status).toBe(400);
  expect(answer.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType });
}

describe('externalId (RFC 7643 §3.1) through PATCH', () => {
  it('Entra replaces, adds and removes a user’s externalId, and filters on the new one', async () => {
    const { id } = await entraUser('ext.user');
    const replaced = await patchUser(
      server,
      token,
      id,
      patch(
        { op: 'Replace', path: 'externalId', value: 'new-object-id' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ),
    );
    expect(replaced.status).toBe(204);
    expect(replaced.json).toMatchObject({
      externalId: 'new-object-id',
      name: { familyName: 'updatedFamilyName' },
    });
    const found = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "new-object-id"')}`,
    );
    expect((found.json.Resources as { id: string }[]).map((user) => user.id)).toEqual([id]);

    const removed = await patchUser(server, token, id, patch({ op: 'Remove', path: 'externalId' }));
    expect(removed.status).toBe(204);
    expect(removed.json).not.toHaveProperty('externalId');

    const added = await patchUser(
      server,
      token,
      id,
      patch({ op: 'Add', path: `${CORE_USER}:externalId`, value: 'added-again' }),
    );
    expect(added.status).toBe(204);
    expect(added.json.externalId).toBe('added-again');
    // Path-less, as Entra's aadOptscim062020 PATCH sends it.
    const pathless = await patchUser(
      server,
      token,
      id,
      patch({ op: 'replace', value: { externalId: 'pathless-id', 'name.givenName': 'Given' } }),
    );
    expect(pathless.json).toMatchObject({ externalId: 'pathless-id', name: { givenName: 'Given' } });
    expectScimError(
      await scim(
        server,
        token,
        'PATCH',
        `/Users/${id}`,
        patch({ op: 'replace', path: 'externalId', value: { not: 'a string' } }),
      ),
      'invalidValue',
    );
  });

  it('Okta and Entra change a group’s externalId', async () => {
    const group = await scim(server, token, 'POST', '/Groups', {
      ...fixture('entra-create-group'),
      displayName: 'External group',
    });
    expect(group.status).toBe(201);
    const id = group.json.id as string;
    const replaced = await scim(
      server,
      token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'Replace', path: 'externalId', value: 'group-object-id' }),
    );
    expect(replaced.status).toBe(204);
    expect((await scim(server, token, 'GET', `/Groups/${id}`)).json.externalId).toBe('group-object-id');
    // Okta's rename repeats the read-only id; here with an externalId beside it.
    await scim(
      server,
      token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', value: { id, displayName: 'External group 2', externalId: 'okta-id' } }),
    );
    expect((await scim(server, token, 'GET', `/Groups/${id}`)).json).toMatchObject({
      displayName: 'External group 2',
      externalId: 'okta-id',
    });
    await scim(server, token, 'PATCH', `/Groups/${id}`, patch({ op: 'remove', path: 'externalId' }));
    expect((await scim(server, token, 'GET', `/Groups/${id}`)).json).not.toHaveProperty('externalId');
  });
});

describe('the enterprise extension given whole (RFC 7644 §3.5.2.3)', () => {
  it('a path-less replace applies its attributes and leaves the others as they were', async () => {
    const { id: managerId } = await entraUser('the.manager');
    const { id } = await entraUser('enterprise.whole', {
      [ENTERPRISE]: { costCenter: 'CC-1', department: 'Old department' },
    });
    const answer = await patchUser(
      server,
      token,
      id,
      patch({
        op: 'replace',
        value: {
          [ENTERPRISE]: { department: 'Sales', employeeNumber: '701984', manager: { value: managerId } },
        },
      }),
    );
    expect(answer.status).toBe(204);
    expect(answer.json[ENTERPRISE]).toEqual({
      costCenter: 'CC-1',
      department: 'Sales',
      employeeNumber: '701984',
      manager: { value: managerId },
    });
    expect(answer.json.schemas).toEqual([CORE_USER, ENTERPRISE]);
  });

  it('the extension as a path, names in any case; null and remove unassign its attributes', async () => {
    const { id } = await entraUser('enterprise.path');
    const added = await patchUser(
      server,
      token,
      id,
      patch({
        op: 'Add',
        path: ENTERPRISE.toUpperCase(),
        value: { Department: 'Research', Division: 'R&D' },
      }),
    );
    expect(added.json[ENTERPRISE]).toEqual({ department: 'Research', division: 'R&D' });
    const nulled = await patchUser(
      server,
      token,
      id,
      patch({ op: 'Replace', value: { [ENTERPRISE]: { division: null } } }),
    );
    expect(nulled.json[ENTERPRISE]).toEqual({ department: 'Research' });
    const removed = await patchUser(server, token, id, patch({ op: 'remove', path: ENTERPRISE }));
    expect(removed.status).toBe(204);
    expect(removed.json).not.toHaveProperty(ENTERPRISE);
    expect(removed.json.schemas).toEqual([CORE_USER]);
  });
});

describe('attributes Tessera does not keep are ignored (docs/scim.md "Protocol")', () => {
  it('in an Entra update by path: the rest of it applies', async () => {
    const { id } = await entraUser('unknown.attributes');
    const answer = await patchUser(
      server,
      token,
      id,
      patch(
        { op: 'Add', path: 'title', value: 'Tester' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:CustomExtensionName:2.0:User:CustomAttribute',
          value: 'custom',
        },
        { op: 'Replace', path: 'entitlements', value: [{ value: 'admin' }] },
        { op: 'Add', path: 'ims[type eq "xmpp"].value', value: 'x@im.example' },
        { op: 'Replace', path: 'name.nickname2', value: 'x' },
        { op: 'Remove', path: 'x509Certificates' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber',
          value: '701984',
        },
      ),
    );
    expect(answer.status).toBe(204);
    expect(answer.json.title).toBe('Tester');
    expect(answer.json[ENTERPRISE]).toEqual({ employeeNumber: '701984' });
    const text = JSON.stringify(answer.json);
    for (const ignored of ['custom', 'entitlements', 'ims', 'nickname2', 'CustomExtensionName'])
      expect(text).not.toContain(ignored);
  });

  it('in a path-less value', async () => {
    const { id } = await entraUser('unknown.pathless');
    const answer = await patchUser(
      server,
      token,
      id,
      patch({
        op: 'replace',
        value: {
          nickName: 'Nick',
          ims: [{ value: 'x@im.example' }],
          'name.nickname2': 'x',
          'urn:ietf:params:scim:schemas:extension:CustomExtensionName:2.0:User:CustomAttribute': 'custom',
          [ENTERPRISE]: { department: 'Kept', favouriteColour: 'blue' },
        },
      }),
    );
    expect(answer.status).toBe(204);
    expect(answer.json).toMatchObject({ nickName: 'Nick', [ENTERPRISE]: { department: 'Kept' } });
    expect(JSON.stringify(answer.json)).not.toMatch(/ims|nickname2|custom|favouriteColour/);
  });

  it('a malformed path, or one naming a server-assigned attribute, is still refused', async () => {
    const { id } = await entraUser('bad.paths');
    for (const [path, scimType] of [
      ['emails[type eq', 'invalidPath'],
      ['id', 'mutability'],
      ['groups', 'mutability'],
      ['externalId.sub', 'invalidPath'],
    ] as const) {
      expectScimError(
        await scim(server, token, 'PATCH', `/Users/${id}`, patch({ op: 'replace', path, value: 'x' })),
        scimType,
      );
    }
  });
});

describe('removing active (RFC 7644 §3.5.2.2)', () => {
  it('is refused and never enables a deactivated user again', async () => {
    const { id, email } = await entraUser('remove.active');
    const active = await scim(
      server,
      token,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'Remove', path: 'active' }),
    );
    expectScimError(active, 'invalidValue');
    expect((await scim(server, token, 'GET', `/Users/${id}`)).json.active).toBe(true);

    // Entra deprovisions with the string "False" (fixtures/entra-disable-user.json).
    expect((await scim(server, token, 'PATCH', `/Users/${id}`, fixture('entra-disable-user'))).status).toBe(
      204,
    );
    const account = () => server.context.accounts.users.findByEmail(email);
    expect((await account())?.status).toBe('disabled');
    for (const body of [
      patch({ op: 'remove', path: 'active' }),
      patch({ op: 'remove', path: `${CORE_USER}:active` }),
      patch({ op: 'replace', path: 'active', value: null }),
      patch({ op: 'replace', value: { active: null } }),
      patch({ op: 'replace', path: 'title', value: 'changed' }, { op: 'remove', path: 'active' }),
    ]) {
      expectScimError(await scim(server, token, 'PATCH', `/Users/${id}`, body), 'invalidValue');
    }
    const after = await scim(server, token, 'GET', `/Users/${id}`);
    expect(after.json.active).toBe(false);
    expect(after.json).not.toHaveProperty('title');
    expect((await account())?.status).toBe('disabled');
  });
});

describe('malformed multi-valued entries (RFC 7643 §2.4)', () => {
  it('an entry without its value is 400 invalidValue, in POST, PUT and PATCH', async () => {
    for (const emails of [[{ primary: true }], [{ type: 'work', primary: true }], [{}], [{ value: null }]]) {
      expectScimError(
        await scim(server, token, 'POST', '/Users', { userName: 'malformed@fabrikam.example', emails }),
        'invalidValue',
      );
    }
    const { id } = await entraUser('malformed.entries');
    expectScimError(
      await scim(server, token, 'PUT', `/Users/${id}`, {
        schemas: [CORE_USER],
        userName: 'malformed.entries@fabrikam.example',
        phoneNumbers: [{ type: 'work' }],
      }),
      'invalidValue',
    );
    expectScimError(
      await scim(
        server,
        token,
        'PATCH',
        `/Users/${id}`,
        patch({ op: 'add', path: 'emails', value: [{ primary: true }] }),
      ),
      'invalidValue',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Groups', { displayName: 'Malformed', members: [{ display: 'x' }] }),
      'invalidValue',
    );
  });

  it('Entra clearing a work email removes the entry; a new primary demotes the old one (RFC 7644 §3.5.2)', async () => {
    const { id, email } = await entraUser('clear.work', {
      emails: [
        { primary: true, type: 'work', value: 'clear.work@fabrikam.example' },
        { type: 'home', value: 'home@fabrikam.example' },
      ],
    });
    const cleared = await patchUser(
      server,
      token,
      id,
      patch({ op: 'Remove', path: 'emails[type eq "work"].value' }),
    );
    expect(cleared.status).toBe(204);
    expect(cleared.json.emails).toEqual([{ type: 'home', value: 'home@fabrikam.example' }]);
    const primary = await patchUser(
      server,
      token,
      id,
      patch(
        { op: 'add', path: 'emails', value: [{ value: email, type: 'work', primary: true }] },
        { op: 'replace', path: 'emails[type eq "home"].primary', value: true },
      ),
    );
    expect(primary.status).toBe(204);
    const flags = (primary.json.emails as { type: string; primary?: boolean }[]).map((entry) => [
      entry.type,
      entry.primary,
    ]);
    expect(flags).toEqual([
      ['home', true],
      ['work', false],
    ]);
    const again = await patchUser(
      server,
      token,
      id,
      patch({ op: 'add', path: 'emails', value: [{ value: 'other@fabrikam.example', primary: true }] }),
    );
    expect(again.status).toBe(204);
    expect(
      (again.json.emails as { value: string; primary?: boolean }[])
        .filter((entry) => entry.primary)
        .map((entry) => entry.value),
    ).toEqual(['other@fabrikam.example']);
  });
});

type Definition = {
  name: string;
  type: string;
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: string;
  returned: string;
  uniqueness: string;
  description: string;
  referenceTypes?: string[];
  canonicalValues?: string[];
  subAttributes?: Definition[];
};

describe('/Schemas and /ResourceTypes as RFC 7643 §6, §7 and §8.7 define them', () => {
  it('every attribute has its characteristics, and every reference its referenceTypes', async () => {
    const listed = await scim(server, token, 'GET', '/Schemas');
    const documents = listed.json.Resources as {
      schemas: string[];
      id: string;
      name: string;
      attributes: Definition[];
      meta: { resourceType: string; location: string };
    }[];
    expect(documents.map((document) => document.id)).toEqual([
      CORE_USER,
      ENTERPRISE,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
      'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
      'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
      'urn:ietf:params:scim:schemas:core:2.0:Schema',
    ]);
    expect(listed.json.totalResults).toBe(documents.length);
    const problems: string[] = [];
    const check = (where: string, attribute: Definition, depth: number) => {
      const at = `${where}.${attribute.name}`;
      if (!/^[A-Za-z$][\w$-]*$/.test(attribute.name)) problems.push(`${at}: name`);
      if (
        !['string', 'boolean', 'decimal', 'integer', 'dateTime', 'binary', 'reference', 'complex'].includes(
          attribute.type,
        )
      )
        problems.push(`${at}: type ${attribute.type}`);
      for (const flag of ['multiValued', 'required', 'caseExact'] as const)
        if (typeof attribute[flag] !== 'boolean') problems.push(`${at}: ${flag}`);
      if (typeof attribute.description !== 'string' || attribute.description === '')
        problems.push(`${at}: description`);
      if (!['readOnly', 'readWrite', 'immutable', 'writeOnly'].includes(attribute.mutability))
        problems.push(`${at}: mutability`);
      if (!['always', 'never', 'default', 'request'].includes(attribute.returned))
        problems.push(`${at}: returned`);
      if (!['none', 'server', 'global'].includes(attribute.uniqueness)) problems.push(`${at}: uniqueness`);
      // RFC 7643 §7: referenceTypes is REQUIRED for a reference, and only there.
      if (attribute.type === 'reference') {
        if (!Array.isArray(attribute.referenceTypes) || attribute.referenceTypes.length === 0)
          problems.push(`${at}: a reference without referenceTypes`);
      } else if (attribute.referenceTypes !== undefined)
        problems.push(`${at}: referenceTypes on ${attribute.type}`);
      if (attribute.type === 'complex') {
        // RFC 7643 §2.3.8: a complex attribute has sub-attributes, and they are not complex themselves, except
        // where §8.7.2 itself nests them (a Schema's attributes list their subAttributes).
        if (!attribute.subAttributes?.length) problems.push(`${at}: complex without subAttributes`);
        if (depth > 0 && at !== 'urn:ietf:params:scim:schemas:core:2.0:Schema.attributes.subAttributes')
          problems.push(`${at}: complex sub-attribute`);
      } else if (attribute.subAttributes !== undefined)
        problems.push(`${at}: subAttributes on ${attribute.type}`);
      for (const sub of attribute.subAttributes ?? []) check(at, sub, depth + 1);
    };
    for (const document of documents) {
      expect(document.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:Schema']);
      expect(document.meta).toEqual({
        resourceType: 'Schema',
        location: `${server.config.baseUrl}/scim/v2/Schemas/${document.id}`,
      });
      const names = document.attributes.map((attribute) => attribute.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const attribute of document.attributes) check(document.id, attribute, 0);
      const one = await scim(server, token, 'GET', `/Schemas/${document.id}`);
      expect(one.status).toBe(200);
      expect(one.json).toEqual(document);
    }
    expect(problems).toEqual([]);
    const user = documents[0]!;
    const photos = user.attributes.find((attribute) => attribute.name === 'photos')!;
    expect(photos.subAttributes!.find((sub) => sub.name === 'value')).toMatchObject({
      type: 'reference',
      referenceTypes: ['external'],
    });
  });

  it('every resource type names schemas that /Schemas serves', async () => {
    const types = await scim(server, token, 'GET', '/ResourceTypes');
    const resources = types.json.Resources as {
      id: string;
      name: string;
      endpoint: string;
      schema: string;
      schemaExtensions: { schema: string; required: boolean }[];
      meta: { resourceType: string; location: string };
    }[];
    for (const type of resources) {
      expect(type.endpoint).toBe(`/${type.name}s`);
      expect(type.meta).toEqual({
        resourceType: 'ResourceType',
        location: `${server.config.baseUrl}/scim/v2/ResourceTypes/${type.id}`,
      });
      for (const urn of [type.schema, ...type.schemaExtensions.map((extension) => extension.schema)])
        expect((await scim(server, token, 'GET', `/Schemas/${urn}`)).status).toBe(200);
      expect((await scim(server, token, 'GET', `/ResourceTypes/${type.id}`)).json).toEqual(type);
    }
  });
});
