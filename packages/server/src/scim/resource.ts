import { textProblem } from '../app/acceptable-input.js';
import {
  type AttributeDefinition,
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  findAttribute,
  GROUP_ATTRIBUTES,
  GROUP_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import { invalidSyntax, invalidValue } from './errors.js';
import { parseBooleanText } from './filter.js';

/** Bounds on what one resource may hold, so a provisioning client cannot store unbounded documents. */
const MAX_STRING = 2048;
const MAX_VALUES = 50;
/** Group members are many more. */
export const MAX_MEMBERS = 10_000;

/** Attributes of every resource (RFC 7643 §3.1) a client may send but never sets: ignored on input. */
const COMMON_READ_ONLY = new Set(['schemas', 'id', 'meta']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalar(definition: AttributeDefinition, value: unknown, where: string): unknown {
  switch (definition.type) {
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      // Entra ID sends booleans as the strings "True"/"False" (docs/scim.md, interop §3.1).
      const parsed = parseBooleanText(value);
      if (parsed === null) throw invalidValue(`${where} must be a boolean`);
      return parsed;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw invalidValue(`${where} must be an integer`);
      return value;
    default: {
      if (typeof value !== 'string') throw invalidValue(`${where} must be a string`);
      if (value.length > MAX_STRING) throw invalidValue(`${where} is too long`);
      // RFC 7643 §4.1.2: only an address's `formatted` may span lines; no attribute holds other control characters.
      const problem = textProblem(value, /^addresses\[\d+\]\.formatted$/.test(where));
      if (problem) throw invalidValue(`${where} ${problem}`);
      return value;
    }
  }
}

function single(definition: AttributeDefinition, value: unknown, where: string): unknown {
  if (definition.type !== 'complex') return scalar(definition, value, where);
  // The enterprise manager is sometimes sent as a bare id instead of `{ value }` (interop §3.1).
  if (typeof value === 'string' && definition.subAttributes?.some((sub) => sub.name === 'value'))
    return { value: scalar({ ...definition, type: 'string' }, value, where) };
  if (!isObject(value)) throw invalidValue(`${where} must be an object`);
  const complex = canonicalObject(definition.subAttributes ?? [], value, where);
  // A multi-valued entry is its value (RFC 7643 §2.4): `emails: [{"primary": true}]` is malformed, not an email.
  for (const sub of definition.subAttributes ?? [])
    if (sub.required && complex[sub.name] === undefined)
      throw invalidValue(`${where}.${sub.name} is required`);
  return Object.keys(complex).length > 0 ? complex : undefined;
}

/** One attribute's value in canonical form, or undefined when it is unassigned (null and [] count as that). */
function canonicalValue(definition: AttributeDefinition, value: unknown, where: string): unknown {
  // RFC 7643 §2.5: null, an empty array and an absent attribute are the same (Entra sends nulls).
  if (value === null || value === undefined) return undefined;
  if (!definition.multiValued) {
    if (Array.isArray(value)) {
      // Older Entra builds wrap single values in an array (interop §3.1).
      if (value.length > 1) throw invalidValue(`${where} takes one value`);
      return value.length === 0 ? undefined : single(definition, value[0], where);
    }
    return single(definition, value, where);
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length > (definition.name === 'members' ? MAX_MEMBERS : MAX_VALUES))
    throw invalidValue(`${where} has too many values`);
  const values = items
    .map((item, index) => single(definition, item, `${where}[${index}]`))
    .filter((item) => item !== undefined);
  // RFC 7643 §2.4: at most one value of a multi-valued attribute is primary.
  if (values.filter((item) => isObject(item) && item.primary === true).length > 1)
    throw invalidValue(`${where}: at most one value may be primary`);
  return values.length > 0 ? values : undefined;
}

/** An object's attributes under their canonical names, type-checked; read-only ones dropped. */
function canonicalObject(
  definitions: readonly AttributeDefinition[],
  input: Record<string, unknown>,
  where: string,
): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const definition = findAttribute(definitions, key);
    // An attribute we do not keep is ignored, not stored, as Microsoft's SCIM reference collection expects (its PUT
    // with a misspelt `adreses` must succeed); Entra's older requests also send nulls for attributes we lack. A
    // PATCH path naming one is refused (invalidPath), and known attributes are type-checked.
    if (!definition) continue;
    if (definition.mutability === 'readOnly') continue;
    if (Object.hasOwn(output, definition.name))
      throw invalidSyntax(`attribute ${definition.name} is given twice (names are case-insensitive)`);
    const canonical = canonicalValue(
      definition,
      value,
      where ? `${where}.${definition.name}` : definition.name,
    );
    if (canonical !== undefined) output[definition.name] = canonical;
  }
  return output;
}

