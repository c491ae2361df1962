import type { FastifyRequest } from 'fastify';

/**
 * Input no field may hold, refused once for every route on both ports before any handler runs.
 *
 * - U+0000: PostgreSQL refuses it in `text` and `jsonb`, so it would surface as a 500 wherever it reached a query.
 * - Lone UTF-16 surrogates: they have no UTF-8 encoding; `jsonb` refuses their `\u` escape and `text` columns
 *   would silently store U+FFFD instead of what was sent.
 * - Other control characters (C0, DEL, C1): no name, id, URL, email or protocol parameter means them, and line
 *   breaks in a one-line field are how header and log injection start. A field that legitimately holds several
 *   lines says so in its schema with `MULTILINE` (tab, LF and CR are then allowed, nothing else).
 * - Numbers beyond ±(2^53 − 1): JSON numbers lose precision there and no column of ours holds them (a bigint
 *   overflows soon after); validation coerces query text such as `1e23` into such numbers.
 * - Nesting deeper than any request of ours needs: serializing it for `jsonb` would overflow the stack.
 */

/** The schema annotation (an OpenAPI `x-` extension, declared to Ajv as a keyword) for multi-line fields. */
export const MULTILINE_KEYWORD = 'x-multiline';

/** Schema option marking a string field that may hold several lines: `Type.String({ ...MULTILINE })`. */
export const MULTILINE = { [MULTILINE_KEYWORD]: true } as const;

/** Control characters (C0, DEL, C1) and, with the u flag, lone surrogates only (a pair is one code point). */
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const LONE_SURROGATE = /\p{Cs}/u;
const TAB_AND_LINE_BREAKS = /[\t\n\r]/g;
const MAX_DEPTH = 32;

/** Why a string cannot be accepted, or null when it can. */
export function textProblem(value: string, multiline = false): string | null {
  if (!FORBIDDEN.test(multiline ? value.replace(TAB_AND_LINE_BREAKS, '') : value)) return null;
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return multiline
    ? 'must not contain control characters other than tabs and line breaks'
    : 'must be one line, without control characters';
}

/** Whether a string may be used as it is: as an identifier to look up, a value to store or to log. */
export function isAcceptableText(value: string): boolean {
  return textProblem(value) === null;
}

type Schema = Record<string, unknown>;

/** The schema itself and every alternative it offers (TypeBox unions and intersections). */
function alternatives(schema: Schema): Schema[] {
  const found = [schema];
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) found.push(...alternatives(branch as Schema));
  }
  return found;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schemas that may describe a child of a value described by `schemas`. */
function childSchemas(schemas: Schema[], key: string | number): Schema[] {
  const children: Schema[] = [];
  for (const schema of schemas.flatMap(alternatives)) {
    const properties = schema.properties;
    if (typeof key === 'string' && isSchema(properties) && isSchema(properties[key])) {
      children.push(properties[key]);
      continue;
    }
    for (const keyword of ['additionalProperties', 'items']) {
      const child = schema[keyword];
      if (isSchema(child)) children.push(child);
    }
    const patterns = schema.patternProperties;
    if (isSchema(patterns)) children.push(...Object.values(patterns).filter(isSchema));
  }
  return children;
}

function allowsLines(schemas: Schema[]): boolean {
  return schemas.flatMap(alternatives).some((schema) => schema[MULTILINE_KEYWORD] === true);
}

/** A JSON pointer for the error message, with anything unprintable in a key made visible and the length bounded. */
function pointer(path: (string | number)[]): string {
  const text = path
    .map(
      (key) =>
        `/${String(key)
          .replace(/~/g, '~0')
          .replace(/\//g, '~1')
          .replace(/[\p{Cc}\p{Cs}]/gu, '?')}`,
    )
    .join('');
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

interface Finding {
  path: (string | number)[];
  problem: string;
}

/** The first unacceptable string, number, key or nesting level in a request part, walked alongside its schema. */
function findProblem(value: unknown, schemas: Schema[], path: (string | number)[]): Finding | null {
  if (typeof value === 'string') {
    const problem = textProblem(value, allowsLines(schemas));
    return problem ? { path, problem } : null;
  }
  if (typeof value === 'number') {
    return Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? null
      : { path, problem: `must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}` };
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  if (path.length >= MAX_DEPTH)
    return { path, problem: `is nested too deeply (at most ${MAX_DEPTH} levels)` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findProblem(value[index], childSchemas(schemas, index), [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [...path, key], problem: `has a field name that ${keyProblem}` };
    const found = findProblem(inner, childSchemas(schemas, key), [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The request parts that carry client input, named as in route schemas and Fastify's validation errors. */
const PARTS = ['params', 'querystring', 'body'] as const;

function requestValue(request: FastifyRequest, part: (typeof PARTS)[number]): unknown {
  if (part === 'params') return request.params;
  if (part === 'querystring') return request.query;
  return request.body;
}

/**
 * An error shaped like Fastify's own schema validation errors, so the central error handler renders it in each
 * route's vocabulary (RFC 6749 `invalid_request` on OAuth endpoints, `{ error, message }` elsewhere).
 */
function validationError(part: string, finding: Finding): Error {
  const instancePath = pointer(finding.path);
  return Object.assign(new Error(`${part}${instancePath} ${finding.problem}`), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validationContext: part,
    validation: [
      { instancePath, keyword: 'acceptable', message: finding.problem, params: {}, schemaPath: '#' },
    ],
  });
}

/**
 * Whether a value is acceptable under the strictest reading (no control character anywhere, multi-line fields
 * included), found without consulting the schema. Nearly every request is, and this runs on every request of both
 * ports, so the schema-guided walk below runs only for the few that are not.
 */
function plainlyAcceptable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !FORBIDDEN.test(value);
  if (typeof value === 'number') return Math.abs(value) <= Number.MAX_SAFE_INTEGER;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((inner) => plainlyAcceptable(inner, depth + 1));
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (FORBIDDEN.test(key) || !plainlyAcceptable((value as Record<string, unknown>)[key], depth + 1))
      return false;
  }
  return true;
}

/** The check itself: the first problem in the request's path parameters, query string or body, as an error. */
export function unacceptableInput(request: FastifyRequest): Error | null {
  const schema = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  for (const part of PARTS) {
    const value = requestValue(request, part);
    if (plainlyAcceptable(value, 0)) continue;
    const partSchema = schema[part];
    const found = findProblem(value, isSchema(partSchema) ? [partSchema] : [], []);
    if (found) return validationError(part, found);
  }
  return null;
}

/**
 * Registers the check on an app (both ports call this) as a preHandler hook: after schema validation, so it sees
 * values as validation coerced them (query text turned into numbers), and before the handler. A route that handles
 * its own validation failures (`attachValidation`) receives the error as `request.validationError`, like any other
 * (and is left alone when the schema already refused the request).
 */
export function registerAcceptableInputCheck(app: {
  addHook: (
    name: 'preHandler',
    hook: (request: FastifyRequest, reply: unknown, done: (error?: Error) => void) => void,
  ) => unknown;
}): void {
  // Callback style: no promise per request.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.validationError) return done();
    const error = unacceptableInput(request);
    if (!error) return done();
    if (request.routeOptions.attachValidation) {
      request.validationError = error as FastifyRequest['validationError'];
      return done();
    }
    done(error);
  });
}
