/**
 * Hostile request material for the route fuzz test: a seeded random source, hostile strings and values,
 * schema-guided bodies that are valid except where they are meant not to be, and the operations of an OpenAPI
 * document.
 */

/** A small deterministic PRNG (mulberry32), so a failure reproduces from its seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

const ONE_MEGABYTE = 'x'.repeat(1024 * 1024);

/** Strings a database, a protocol or a comparison may choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udc00y',
  'tail\ud83d',
  '\u0007\u001b[2J',
  'line\nbreak',
  'tab\there',
  '\r\n',
  '\u0085\u009f',
  '\u007f',
  '\u202eevil',
  '\u200b\ufeff',
  'аdmin', // Cyrillic а: a confusable
  'ＡＤＭＩＮ',
  'İstanbul',
  'straße',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '😀😀😀',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{{link}}',
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999999',
  '0x10',
  'null',
  '__proto__',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30T25:61:61Z',
  'x'.repeat(5000),
  ONE_MEGABYTE,
];

/**
 * What a database or protocol must never be handed: NUL (PostgreSQL refuses it in text and jsonb), lone UTF-16
 * surrogates (no UTF-8 encoding exists) and control characters.
 */
const TEXT_POISONS: readonly string[] = [
  'x\ud800y',
  'tail\udbff',
  '\udc00',
  'bell\u0007',
  'line\r\nbreak',
  'c1\u0085',
];

/**
 * Whole numbers beyond an integer column and beyond any column (written as text, which validation coerces), and
 * the year 0 (valid ISO 8601, refused by PostgreSQL).
 */
const NUMBER_POISONS: readonly string[] = ['2147483648', '1e23'];
const DATE_POISONS: readonly string[] = ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999Z'];

/** Two poisons fit for a field of this schema: NUL for any text, a number or date out of range where one is expected. */
export function poisonsFor(schema: JsonSchema | undefined, random: Random): string[] {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return [...NUMBER_POISONS];
  if (schema?.format === 'date-time') return ['a\u0000b', random.pick(DATE_POISONS)];
  return ['a\u0000b', random.pick(TEXT_POISONS)];
}

/** The schema of the value at `path` inside a value of `schema`, as far as it can be told. */
export function schemaAt(schema: JsonSchema | undefined, path: ValuePath): JsonSchema | undefined {
  let current = schema;
  for (const key of path) {
    const branches = current?.anyOf ?? current?.oneOf;
    if (branches) current = branches.find((branch) => branch.type !== 'null') ?? branches[0];
    if (!current) return undefined;
    current =
      typeof key === 'number'
        ? current.items
        : (current.properties?.[key] ??
          (typeof current.additionalProperties === 'object' ? current.additionalProperties : undefined));
  }
  const branches = current?.anyOf ?? current?.oneOf;
  return branches ? (branches.find((branch) => branch.type !== 'null') ?? branches[0]) : current;
}

function nested(depth: number, leaf: unknown, asObject: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
}

/** JSON values of the wrong type or shape. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  [],
  {},
  [[[[]]]],
  { $ne: null },
  nested(200, 'deep', false),
  nested(200, '\u0000', true),
  Array.from({ length: 2000 }, (_, index) => `item-${index}`),
];

/** Whole bodies that are broken before any field is read. */
export const HOSTILE_BODIES: readonly { type: string; body: string }[] = [
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { type: 'application/json', body: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
  { type: 'application/json', body: '{"__proto__":{"admin":true}}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"admin":true}}}' },
  { type: 'application/json', body: '"\\u0000"' },
  { type: 'application/json', body: JSON.stringify({ a: ONE_MEGABYTE }) },
  { type: 'application/x-www-form-urlencoded', body: 'grant_type=&grant_type=x&%zz=1&token' },
  { type: 'application/x-www-form-urlencoded', body: `a=${'%ED%A0%80'.repeat(10)}&b=%00` },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<a/>' },
  { type: 'image/png', body: '\u0089PNG\r\n\u001a\n' },
];

/**
 * Percent-encodes for a URL, lone surrogates included: as the bytes a lenient UTF-8 encoder would write (WTF-8),
 * which a strict decoder must refuse. `encodeURIComponent` throws on them instead.
 */
export function percentEncode(value: string): string {
  let encoded = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(value.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(value[index]!);
    }
  }
  return encoded;
}