/** The core and enterprise attributes of a User as a client sent them, canonical and checked. */
export interface UserInput {
  userName: string;
  externalId: string | null;
  /**
   * Null when the body leaves `active` out: a new user is active, a replaced one keeps its state (RFC 7644 §3.5.1:
   * an omitted readWrite attribute may be taken as not asserted), so a PUT without it never re-enables a
   * deprovisioned user.
   */
  active: boolean | null;
  /** Everything else we keep: core attributes and the enterprise extension under its URN. */
  attributes: Record<string, unknown>;
}

function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 512) throw invalidValue('externalId must be a string');
  const problem = textProblem(value);
  if (problem) throw invalidValue(`externalId ${problem}`);
  return value;
}

/**
 * Reads a User document (POST, PUT, or a resource after PATCH): canonical attribute names, types checked (string
 * booleans accepted), unknown core attributes refused, extensions other than the enterprise one ignored (Entra ID
 * lists its own schema URNs), `password` dropped unread (we never hold passwords).
 */
/**
 * RFC 7643 §3: `schemas` names the resource's schema. A body that names schemas without the expected one is another
 * resource type (400); a body without `schemas` is accepted, as lenient clients send it.
 */
function checkSchemas(body: Record<string, unknown>, expected: string): void {
  const schemas = body.schemas ?? body.Schemas;
  if (schemas === undefined || schemas === null) return;
  if (!Array.isArray(schemas) || !schemas.every((urn) => typeof urn === 'string'))
    throw invalidSyntax('schemas must be an array of schema URNs');
  if (!schemas.some((urn) => (urn as string).toLowerCase() === expected.toLowerCase()))
    throw invalidSyntax(`schemas must include ${expected}`);
}

export function readUser(body: unknown): UserInput {
  if (!isObject(body)) throw invalidSyntax('the body must be a JSON object');
  checkSchemas(body, USER_SCHEMA);
  const core: Record<string, unknown> = {};
  let enterprise: Record<string, unknown> | undefined;
  let externalId: string | null = null;
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (COMMON_READ_ONLY.has(lower)) continue;
    if (lower === 'externalid') {
      externalId = externalIdOf(value);
    } else if (lower === ENTERPRISE_USER_SCHEMA.toLowerCase()) {
      if (value === null) continue;
      if (!isObject(value)) throw invalidValue(`${ENTERPRISE_USER_SCHEMA} must be an object`);
      enterprise = canonicalObject(ENTERPRISE_USER_ATTRIBUTES, value, 'enterprise');
    } else if (lower.startsWith('urn:')) {
      // An extension we do not support: not stored (RFC 7643 §3.3 lets a provider ignore it).
    } else {
      core[key] = value;
    }
  }
  const attributes = canonicalObject(USER_ATTRIBUTES, core, '');
  const userName = attributes.userName;
  if (typeof userName !== 'string' || userName.trim() === '')
    throw invalidValue('userName is required (RFC 7643 §4.1.1)');
  if (userName.length > 256) throw invalidValue('userName is too long');
  const active = attributes.active ?? null;
  delete attributes.userName;
  delete attributes.active;
  delete attributes.password;
  if (enterprise && Object.keys(enterprise).length > 0) attributes[ENTERPRISE_USER_SCHEMA] = enterprise;
  return { userName, externalId, active: active as boolean | null, attributes };
}

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** The SCIM ids of the members (users of the same connection). */
  members: string[];
}

export function readGroup(body: unknown): GroupInput {
  if (!isObject(body)) throw invalidSyntax('the body must be a JSON object');
  checkSchemas(body, GROUP_SCHEMA);
  const core: Record<string, unknown> = {};
  let externalId: string | null = null;
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (COMMON_READ_ONLY.has(lower) || lower.startsWith('urn:') || lower.startsWith('http')) continue;
    if (lower === 'externalid') externalId = externalIdOf(value);
    else core[key] = value;
  }
  const attributes = canonicalObject(GROUP_ATTRIBUTES, core, '');
  const displayName = attributes.displayName;
  if (typeof displayName !== 'string' || displayName.trim() === '')
    throw invalidValue('displayName is required (RFC 7643 §4.2)');
  if (displayName.length > 256) throw invalidValue('displayName is too long');
  const members = ((attributes.members as Record<string, unknown>[] | undefined) ?? []).map((member) => {
    if (typeof member.value !== 'string') throw invalidValue('every member needs a value (the user id)');
    return member.value;
  });
  return { displayName, externalId, members: [...new Set(members)] };
}

/** Renames keys to the canonical attribute names, recursively, without checking types (before a PATCH). */
export function canonicalKeys(definitions: readonly AttributeDefinition[], value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalKeys(definitions, item));
  if (!isObject(value)) return value;
  const output: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const definition = findAttribute(definitions, key);
    output[definition?.name ?? key] = definition?.subAttributes
      ? canonicalKeys(definition.subAttributes, inner)
      : inner;
  }
  return output;
}
