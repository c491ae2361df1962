import {
  ScimError as ScimPatchError,
  type ScimPatchOperation,
  type ScimResource,
  scimPatch,
} from 'scim-patch';
import { type AttributeDefinition, findAttribute } from './attributes.js';
import {
  invalidPath,
  invalidSyntax,
  invalidValue,
  mutability,
  noTarget,
  ScimError,
  type ScimType,
} from './errors.js';
import { canonicalKeys } from './resource.js';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 100;

export interface ResourceAttributes {
  /** Core attributes by canonical name. */
  core: readonly AttributeDefinition[];
  /** Extension URN (canonical) and its attributes. */
  extensions: ReadonlyMap<string, readonly AttributeDefinition[]>;
  /** Attributes a PATCH may not name (server-assigned). */
  readOnly: ReadonlySet<string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const FILTER_ATTRIBUTE = /^(\s*)([A-Za-z$][\w$-]*)(?=\s+(?:eq|ne|co|sw|ew|gt|lt|ge|le|pr)\b)/i;

/**
 * A PATCH path (RFC 7644 §3.5.2: `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`, optionally prefixed by a
 * schema URN) with attribute names made canonical, since scim-patch matches them case-sensitively and RFC 7643 §2.1
 * says they are not. An attribute we do not keep is a 400 invalidPath.
 */
function canonicalPath(path: string, schema: ResourceAttributes, coreUrn: string): string {
  let rest = path.trim();
  let prefix = '';
  let definitions = schema.core;
  const lower = rest.toLowerCase();
  if (lower.startsWith(`${coreUrn.toLowerCase()}:`)) {
    rest = rest.slice(coreUrn.length + 1);
  } else {
    for (const [urn, attributes] of schema.extensions) {
      if (lower.startsWith(`${urn.toLowerCase()}:`)) {
        prefix = `${urn}:`;
        definitions = attributes;
        rest = rest.slice(urn.length + 1);
        break;
      }
    }
  }
  const match = /^([A-Za-z$][\w$-]*)(?:\[([^\]]*)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match)
    throw invalidPath(`the path ${JSON.stringify(path.slice(0, 200))} is not a valid attribute path`);
  const [, name, filter, sub] = match as unknown as [string, string, string | undefined, string | undefined];
  const definition = findAttribute(definitions, name);
  if (!definition || (prefix === '' && schema.readOnly.has(definition.name)))
    throw schema.readOnly.has(definition?.name ?? '')
      ? mutability(`${name} is read-only`)
      : invalidPath(`no attribute ${JSON.stringify(name.slice(0, 100))} to change`);
  if (definition.mutability === 'readOnly') throw mutability(`${definition.name} is read-only`);
  let canonical = `${prefix}${definition.name}`;
  if (filter !== undefined) {
    if (!definition.multiValued) throw invalidPath(`${definition.name} is not multi-valued`);
    canonical += `[${filter.replace(FILTER_ATTRIBUTE, (_all, space: string, attribute: string) => {
      const subDefinition = findAttribute(definition.subAttributes ?? [], attribute);
      if (!subDefinition)
        throw invalidPath(`no sub-attribute ${JSON.stringify(attribute)} in ${definition.name}`);
      return `${space}${subDefinition.name}`;
    })}]`;
  }
  if (sub !== undefined) {
    const subDefinition = findAttribute(definition.subAttributes ?? [], sub);
    if (!subDefinition) throw invalidPath(`no sub-attribute ${JSON.stringify(sub)} in ${definition.name}`);
    canonical += `.${subDefinition.name}`;
  }
  return canonical;
}

/** A path-less add/replace value: its keys may be paths themselves (Entra's `name.givenName`, URN-prefixed). */
function canonicalValueObject(
  value: Record<string, unknown>,
  schema: ResourceAttributes,
  coreUrn: string,
): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const lower = key.toLowerCase();
    // Okta's group rename repeats the read-only id; RFC 7644 §3.5.2 lets us ignore read-only attributes sent along.
    if (lower === 'id' || lower === 'meta' || lower === 'schemas') continue;
    const extension = [...schema.extensions].find(([urn]) => urn.toLowerCase() === lower);
    if (extension) {
      if (!isObject(inner)) throw invalidValue(`${extension[0]} must be an object`);
      output[extension[0]] = canonicalKeys(extension[1], inner);
      continue;
    }
    const path = canonicalPath(key, schema, coreUrn);
    const definition = findAttribute(schema.core, path.split(/[.[]/)[0] ?? '');
    output[path] =
      definition?.subAttributes && !path.includes('.')
        ? canonicalKeys(definition.subAttributes, inner)
        : inner;
  }
  return output;
}

