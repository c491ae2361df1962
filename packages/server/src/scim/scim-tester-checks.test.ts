import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionWithToken, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * The checks of scim2-tester (https://github.com/python-scim/scim2-tester, version 0.2.8), written again in
 * TypeScript: the Python package cannot be installed where these tests run. Each check below names the function of
 * `scim2_tester/checkers/` it follows, and does what that function does through the same discovery: the server's
 * /ResourceTypes and /Schemas decide which attributes are created, patched and compared, and values are generated
 * as `scim2_tester/filling.py` generates them (random, from a fixed seed here so a run can be repeated).
 *
 * Three results differ from scim2-tester's expectations; docs/scim.md "Compliance checks" gives the RFC text that
 * allows each. The test fails when any other check fails, or when one of those three starts to pass.
 */

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SEARCH_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
/** The mutabilities filling.py writes unless told otherwise. */
const WRITABLE = ['readWrite', 'writeOnly', 'immutable'];

/** The results that scim2-tester reports as errors and RFC 7643 allows (docs/scim.md "Compliance checks"). */
const ALLOWED_DIFFERENCES = [
  // The server fills the read-only `display` of each member (RFC 7643 §2.2, §4.2).
  'check_add_attribute [Group] members',
  // No members is an empty list, which RFC 7643 §2.5 makes the same as unassigned.
  'check_remove_attribute [Group] members',
  'check_replace_attribute [Group] members',
];

interface Definition {
  name: string;
  type: string;
  multiValued: boolean;
  required: boolean;
  mutability: string;
  returned: string;
  referenceTypes?: string[];
  canonicalValues?: string[];
  subAttributes?: Definition[];
}

interface ResourceType {
  id: string;
  name: string;
  endpoint: string;
  schema: string;
  schemaExtensions: { schema: string; required: boolean }[];
}

/** A top-level path of a resource type, as scim2-models' `Path.iter_paths(include_subattributes=False)` lists them. */
interface AttributePath {
  /** `userName`, `externalId`, an extension URN, or `urn:...:User:department`. */
  path: string;
  definition: Definition;
  /** An attribute of an extension, which a whole document fills through the extension. */
  inExtension: boolean;
  get(resource: Record<string, unknown>): unknown;
}

type Status = 'success' | 'error' | 'skipped';
interface Result {
  check: string;
  resourceType?: string;
  subject?: string;
  status: Status;
  reason: string;
}

interface Answer {
  status: number;
  contentType: string | null;
  json: Record<string, unknown>;
}

/** mulberry32: the checks' random choices, repeatable. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * scim2-tester's `fields_equality` compares pydantic model dumps: every attribute the schema defines is there, null
 * when unassigned, and attributes the schema does not define are gone. This gives a value the same shape.
 */
function dump(definition: Definition, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (definition.multiValued && Array.isArray(value))
    return value.map((item) => dump({ ...definition, multiValued: false }, item));
  if (definition.type !== 'complex' || !isObject(value)) return value;
  const output: Record<string, unknown> = {};
  for (const sub of definition.subAttributes ?? []) output[sub.name] = dump(sub, value[sub.name]);
  return output;
}

class ScimTester {
  readonly results: Result[] = [];
  private readonly random = seeded(7643);
  private created: { endpoint: string; id: string }[] = [];
  resourceTypes: ResourceType[] = [];
  schemas = new Map<string, { id: string; name: string; attributes: Definition[] }>();

  constructor(
    private readonly server: TestServer,
    private readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/scim+json';
    const response = await fetch(`${this.server.publicUrl}/scim/v2${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  /** scim2-client's response check: the expected status, and a SCIM (or JSON) body. */
  async expect(method: string, path: string, statuses: number[], body?: unknown): Promise<Answer> {
    const answer = await this.request(method, path, body);
    if (!statuses.includes(answer.status))
      throw new Error(
        `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`,
      );
    if (answer.status !== 204 && !/^application\/(scim\+)?json/.test(answer.contentType ?? ''))
      throw new Error(`${method} ${path} answered ${answer.contentType}`);
    return answer;
  }

  /** `scim2_tester.utils.checker`: a check's failure is its result, and what it created is deleted after it. */
  async check(
    check: string,
    resourceType: string | undefined,
    run: () => Promise<Omit<Result, 'check' | 'resourceType'>[]>,
  ): Promise<void> {
    try {
      for (const result of await run()) this.results.push({ check, resourceType, ...result });
    } catch (error) {
      this.results.push({ check, resourceType, status: 'error', reason: String(error) });
    } finally {
      for (const { endpoint, id } of this.created.reverse())
        await this.request('DELETE', `${endpoint}/${encodeURIComponent(id)}`).catch(() => undefined);
      this.created = [];
    }
  }

  /** A SCIM error (RFC 7644 §3.12) with the given status, as scim2-models' Error reads it. */
  static isError(answer: Answer, status: number): boolean {
    return (
      answer.status === status &&
      Array.isArray(answer.json.schemas) &&
      answer.json.schemas.includes(ERROR_SCHEMA) &&
      answer.json.status === String(status)
    );
  }

  // ---- discovery: scim2_tester/checker.py check_server, then the model scim2-client builds from it ----

  uuid(): string {
    return randomUUID();
  }

  /** The attributes of a resource type: its schema's, externalId (RFC 7643 §3.1) and each extension's. */
  paths(type: ResourceType): AttributePath[] {
    const core = this.schemas.get(type.schema);
    if (!core) throw new Error(`no schema ${type.schema}`);
    const paths: AttributePath[] = [
      {
        path: 'externalId',
        definition: {
          name: 'externalId',
          type: 'string',
          multiValued: false,
          required: false,
          mutability: 'readWrite',
          returned: 'default',
        },
        inExtension: false,
        get: (resource) => resource.externalId,
      },
      ...core.attributes.map((definition) => ({
        path: definition.name,
        definition,
        inExtension: false,
        get: (resource: Record<string, unknown>) => resource[definition.name],
      })),
    ];
    for (const extension of type.schemaExtensions) {
      const schema = this.schemas.get(extension.schema);
      if (!schema) throw new Error(`no schema ${extension.schema}`);
      const urn = extension.schema;
      paths.push({
        path: urn,
        definition: {
          name: urn,
          type: 'complex',
          multiValued: false,
          required: extension.required,
          mutability: 'readWrite',
          returned: 'default',
          subAttributes: schema.attributes,
        },
        inExtension: false,
        get: (resource) => resource[urn],
      });
      for (const definition of schema.attributes)
        paths.push({
          path: `${urn}:${definition.name}`,
          definition,
          inExtension: true,
          get: (resource) =>
            isObject(resource[urn]) ? (resource[urn] as Record<string, unknown>)[definition.name] : undefined,
        });
    }
    return paths;
  }

  // ---- values: scim2_tester/filling.py ----

  /** `generate_random_value`: undefined when the attribute is filtered out. */
  async generate(
    type: ResourceType,
    path: string,
    definition: Definition,
    filter: { mutability?: string[]; required?: boolean[] },
  ): Promise<unknown> {
    if (filter.mutability && !filter.mutability.includes(definition.mutability)) return undefined;
    if (filter.required && !filter.required.includes(definition.required)) return undefined;
    let value: unknown;
    if (path.endsWith('emails.value')) value = `${this.uuid()}@${this.uuid()}.com`;
    else if (path.endsWith('phoneNumbers.value'))
      value = Array.from({ length: 10 }, () => Math.floor(this.random() * 10)).join('');
    else if (definition.type === 'integer') value = Math.floor(this.random() * 2 ** 31);
    else if (definition.type === 'boolean') value = this.random() < 0.5;
    else if (definition.type === 'reference') {
      const types = definition.referenceTypes ?? [];
      if (types.length === 0 || types.includes('external') || types.includes('uri'))
        value = `https://${this.uuid()}.test`;
      else {
        // `get_model_from_ref_type`: a resource of the referenced type, another than this one if it can.
        const candidates = types
          .map((name) => this.resourceTypes.find((candidate) => candidate.name === name))
          .filter((candidate): candidate is ResourceType => candidate !== undefined);
        const target = candidates.find((candidate) => candidate.id !== type.id) ?? candidates[0];
        if (!target) throw new Error(`no resource type for ${types.join(', ')}`);
        const created = await this.create(target);
        value = (created.meta as { location?: string } | undefined)?.location;
      }
    } else if (definition.canonicalValues?.length) {
      // scim2-models makes canonical values an enumeration, which filling.py picks from.
      value = definition.canonicalValues[Math.floor(this.random() * definition.canonicalValues.length)];
    } else if (definition.type === 'complex') {
      value = await this.fill(type, path, definition.subAttributes ?? [], filter);
    } else value = this.uuid();
    return definition.multiValued ? [value] : value;
  }

  /**
   * `fill_with_random_values` of a complex value, with `fix_reference_values`: a `value` beside a `$ref` is the
   * reference's last segment. Without a mutability filter it fills the writable attributes, as filling.py does.
   */
  async fill(
    type: ResourceType,
    prefix: string,
    definitions: readonly Definition[],
    filter: { mutability?: string[]; required?: boolean[] },
  ): Promise<Record<string, unknown>> {
    const into: Record<string, unknown> = {};
    const writable = { ...filter, mutability: filter.mutability ?? WRITABLE };
    for (const definition of definitions) {
      const value = await this.generate(type, `${prefix}.${definition.name}`, definition, writable);
      if (value !== undefined) into[definition.name] = value;
    }
    if (typeof into.$ref === 'string' && definitions.some((definition) => definition.name === 'value'))
      into.value = into.$ref.split('/').pop();
    return into;
  }

  /**
   * A whole resource filled by `fill_with_random_values`: only its required attributes, or every writable one; then
   * `fix_primary_attributes` (the one value of a list is primary).
   */
  async document(type: ResourceType, fillAll: boolean): Promise<Record<string, unknown>> {
    const filter = fillAll ? { mutability: WRITABLE } : { mutability: WRITABLE, required: [true] };
    const document: Record<string, unknown> = {};
    for (const path of this.paths(type)) {
      if (path.inExtension) continue;
      const value = await this.generate(type, path.path, path.definition, filter);
      if (value === undefined || (isObject(value) && Object.keys(value).length === 0)) continue;
      document[path.path] = value;
      if (Array.isArray(value) && path.definition.subAttributes?.some((sub) => sub.name === 'primary'))
        value.forEach((item, index) => {
          if (isObject(item)) item.primary = index === 0;
        });
    }
    const extensions = type.schemaExtensions
      .map((extension) => extension.schema)
      .filter((urn) => urn in document);
    return { schemas: [type.schema, ...extensions], ...document };
  }

  /** `ResourceManager.create_and_register`: POST, 201, and deleted after the check. */
  async create(type: ResourceType, fillAll = false): Promise<Record<string, unknown>> {
    const created = await this.expect('POST', type.endpoint, [201], await this.document(type, fillAll));
    const resource = created.json;
    if (typeof resource.id !== 'string') throw new Error(`${type.name} created without an id`);
    if (!(resource.schemas as string[] | undefined)?.includes(type.schema))
      throw new Error(`${type.name} created without its schema`);
    this.created.push({ endpoint: type.endpoint, id: resource.id });
    return resource;
  }
}

let server: TestServer;
let tester: ScimTester;

beforeAll(async () => {
  server = await startTestServer();
  const session = await installAndSignIn(server);
  const { token } = await connectionWithToken(server, session, 'Compliance');
  tester = new ScimTester(server, token);
});
afterAll(async () => {
  await server?.close();
});

describe('scim2-tester checks', () => {
  // Several hundred requests, each a SCIM change with its audit entry.
  it('pass, apart from the differences RFC 7643 allows', { timeout: 240_000 }, async () => {
    const t = tester;
    const ok = (reason: string, subject?: string) => ({ status: 'success' as const, reason, subject });
    const fail = (reason: string, subject?: string) => ({ status: 'error' as const, reason, subject });

    // service_provider_config.py service_provider_config_endpoint (with scim2-models' required attributes).
    await t.check('service_provider_config_endpoint', undefined, async () => {
      const config = (await t.expect('GET', '/ServiceProviderConfig', [200])).json;
      const supported = (name: string) =>
        typeof (config[name] as { supported?: unknown })?.supported === 'boolean';
      const bulk = config.bulk as Record<string, unknown>;
      const filter = config.filter as Record<string, unknown>;
      const schemes = config.authenticationSchemes as Record<string, unknown>[];
      const valid =
        ['patch', 'bulk', 'filter', 'changePassword', 'sort', 'etag'].every(supported) &&
        Number.isInteger(bulk.maxOperations) &&
        Number.isInteger(bulk.maxPayloadSize) &&
        Number.isInteger(filter.maxResults) &&
        Array.isArray(schemes) &&
        schemes.every((scheme) =>
          ['type', 'name', 'description'].every((key) => typeof scheme[key] === 'string'),
        );
      return [valid ? ok('a valid ServiceProviderConfig') : fail(JSON.stringify(config))];
    });

    // _discovery_utils.py _test_discovery_endpoint_methods, through service_provider_config.py
    // service_provider_config_endpoint_methods, resource_types.py resource_types_endpoint_methods and schemas.py
    // schemas_endpoint_methods.
    for (const [check, endpoint] of [
      ['service_provider_config_endpoint_methods', '/ServiceProviderConfig'],
      ['resource_types_endpoint_methods', '/ResourceTypes'],
      ['schemas_endpoint_methods', '/Schemas'],
    ] as const) {
      await t.check(check, undefined, async () => {
        const results = [];
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
          const answer = await t.request(method, endpoint);
          results.push(
            answer.status === 405
              ? ok(`${method} ${endpoint} correctly returned 405`, method)
              : fail(`${method} ${endpoint} returned ${answer.status} instead of 405`, method),
          );
        }
        return results;
      });
    }

    // resource_types.py query_all_resource_types, query_resource_type_by_id, resource_types_schema_validation,
    // access_invalid_resource_type (in the order of _resource_types_endpoint).
    await t.check('query_all_resource_types', undefined, async () => {
      const list = (await t.expect('GET', '/ResourceTypes', [200])).json;
      if (!(list.schemas as string[]).includes(LIST_SCHEMA)) return [fail('not a ListResponse')];
      t.resourceTypes = list.Resources as ResourceType[];
      return [ok(`Resource types available are: ${t.resourceTypes.map((type) => type.name).join(', ')}`)];
    });
    for (const type of t.resourceTypes) {
      await t.check('query_resource_type_by_id', undefined, async () => {
        const one = (await t.expect('GET', `/ResourceTypes/${type.id}`, [200])).json;
        return [
          one.id === type.id ? ok(`accessed /ResourceTypes/${type.id}`, type.id) : fail(JSON.stringify(one)),
        ];
      });
    }
    await t.check('resource_types_schema_validation', undefined, async () => {
      const results = [];
      for (const type of t.resourceTypes) {
        const answer = await t.request('GET', `/Schemas/${type.schema}`);
        results.push(
          answer.status === 200
            ? ok(`${type.name} schema is accessible`, type.name)
            : fail(`${answer.status}`, type.name),
        );
      }
      return results;
    });
    await t.check('access_invalid_resource_type', undefined, async () => {
      const answer = await t.request('GET', `/ResourceTypes/${t.uuid()}`);
      return [ScimTester.isError(answer, 404) ? ok('404 Error') : fail(JSON.stringify(answer))];
    });

    // schemas.py query_all_schemas, access_schema_by_id, access_invalid_schema (_schemas_endpoint), and
    // core_schemas_validation.
    await t.check('query_all_schemas', undefined, async () => {
      const list = (await t.expect('GET', '/Schemas', [200])).json;
      for (const schema of list.Resources as { id: string; name: string; attributes: Definition[] }[])
        t.schemas.set(schema.id, schema);
      // scim2-client builds its models from these documents (scim2_models/resources/schema.py `_to_python`), which
      // fails on a reference attribute without referenceTypes: no check could run after that.
      const unbuildable: string[] = [];
      const walk = (where: string, definitions: readonly Definition[]) => {
        for (const definition of definitions) {
          if (definition.type === 'reference' && !definition.referenceTypes?.length)
            unbuildable.push(`${where}.${definition.name}`);
          walk(`${where}.${definition.name}`, definition.subAttributes ?? []);
        }
      };
      for (const schema of t.schemas.values()) walk(schema.name, schema.attributes);
      if (unbuildable.length > 0)
        return [fail(`references without referenceTypes: ${unbuildable.join(', ')}`)];
      return [
        ok(`Schemas available are: ${[...t.schemas.values()].map((schema) => schema.name).join(', ')}`),
      ];
    });
    await t.check('access_schema_by_id', undefined, async () => {
      const results = [];
      for (const id of t.schemas.keys()) {
        const answer = await t.request('GET', `/Schemas/${id}`);
        results.push(
          answer.status === 200 && answer.json.id === id ? ok('accessed', id) : fail(`${answer.status}`, id),
        );
      }
      return results;
    });
    await t.check('access_invalid_schema', undefined, async () => {
      const answer = await t.request('GET', `/Schemas/${t.uuid()}`);
      return [ScimTester.isError(answer, 404) ? ok('404 Error') : fail(JSON.stringify(answer))];
    });
    await t.check('core_schemas_validation', undefined, async () => {
      const names = new Set([...t.schemas.values()].map((schema) => schema.name));
      const missing = ['ResourceType', 'ServiceProviderConfig', 'Schema'].filter((name) => !names.has(name));
      return [
        missing.length === 0 ? ok('all mandatory core schemas') : fail(`missing ${missing.join(', ')}`),
      ];
    });

    // misc.py random_url
    await t.check('random_url', undefined, async () => {
      const answer = await t.request('GET', `/${t.uuid()}`);
      return [ScimTester.isError(answer, 404) ? ok('404 Error') : fail(JSON.stringify(answer))];
    });

    // resource.py resource_type_tests, for each resource type, in its order.
    for (const type of t.resourceTypes) {
      // resource_post.py object_creation
      await t.check('object_creation', type.name, async () => [ok(`created ${(await t.create(type)).id}`)]);

      // resource_get.py object_query
      await t.check('object_query', type.name, async () => {
        const created = await t.create(type);
        const read = (await t.expect('GET', `${type.endpoint}/${created.id}`, [200])).json;
        return [read.id === created.id ? ok('queried') : fail(JSON.stringify(read))];
      });

      // resource_get.py object_query_without_id
      await t.check('object_query_without_id', type.name, async () => {
        const created = await t.create(type);
        const list = (await t.expect('GET', type.endpoint, [200])).json;
        const found = (list.Resources as { id: string }[]).some((resource) => resource.id === created.id);
        return [found ? ok('found in the list') : fail(`${created.id} not in the list`)];
      });

      // resource_query_attributes.py _pick_attribute_names: the first two attributes returned by default, writable
      // and not required, in scim2-models' field order (externalId first, then the schema's).
      const candidates = t
        .paths(type)
        .filter(
          (path) =>
            !path.path.includes(':') &&
            path.definition.returned === 'default' &&
            path.definition.mutability !== 'readOnly' &&
            !path.definition.required,
        )
        .map((path) => path.path);
      const [included, excluded] = candidates;
      const attributeChecks = async (
        query: (parameters: Record<string, string>, created: Record<string, unknown>) => Promise<Answer>,
        label: string,
      ) => {
        const created = await t.create(type, true);
        const results = [];
        for (const [parameter, name] of [
          ['attributes', included],
          ['excludedAttributes', excluded],
        ] as const) {
          if (!name) continue;
          const answer = await query({ [parameter]: name }, created);
          const resource =
            answer.json.schemas && (answer.json.schemas as string[]).includes(LIST_SCHEMA)
              ? (answer.json.Resources as Record<string, unknown>[]).find((item) => item.id === created.id)
              : answer.json;
          if (!resource) results.push(fail(`${label}: ${created.id} not found`, parameter));
          else if (parameter === 'attributes' && !(name in resource))
            results.push(fail(`${label}: requested attribute '${name}' missing`, parameter));
          else if (parameter === 'excludedAttributes' && name in resource)
            results.push(fail(`${label}: excluded attribute '${name}' still present`, parameter));
          else results.push(ok(`${label}: attribute filtering honoured`, parameter));
        }
        return results;
      };
      const search = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();
      // resource_query_attributes.py object_query_with_attributes
      await t.check('object_query_with_attributes', type.name, () =>
        attributeChecks(
          (parameters, created) =>
            t.expect('GET', `${type.endpoint}/${created.id}?${search(parameters)}`, [200]),
          'GET /Resource/{id}',
        ),
      );
      // resource_query_attributes.py object_list_with_attributes
      await t.check('object_list_with_attributes', type.name, () =>
        attributeChecks(
          (parameters) => t.expect('GET', `${type.endpoint}?${search(parameters)}`, [200]),
          'GET /Resource',
        ),
      );
      // resource_query_attributes.py search_with_attributes: a SearchRequest at the root (RFC 7644 §3.4.3).
      await t.check('search_with_attributes', type.name, () =>
        attributeChecks(
          (parameters) =>
            t.expect('POST', '/.search', [200], {
              schemas: [SEARCH_REQUEST],
              ...Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, [value]])),
            }),
          'POST /.search',
        ),
      );

      // resource_put.py object_replacement: every writable attribute given new values, immutable ones kept.
      await t.check('object_replacement', type.name, async () => {
        const created = await t.create(type);
        const replacement = { ...created, ...(await t.document(type, true)) };
        for (const path of t.paths(type))
          if (path.definition.mutability === 'immutable' && created[path.path] !== undefined)
            replacement[path.path] = created[path.path];
        const replaced = (await t.expect('PUT', `${type.endpoint}/${created.id}`, [200], replacement)).json;
        return [replaced.id === created.id ? ok('replaced') : fail(JSON.stringify(replaced))];
      });

      // resource_delete.py object_deletion
      await t.check('object_deletion', type.name, async () => {
        const created = await t.create(type);
        await t.expect('DELETE', `${type.endpoint}/${created.id}`, [204]);
        const after = await t.request('GET', `${type.endpoint}/${created.id}`);
        return [after.status >= 400 ? ok('deleted') : fail(`${created.id} still exists after deletion`)];
      });

      // patch_add.py check_add_attribute, patch_remove.py check_remove_attribute and patch_replace.py
      // check_replace_attribute: one PATCH per attribute, then a GET that must show it.
      const patchCheck = async (op: 'add' | 'remove' | 'replace') => {
        const mutability =
          op === 'add' ? ['readWrite', 'writeOnly', 'immutable'] : ['readWrite', 'writeOnly'];
        const paths = t
          .paths(type)
          .filter(
            (path) =>
              mutability.includes(path.definition.mutability) &&
              (op === 'replace' || !path.definition.required),
          );
        const base = await t.create(type, op !== 'add');
        const results = [];
        for (const path of paths) {
          const writeOnly = path.definition.mutability === 'writeOnly';
          const value = op === 'remove' ? undefined : await t.generate(type, path.path, path.definition, {});
          if (op === 'remove' && (path.get(base) === undefined || path.get(base) === null)) continue;
          const patched = await t.request('PATCH', `${type.endpoint}/${base.id}`, {
            schemas: [PATCH_OP],
            Operations: [{ op, path: path.path, ...(op === 'remove' ? {} : { value }) }],
          });
          if (patched.status !== 200 && patched.status !== 204) {
            results.push(fail(`failed to ${op} '${path.path}': ${JSON.stringify(patched.json)}`, path.path));
            continue;
          }
          const read = (await t.expect('GET', `${type.endpoint}/${base.id}`, [200])).json;
          const actual = dump(path.definition, path.get(read));
          const passed =
            writeOnly ||
            (op === 'remove'
              ? actual === null
              : JSON.stringify(actual) === JSON.stringify(dump(path.definition, value)));
          results.push(
            passed
              ? ok(`${op} '${path.path}'`, path.path)
              : fail(
                  `'${path.path}': sent ${JSON.stringify(value)}, read ${JSON.stringify(actual)}`,
                  path.path,
                ),
          );
        }
        return results;
      };
      await t.check('check_add_attribute', type.name, () => patchCheck('add'));
      await t.check('check_remove_attribute', type.name, () => patchCheck('remove'));
      await t.check('check_replace_attribute', type.name, () => patchCheck('replace'));
    }

    const label = (result: Result) =>
      [result.check, result.resourceType ? `[${result.resourceType}]` : undefined, result.subject]
        .filter(Boolean)
        .join(' ');
    const failures = t.results.filter((result) => result.status === 'error');
    expect(
      failures.map(label),
      failures.map((result) => `${label(result)}: ${result.reason}`).join('\n'),
    ).toEqual(ALLOWED_DIFFERENCES);
    // Every check ran, for both resource types.
    expect(t.resourceTypes.map((type) => type.name)).toEqual(['User', 'Group']);
    const ran = new Set(
      t.results.filter((result) => result.status === 'success').map((result) => result.check),
    );
    expect(ran.size).toBe(24);
    // Each attribute of the User was patched, its extension's included.
    const patchedUser = t.results.filter(
      (result) => result.check === 'check_replace_attribute' && result.resourceType === 'User',
    );
    expect(patchedUser.map((result) => result.subject)).toContain(
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager',
    );
    expect(patchedUser.every((result) => result.status === 'success')).toBe(true);
  });
});