/** A form body (RFC 6749 §3.2 style) from flat values; arrays repeat the parameter. */
export function formEncode(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return `value=${percentEncode(String(value))}`;
  const pairs: string[] = [];
  for (const [name, inner] of Object.entries(value)) {
    for (const item of Array.isArray(inner) ? inner : [inner]) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      pairs.push(`${percentEncode(name)}=${percentEncode(text)}`);
    }
  }
  return pairs.join('&');
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** Values tried, in order, for a string with a pattern: the first the pattern accepts is used. */
const PATTERN_CANDIDATES = ['fuzz', 'fuzz@example.com', 'fuzz-1', 'fuzz.key', 'Fuzz1', 'a', '1', 'member'];

export interface SampleOptions {
  /** Real ids and names by property or parameter name, so requests reach handlers and not only 404s. */
  hints: Record<string, unknown>;
  /** Include every optional property (to give each one a turn), rather than about half of them. */
  complete?: boolean;
}

/** A value the schema accepts where that is easy to make. */
export function sampleValue(
  schema: JsonSchema | undefined,
  random: Random,
  options: SampleOptions,
  name = '',
): unknown {
  if (!schema) return 'fuzz';
  if (name in options.hints) return options.hints[name];
  if ('const' in schema) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const usable = branches.filter((branch) => branch.type !== 'null');
    return sampleValue(random.pick(usable.length > 0 ? usable : branches), random, options, name);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [property, inner] of Object.entries(schema.properties ?? {})) {
        if (options.complete || schema.required?.includes(property) || random.chance(0.5))
          result[property] = sampleValue(inner, random, options, property);
      }
      return result;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sampleValue(schema.items, random, options, name),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(schema.maximum, 1) : 1);
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return sampleString(schema);
    default:
      return 'fuzz';
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'uri') return 'https://rp.example.com/callback';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (match) return match;
  }
  const length = Math.min(Math.max(schema.minLength ?? 0, 8), schema.maxLength ?? 8);
  return 'fuzzfuzz'.repeat(Math.ceil(length / 8)).slice(0, length);
}

/** A hostile string or (less often) a hostile value of another type. */
export function hostileValue(random: Random): unknown {
  return random.chance(0.75) ? random.pick(HOSTILE_STRINGS) : random.pick(HOSTILE_VALUES);
}

/** Replaces one field (at any depth) of a sample with a hostile value; a non-object is replaced whole. */
export function mutate(value: unknown, random: Random): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || random.chance(0.2)) return [...value, hostileValue(random)];
    const copy = [...value];
    const index = Math.floor(random.next() * copy.length);
    copy[index] = mutate(copy[index], random);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const names = Object.keys(copy);
    if (names.length === 0 || random.chance(0.15)) {
      copy[random.chance(0.5) ? 'unexpected' : random.pick(HOSTILE_STRINGS.slice(0, 12))] =
        hostileValue(random);
      return copy;
    }
    const name = random.pick(names);
    copy[name] = random.chance(0.6) ? hostileValue(random) : mutate(copy[name], random);
    return copy;
  }
  return hostileValue(random);
}

/** Where a value sits inside a JSON value: property names and array indexes. */
export type ValuePath = (string | number)[];

/** Every position in a value (the value itself first), so each can be given a hostile value in turn. */
export function valuePaths(value: unknown, prefix: ValuePath = []): ValuePath[] {
  const paths: ValuePath[] = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...valuePaths(item, [...prefix, index]));
  } else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) paths.push(...valuePaths(inner, [...prefix, name]));
  }
  return paths;
}

/** A copy of `value` with the position at `path` replaced. */
export function replaceAt(value: unknown, path: ValuePath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head as string], rest, replacement) };
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path template, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  /** Media type and schema of the request body, when the operation takes one. */
  body: { type: string; schema: JsonSchema } | null;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of an OpenAPI 3.1 document, in document order. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = Object.entries(operation.requestBody?.content ?? {});
      const [type, media] = content[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: type ? { type, schema: media?.schema ?? {} } : null,
      });
    }
  }
  return operations;
}
