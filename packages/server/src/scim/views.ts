import { type TSchema, Type } from 'typebox';
import {
  type AttributeDefinition,
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  GROUP_ATTRIBUTES,
  GROUP_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import type { ScimGroupRow, ScimUserRow } from './store.js';

export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** RFC 7644 §3.4.2: the list envelope around one page of resources, counted from `startIndex` (1-based). */
export function listResponse<R>(resources: R[], totalResults: number, startIndex: number) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** The response schema of attributes: only what is defined leaves the process; never the write-only ones. */
function schemaOf(attributes: readonly AttributeDefinition[]): TSchema {
  const properties: Record<string, TSchema> = {};
  const patternProperties: Record<string, TSchema> = {};
  for (const attribute of attributes) {
    if (attribute.returned === 'never') continue;
    let schema: TSchema;
    if (attribute.type === 'complex') schema = schemaOf(attribute.subAttributes ?? []);
    else if (attribute.type === 'boolean') schema = Type.Boolean();
    else if (attribute.type === 'integer') schema = Type.Integer();
    else schema = Type.Union([Type.String(), Type.Null()]);
    if (attribute.name.startsWith('$')) {
      // A property named `$ref` would be read as a JSON reference by the OpenAPI generator's resolver; as a
      // pattern it is the same constraint for validation and serialization.
      patternProperties[`^\\${attribute.name}$`] = schema;
      continue;
    }
    properties[attribute.name] = Type.Optional(attribute.multiValued ? Type.Array(schema) : schema);
  }
  return Type.Object(properties, {
    additionalProperties: false,
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
  });
}

const Meta = Type.Object({
  resourceType: Type.String(),
  created: Type.String(),
  lastModified: Type.String(),
  location: Type.String(),
  version: Type.String(),
});

const common = {
  schemas: Type.Array(Type.String()),
  id: Type.String(),
  externalId: Type.Optional(Type.String()),
  meta: Type.Optional(Meta),
};

const userCore = schemaOf(USER_ATTRIBUTES) as ReturnType<typeof Type.Object>;
export const UserResource = Type.Object(
  {
    ...common,
    ...userCore.properties,
    [ENTERPRISE_USER_SCHEMA]: Type.Optional(schemaOf(ENTERPRISE_USER_ATTRIBUTES)),
  },
  { additionalProperties: false, title: 'ScimUser' },
);
const groupCore = schemaOf(GROUP_ATTRIBUTES) as ReturnType<typeof Type.Object>;
export const GroupResource = Type.Object(
  { ...common, ...groupCore.properties },
  { additionalProperties: false, title: 'ScimGroup' },
);

export function listResponseOf(resource: TSchema, title: string) {
  return Type.Object(
    {
      schemas: Type.Array(Type.String()),
      totalResults: Type.Integer(),
      startIndex: Type.Integer(),
      itemsPerPage: Type.Integer(),
      Resources: Type.Array(resource),
    },
    { title },
  );
}

/** A rendered resource: `schemas` and `id` always, the rest as the resource type's schema says. */
export type ResourceDocument = { schemas: string[]; id: string; [attribute: string]: unknown };

/** RFC 7644 §3.14: a weak entity tag from the resource's version. */
export const etagOf = (version: number) => `W/"${version}"`;

export function locationOf(baseUrl: string, kind: 'Users' | 'Groups', id: string): string {
  return `${baseUrl.replace(/\/$/, '')}/scim/v2/${kind}/${encodeURIComponent(id)}`;
}

function meta(
  baseUrl: string,
  kind: 'Users' | 'Groups',
  row: { id: string; createdAt: Date; updatedAt: Date; version: number },
) {
  return {
    resourceType: kind === 'Users' ? 'User' : 'Group',
    created: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
    location: locationOf(baseUrl, kind, row.id),
    version: etagOf(row.version),
  };
}

/** A User resource (RFC 7643 §4.1) as stored, with its groups (read-only, RFC 7643 §4.1.2). */
export function userResource(
  baseUrl: string,
  row: ScimUserRow,
  groups: readonly Pick<ScimGroupRow, 'id' | 'displayName'>[],
): ResourceDocument {
  const { [ENTERPRISE_USER_SCHEMA]: enterprise, ...core } = row.attributes;
  const resource: ResourceDocument = {
    schemas: enterprise ? [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.userName,
    ...core,
    active: row.active,
    ...(enterprise ? { [ENTERPRISE_USER_SCHEMA]: enterprise } : {}),
    meta: meta(baseUrl, 'Users', row),
  };
  if (groups.length > 0) {
    resource.groups = groups.map((group) => ({
      value: group.id,
      $ref: locationOf(baseUrl, 'Groups', group.id),
      display: group.displayName,
      type: 'direct',
    }));
  }
  return resource;
}

/** A Group resource (RFC 7643 §4.2). */
export function groupResource(
  baseUrl: string,
  row: ScimGroupRow,
  members: readonly { value: string; display: string }[],
): ResourceDocument {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: members.map((member) => ({
      value: member.value,
      $ref: locationOf(baseUrl, 'Users', member.value),
      display: member.display,
      type: 'User',
    })),
    meta: meta(baseUrl, 'Groups', row),
  };
}

/** The attribute names of an `attributes` or `excludedAttributes` parameter, lower-cased, core URNs taken off. */
function attributeNames(text: string): string[] {
  return (
    text
      .split(',')
      // `emails[type eq "work"]` selects the attribute (Microsoft's collection asks for it so); the filter does not narrow.
      .map((name) =>
        name
          .trim()
          .toLowerCase()
          .replace(/\[[^\]]*\]/, ''),
      )
      .filter(Boolean)
      .map((name) => name.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''))
  );
}