/**
 * Operations in the form scim-patch applies them: lower-case op names (Entra sends `Replace`), canonical paths, and
 * Entra's member removal by value (`{"op":"Remove","path":"members","value":[{"value":"<id>"}]}`), which scim-patch
 * would compare as whole objects, rewritten as the value-filter removals it means.
 */
function normalizeOperations(
  body: unknown,
  schema: ResourceAttributes,
  coreUrn: string,
): ScimPatchOperation[] {
  if (!isObject(body)) throw invalidSyntax('the body must be a JSON object');
  const schemas = body.schemas;
  if (
    !Array.isArray(schemas) ||
    !schemas.some((urn) => typeof urn === 'string' && urn.toLowerCase() === PATCH_OP_SCHEMA.toLowerCase())
  )
    throw invalidSyntax(`a PATCH body must list the schema ${PATCH_OP_SCHEMA}`);
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw invalidSyntax('Operations must be a non-empty array');
  if (operations.length > MAX_OPERATIONS)
    throw new ScimError(400, 'tooMany', 'too many operations in one PATCH');
  const normalized: ScimPatchOperation[] = [];
  for (const operation of operations) {
    if (!isObject(operation)) throw invalidSyntax('every operation must be an object');
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace')
      throw invalidSyntax('op must be add, remove or replace (RFC 7644 §3.5.2)');
    const rawPath = operation.path;
    if (rawPath !== undefined && rawPath !== null && typeof rawPath !== 'string')
      throw invalidPath('path must be a string');
    const path =
      typeof rawPath === 'string' && rawPath.trim() !== ''
        ? canonicalPath(rawPath, schema, coreUrn)
        : undefined;
    if (op === 'remove') {
      // RFC 7644 §3.5.2.2: remove needs a path.
      if (path === undefined) throw noTarget('a remove operation needs a path');
      if (Array.isArray(operation.value) && !path.includes('[') && !path.includes('.')) {
        for (const item of operation.value) {
          const value = isObject(item) ? (item.value ?? item.Value) : item;
          if (typeof value !== 'string') throw invalidValue('each value to remove needs a string value');
          normalized.push({ op: 'remove', path: `${path}[value eq ${JSON.stringify(value)}]` });
        }
        continue;
      }
      normalized.push({ op: 'remove', path });
      continue;
    }
    if (!('value' in operation)) throw invalidValue(`${op} needs a value`);
    if (path === undefined) {
      if (!isObject(operation.value)) throw invalidValue(`${op} without a path needs an object value`);
      normalized.push({ op, value: canonicalValueObject(operation.value, schema, coreUrn) });
      continue;
    }
    const top = findAttribute(schema.core, path.split(/[.[]/)[0] ?? '');
    const value =
      top?.subAttributes && !path.includes('.')
        ? canonicalKeys(top.subAttributes, operation.value)
        : operation.value;
    normalized.push({ op, path, value });
  }
  return normalized;
}

/**
 * Applies a PATCH (RFC 7644 §3.5.2) to a resource with scim-patch, after the normalization above; all operations or
 * none (it works on a copy). The caller reads the result again as a full document, which checks every type.
 */
export function applyPatch<T extends Record<string, unknown>>(
  resource: T,
  body: unknown,
  schema: ResourceAttributes,
  coreUrn: string,
): T {
  const operations = normalizeOperations(body, schema, coreUrn);
  try {
    return scimPatch(structuredClone(resource) as unknown as ScimResource, operations, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as T;
  } catch (error) {
    if (error instanceof ScimPatchError) {
      const scimType = (error as { scimCode?: string }).scimCode;
      throw new ScimError(
        400,
        (scimType as ScimType | undefined) ?? 'invalidValue',
        error.message || 'the patch cannot be applied',
      );
    }
    if (error instanceof ScimError) throw error;
    // scim-patch throws plain errors on values of the wrong shape (an object where an array is patched).
    throw invalidValue('the patch cannot be applied to this resource');
  }
}
