import {
  ScimError as ScimPatchError,
  type ScimPatchOperation,
  type ScimResource,
  scimPatch,
} from 'scim-patch';
import { isAcceptableText } from '../app/acceptable-input.js';
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
  /** Attributes a PATCH may not leave unassigned (see applyPatch). */
  alwaysAssigned?: ReadonlySet<string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const FILTER_ATTRIBUTE = /^(\s*)([A-Za-z$][\w$-]*)(?=\s+(?:eq|ne|co|sw|ew|gt|lt|ge|le|pr)\b)/i;

/** RFC 7643 §3.1: the common attributes; only `externalId` is the client's to change. */
const EXTERNAL_ID = 'externalId';
const SERVER_ASSIGNED = new Set(['id', 'meta']);

/**
 * A PATCH path (RFC 7644 §3.5.2: `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`, optionally prefixed by a
 * schema URN) with attribute names made canonical, since scim-patch matches them case-sensitively and RFC 7643 §2.1
 * says they are not. Undefined for an attribute we do not keep (an unknown name, sub-attribute or extension): the
 * operation is ignored, as such attributes are in POST and PUT bodies (docs/scim.md; Entra ID maps many attributes
 * Tessera has no use for). A malformed path is a 400 invalidPath, a server-assigned attribute a 400 mutability.
 */
function canonicalPath(path: string, schema: ResourceAttributes, coreUrn: string): string | undefined {
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
    // An extension schema we do not support (Entra's custom extensions, its ADSCIM group schema).
    if (prefix === '' && lower.startsWith('urn:')) return undefined;
  }
  const match = /^([A-Za-z$][\w$-]*)(?:\[([^\]]*)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match)
    throw invalidPath(`the path ${JSON.stringify(path.slice(0, 200))} is not a valid attribute path`);
  const [, name, filter, sub] = match as unknown as [string, string, string | undefined, string | undefined];
  if (prefix === '' && name.toLowerCase() === EXTERNAL_ID.toLowerCase()) {
    if (filter !== undefined || sub !== undefined) throw invalidPath(`${EXTERNAL_ID} is a single string`);
    return EXTERNAL_ID;
  }
  if (prefix === '' && SERVER_ASSIGNED.has(name.toLowerCase()))
    throw mutability(`${name} is assigned by the service provider`);
  const definition = findAttribute(definitions, name);
  if (!definition) return undefined;
  if ((prefix === '' && schema.readOnly.has(definition.name)) || definition.mutability === 'readOnly')
    throw mutability(`${definition.name} is read-only`);
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
    if (!subDefinition) return undefined;
    canonical += `.${subDefinition.name}`;
  }
  return canonical;
}

/** The supported extension a path names as a whole (`urn:...:enterprise:2.0:User`), if it does. */
function extensionNamed(
  key: string,
  schema: ResourceAttributes,
): [string, readonly AttributeDefinition[]] | undefined {
  const lower = key.trim().toLowerCase();
  return [...schema.extensions].find(([urn]) => urn.toLowerCase() === lower);
}

/**
 * An extension's attributes as value-object keys of their own (`urn:...:User:department`), which scim-patch applies
 * one by one: given whole, scim-patch would write the object under a mangled key and change nothing. RFC 7644
 * §3.5.2.3: sub-attributes not given are left unchanged, so this is also what `replace` means for it. Attributes we
 * do not keep and read-only ones are ignored, as in a POST.
 */