/** What a request asks of a resource's attributes (RFC 7644 §3.4.2.5): at most one of the two is set. */
export interface Projection {
  attributes?: string;
  excludedAttributes?: string;
}

/**
 * Whether the answer will hold the core attribute `name` (lower-case) under `projection`, as selectAttributes
 * applies it: so that a resource is not rendered with an attribute, a group's members say, only to drop it.
 */
export function attributeReturned(name: string, projection: Projection = {}): boolean {
  if (projection.attributes)
    return attributeNames(projection.attributes).some(
      (wanted) => wanted === name || wanted.startsWith(`${name}.`),
    );
  if (projection.excludedAttributes) return !attributeNames(projection.excludedAttributes).includes(name);
  return true;
}

/**
 * RFC 7644 §3.4.2.5 / §3.9: `attributes` keeps only the named attributes (plus those always returned), and
 * `excludedAttributes` drops the named ones; names are case-insensitive and may be `attr.sub` or URN-prefixed.
 */
export function selectAttributes(
  resource: ResourceDocument,
  attributes: string | undefined,
  excludedAttributes: string | undefined,
): ResourceDocument {
  const ALWAYS = new Set(['schemas', 'id', 'meta']);
  if (attributes) {
    const wanted = attributeNames(attributes);
    const output: ResourceDocument = { schemas: resource.schemas, id: resource.id };
    for (const [key, value] of Object.entries(resource)) {
      const lower = key.toLowerCase();
      if (ALWAYS.has(lower) || lower === 'username' || wanted.includes(lower)) {
        output[key] = value;
        continue;
      }
      const subs = wanted.filter((name) => name.startsWith(`${lower}.`) || name.startsWith(`${lower}:`));
      if (subs.length > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
        const picked: Record<string, unknown> = {};
        for (const [subKey, subValue] of Object.entries(value)) {
          if (subs.some((name) => name.slice(lower.length + 1) === subKey.toLowerCase()))
            picked[subKey] = subValue;
        }
        if (Object.keys(picked).length > 0) output[key] = picked;
      } else if (subs.length > 0 && Array.isArray(value)) {
        output[key] = value.map((item: Record<string, unknown>) =>
          Object.fromEntries(
            Object.entries(item).filter(([subKey]) =>
              subs.some((name) => name.slice(lower.length + 1) === subKey.toLowerCase()),
            ),
          ),
        );
      }
    }
    return output;
  }
  if (excludedAttributes) {
    const excluded = attributeNames(excludedAttributes);
    return Object.fromEntries(
      Object.entries(resource).filter(
        ([key]) => ALWAYS.has(key.toLowerCase()) || !excluded.includes(key.toLowerCase()),
      ),
    ) as ResourceDocument;
  }
  return resource;
}