function extensionKeys(
  urn: string,
  attributes: readonly AttributeDefinition[],
  value: unknown,
  output: Record<string, unknown>,
): void {
  if (value === null) {
    // RFC 7643 §2.5: null is unassigned, for every attribute of the extension.
    for (const definition of attributes)
      if (definition.mutability !== 'readOnly') output[`${urn}:${definition.name}`] = null;
    return;
  }
  if (!isObject(value)) throw invalidValue(`${urn} must be an object`);
  for (const [key, inner] of Object.entries(value)) {
    const definition = findAttribute(attributes, key);
    if (!definition || definition.mutability === 'readOnly') continue;
    output[`${urn}:${definition.name}`] = definition.subAttributes
      ? canonicalKeys(definition.subAttributes, inner)
      : inner;
  }
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
    const extension = extensionNamed(key, schema);
    if (extension) {
      extensionKeys(extension[0], extension[1], inner, output);
      continue;
    }
    const path = canonicalPath(key, schema, coreUrn);
    if (path === undefined) continue;
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
    const given = typeof rawPath === 'string' && rawPath.trim() !== '' ? rawPath : undefined;
    // RFC 7644 §3.5.2.2: remove needs a path.
    if (op === 'remove' && given === undefined) throw noTarget('a remove operation needs a path');
    const extension = given === undefined ? undefined : extensionNamed(given, schema);
    if (extension) {
      // The extension as a whole: its attributes one by one (extensionKeys).
      const [urn, attributes] = extension;
      if (op === 'remove') {
        for (const definition of attributes)
          if (definition.mutability !== 'readOnly')
            normalized.push({ op, path: `${urn}:${definition.name}` });
        continue;
      }
      if (!('value' in operation)) throw invalidValue(`${op} needs a value`);
      const value: Record<string, unknown> = {};
      extensionKeys(urn, attributes, operation.value, value);
      if (Object.keys(value).length > 0) normalized.push({ op, value });
      continue;
    }
    const path = given === undefined ? undefined : canonicalPath(given, schema, coreUrn);
    // An attribute we do not keep: the operation is ignored (canonicalPath).
    if (given !== undefined && path === undefined) continue;
    if (op === 'remove') {
      if (path === undefined) throw noTarget('a remove operation needs a path');
      // Removing an entry's value removes the entry (RFC 7643 §2.4: an entry is its value); Entra clears a work
      // email so (`emails[type eq "work"].value`).
      const entryValue = /^([^[.]+\[[^\]]*\])\.value$/.exec(path);
      if (entryValue) {
        const top = findAttribute(schema.core, path.split('[')[0] ?? '');
        if (top?.subAttributes?.some((sub) => sub.name === 'value' && sub.required)) {
          normalized.push({ op: 'remove', path: entryValue[1]! });
          continue;
        }
      }
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
      const value = canonicalValueObject(operation.value, schema, coreUrn);
      if (Object.keys(value).length > 0) normalized.push({ op, value });
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
 * RFC 7644 §3.5.2: "a PATCH operation that sets a value's 'primary' sub-attribute to 'true' SHALL cause the server
 * to automatically set 'primary' to 'false' for any other values in the array". Values that were primary before an
 * operation give way to the ones it made primary; two new primaries stay, and the read that follows refuses them.
 */
function demoteFormerPrimaries(before: Record<string, unknown>, after: Record<string, unknown>): void {
  for (const [name, values] of Object.entries(after)) {
    if (!Array.isArray(values)) continue;
    const primaries = values.filter((value) => isObject(value) && value.primary === true);
    if (primaries.length < 2) continue;
    const earlier = before[name];
    const formerly = new Set(
      (Array.isArray(earlier) ? earlier : [])
        .filter((value) => isObject(value) && value.primary === true)
        .map((value) => JSON.stringify(value)),
    );
    for (const value of primaries)
      if (formerly.has(JSON.stringify(value))) (value as Record<string, unknown>).primary = false;
  }
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
  let patched = structuredClone(resource);
  try {
    // One operation at a time, so that each one's new primary value demotes the values primary before it.
    for (const operation of operations) {
      const next = scimPatch(patched as unknown as ScimResource, [operation], {
        mutateDocument: false,
        treatMissingAsAdd: true,
      }) as unknown as T;
      demoteFormerPrimaries(patched, next);
      patched = next;
    }
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
  // RFC 7644 §3.5.2.2: a remove (or a null, RFC 7643 §2.5) leaves an attribute unassigned. A User's `active` cannot
  // be: it is required (its /Schemas definition), and reading an unassigned one as its default, true, would enable
  // a deprovisioned user again. So such a PATCH is refused whole, as RFC 7644 §3.5.2 asks of "an operation that is
  // not compatible with an attribute's mutability or schema", with RFC 7644 §3.12's invalidValue ("a required value
  // was missing"); the user stays as it was.
  for (const name of schema.alwaysAssigned ?? [])
    if (patched[name] === undefined || patched[name] === null)
      throw invalidValue(`${name} is required: it can be replaced, not removed`);
  return patched;
}

/** One step of a PATCH that only adds and removes members (memberSteps). */
export type MemberStep = { op: 'add'; members: unknown[] } | { op: 'remove'; id: string };

const MEMBER_BY_VALUE = /^members\[\s*value\s+eq\s+("(?:[^"\\]|\\.)*")\s*\]$/i;

/**
 * The operations of a PATCH that does nothing but add members (`add` with the path `members` and a list) and remove
 * members by id (`remove` with `members[value eq "<id>"]`, or Entra's form that normalizeOperations rewrites to it):
 * what Entra ID and Okta send to keep a group's members in step, a few at a time. Undefined for any other PATCH,
 * which is applied to the whole resource (applyPatch), as is a body applyPatch would refuse.
 */
export function memberSteps(
  body: unknown,
  schema: ResourceAttributes,
  coreUrn: string,
): MemberStep[] | undefined {
  let operations: ScimPatchOperation[];
  try {
    operations = normalizeOperations(body, schema, coreUrn);
  } catch {
    // A body applyPatch refuses is refused there, after the resource is found (a missing group stays 404).
    return undefined;
  }
  const steps: MemberStep[] = [];
  for (const operation of operations) {
    if (operation.op === 'add' && operation.path === 'members' && Array.isArray(operation.value)) {
      steps.push({ op: 'add', members: operation.value });
      continue;
    }
    const byValue = operation.op === 'remove' ? MEMBER_BY_VALUE.exec(operation.path ?? '') : null;
    if (!byValue) return undefined;
    const id = stringLiteral(byValue[1]!);
    // Text no id can be (a control character, a lone surrogate) is left to the whole resource's filter.
    if (id === undefined || !isAcceptableText(id)) return undefined;
    steps.push({ op: 'remove', id });
  }
  return steps;
}

/** A filter's string literal (RFC 7644 §3.4.2.2: JSON's string syntax); undefined if it is not one. */
function stringLiteral(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
